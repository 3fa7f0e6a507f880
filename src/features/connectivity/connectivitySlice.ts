import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { rootReducer } from '../../shared/reducer';

export type InstallOutcome = 'accepted' | 'dismissed';

export type ConnectivityState = {
  online: boolean;
  /** The browser offered an install prompt we are holding on to (the event itself lives outside the store). */
  installable: boolean;
  /** The site was installed as an app (the prompt is spent). */
  installed: boolean;
  /** The page runs in a standalone app window. */
  standalone: boolean;
  /** What the visitor answered the last install prompt we showed. */
  installOutcome: InstallOutcome | null;
};

// The server always renders "online, not installable": the browser reports the truth after start,
// so the first client render equals the prerendered markup.
const initialState: ConnectivityState = {
  online: true,
  installable: false,
  installed: false,
  standalone: false,
  installOutcome: null,
};

// Injected into the store when this module loads: with the offline banner, the footer's Install button or the
// browser features' listeners, none of which is in the first load. Until then its selectors read the initial state,
// which is what the server renders.
const connectivitySlice = createSlice({
  name: 'connectivity',
  initialState,
  reducers: {
    statusChanged(state, action: PayloadAction<{ online: boolean }>) {
      state.online = action.payload.online;
    },
    installPromptAvailable(state) {
      state.installable = true;
    },
    /** The visitor pressed Install; the listener shows the browser's prompt. */
    installRequested() {},
    installPromptAnswered(state, action: PayloadAction<{ outcome: InstallOutcome }>) {
      // A prompt can be shown once: whatever the answer, the held event is spent.
      state.installable = false;
      state.installOutcome = action.payload.outcome;
    },
    appInstalled(state) {
      state.installed = true;
      state.installable = false;
    },
    displayModeChanged(state, action: PayloadAction<{ standalone: boolean }>) {
      state.standalone = action.payload.standalone;
    },
  },
  selectors: {
    selectConnectivity: (state) => state,
    selectIsOnline: (state) => state.online,
    /** The Install button shows only while a prompt is held and the site does not already run as an app. */
    selectCanInstall: (state) => state.installable && !state.installed && !state.standalone,
    selectIsInstalled: (state) => state.installed,
    selectIsStandalone: (state) => state.standalone,
    selectInstallOutcome: (state) => state.installOutcome,
  },
}).injectInto(rootReducer);

export const {
  statusChanged: connectivityChanged,
  installPromptAvailable,
  installRequested,
  installPromptAnswered,
  appInstalled,
  displayModeChanged,
} = connectivitySlice.actions;
export const {
  selectConnectivity,
  selectIsOnline,
  selectCanInstall,
  selectIsInstalled,
  selectIsStandalone,
  selectInstallOutcome,
} = connectivitySlice.selectors;
