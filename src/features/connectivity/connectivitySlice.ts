import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

export type ConnectivityState = { online: boolean };

// The server always renders "online"; the browser reports the truth after start.
const initialState: ConnectivityState = { online: true };

export const connectivitySlice = createSlice({
  name: 'connectivity',
  initialState,
  reducers: {
    statusChanged(state, action: PayloadAction<{ online: boolean }>) {
      state.online = action.payload.online;
    },
  },
  selectors: {
    selectIsOnline: (state) => state.online,
  },
});

export const { statusChanged: connectivityChanged } = connectivitySlice.actions;
export const { selectIsOnline } = connectivitySlice.selectors;
