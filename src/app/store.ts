import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import type { DevToolsEnhancerOptions, Reducer, UnknownAction } from '@reduxjs/toolkit';
import { setAutoFreeze } from 'immer';
import { persistReducer } from 'redux-persist';
import type { PersistPartial } from 'redux-persist/es/persistReducer';
import { defaultContentExtra } from '../features/blog';
import type { BlogUiState, ContentEntitiesState } from '../features/blog';
import type { ConnectivityState } from '../features/connectivity';
import type { MonitoringState } from '../features/monitoring';
import { analyticsSlice } from '../features/analytics';
import { consentSlice, consentUiSlice } from '../features/consent';
import { themeSlice } from '../features/theme';
import { contentApi } from '../shared/api';
import { siteConfig } from '../shared/config';
import { rootReducer } from '../shared/reducer';
import type { AppExtra } from '../shared/extra';
import type { AppStartListening } from '../shared/listenerTypes';
import { registerListeners } from './listeners';
import { makePersistConfig, persistActionTypes } from './persist';

// Immer (inside createSlice) deep-freezes the state every reducer returns, and the first action a slice handles
// walks all of its state that is not frozen yet: the prerendered page's, whole (the home page's posts, say), inside
// whichever task dispatches it. Production builds skip the freezing; development and the tests keep it, so a
// mutation of the state still fails there.
if (process.env.NODE_ENV === 'production') setAutoFreeze(false);

// The content API's cache (a reducer of the RTK Query library) is always there; the blog's entity and
// listing slices, monitoring's and connectivity's are injected by their modules when they load (shared/reducer.ts).
const appReducer = rootReducer.inject(themeSlice).inject(consentSlice).inject(consentUiSlice).inject(analyticsSlice);

/** These slices are there once their code has loaded (or a prerendered page's state brought them). */
interface InjectedState {
  content?: ContentEntitiesState;
  blog?: BlogUiState;
  monitoring?: MonitoringState;
  connectivity?: ConnectivityState;
}

export type RootState = ReturnType<typeof appReducer> & InjectedState;

/** The keys of InjectedState (all of them, or this does not compile): slices a store has once their code has loaded. */
const injectedSlices: Record<keyof InjectedState, true> = {
  content: true,
  blog: true,
  monitoring: true,
  connectivity: true,
};
export const injectedSliceKeys = Object.keys(injectedSlices) as (keyof InjectedState)[];

/**
 * Keeps the state of slices whose code has not loaded yet: a prerendered page's state holds what its
 * HTML shows (the home page's newest posts, say), and combineReducers would drop the keys it does not
 * know at the store's first action, before the slice that reads them is injected.
 */
function keepingUninjectedState(reducer: typeof appReducer): Reducer<RootState> {
  return (state, action) => {
    const next = reducer(state, action);
    if (state === undefined || next === state) return next;
    const before = state as unknown as Record<string, unknown>;
    const kept = Object.keys(before).filter((key) => !(key in next));
    if (kept.length === 0) return next;
    const merged: Record<string, unknown> = { ...next };
    for (const key of kept) merged[key] = before[key];
    // Nothing the known slices hold changed: the same state, so subscribers see no change.
    const keys = Object.keys(merged);
    const same = keys.length === Object.keys(before).length && keys.every((key) => merged[key] === before[key]);
    return same ? state : (merged as unknown as RootState);
  };
}

/**
 * Per store: persistReducer keeps its writer (and the storage's record of what it last wrote) in a
 * closure, so stores built in one process (tests, the prerender) never share them.
 * Typed explicitly: redux-persist's declarations cannot infer the state through combineSlices.
 */
const makePersistedReducer = (): Reducer<RootState & PersistPartial> =>
  persistReducer<RootState, UnknownAction>(makePersistConfig<RootState>(), keepingUninjectedState(appReducer));

/**
 * Redux DevTools (and its time travel): always in development; in a production build only when it was
 * built with REDUX_DEVTOOLS=1 (README), so `npm start` serves visitors a store nobody can replay.
 * Both variables are written out so webpack inlines them in the browser build.
 */
export function devToolsOption(
  env: { NODE_ENV?: string; REDUX_DEVTOOLS?: string } = {
    NODE_ENV: process.env.NODE_ENV,
    REDUX_DEVTOOLS: process.env.REDUX_DEVTOOLS,
  },
): DevToolsEnhancerOptions | false {
  const requested = env.REDUX_DEVTOOLS === '1' || env.REDUX_DEVTOOLS === 'true';
  if (env.NODE_ENV === 'production' && !requested) return false;
  return { name: siteConfig.name, trace: true, traceLimit: 25 };
}

export interface StoreOptions {
  /** Where content comes from (the environment's source by default). */
  extra?: AppExtra;
}

/** Each store's listener middleware, for the listeners whose code loads after the store is made (browserFeatures.ts). */
const laterListeners = new WeakMap<object, AppStartListening>();

export function startListeningOn(store: AppStore): AppStartListening {
  const startListening = laterListeners.get(store);
  if (!startListening) throw new Error('Not a store made by makeStore');
  return startListening;
}

/** A fresh store for the browser, the prerender and every test. */
export function makeStore(preloadedState?: Partial<RootState>, { extra = defaultContentExtra }: StoreOptions = {}) {
  const listenerMiddleware = createListenerMiddleware();
  const store = configureStore({
    reducer: makePersistedReducer(),
    preloadedState: preloadedState as (RootState & PersistPartial) | undefined,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        thunk: { extraArgument: extra },
        serializableCheck: { ignoredActions: persistActionTypes },
      })
        .prepend(listenerMiddleware.middleware)
        .concat(contentApi.middleware),
    // RTK Query's own actions notify subscribers in a batch; by default at the next animation frame, which put up
    // to a frame between a search's answer and its render. A microtask still batches what one answer dispatches.
    enhancers: (getDefaultEnhancers) => getDefaultEnhancers({ autoBatch: { type: 'tick' } }),
    devTools: devToolsOption(),
  });
  const startListening = listenerMiddleware.startListening as AppStartListening;
  registerListeners(startListening);
  laterListeners.set(store, startListening);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
