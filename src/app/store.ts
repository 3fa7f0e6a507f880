import { combineSlices, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import { persistReducer } from 'redux-persist';
import type { PersistPartial } from 'redux-persist/es/persistReducer';
import { blogSlice, contentEntitiesSlice, defaultContentExtra } from '../features/blog';
import { analyticsSlice } from '../features/analytics';
import { connectivitySlice } from '../features/connectivity';
import { consentSlice, consentUiSlice } from '../features/consent';
import { monitoringSlice } from '../features/monitoring';
import { themeSlice } from '../features/theme';
import { contentApi } from './api';
import { siteConfig } from './config';
import type { AppExtra } from './extra';
import type { AppStartListening } from './listenerTypes';
import { registerListeners } from './listeners';
import { makePersistConfig, persistActionTypes } from './persist';

const rootReducer = combineSlices(
  themeSlice,
  connectivitySlice,
  contentApi,
  contentEntitiesSlice,
  blogSlice,
  consentSlice,
  consentUiSlice,
  analyticsSlice,
  monitoringSlice,
);

export type RootState = ReturnType<typeof rootReducer>;

// Typed explicitly: redux-persist's declarations cannot infer the state through combineSlices.
const persistedReducer: Reducer<RootState & PersistPartial> = persistReducer<RootState, UnknownAction>(
  makePersistConfig<RootState>(),
  rootReducer,
);

export interface StoreOptions {
  /** Where content comes from (the environment's source by default). */
  extra?: AppExtra;
}

/** A fresh store for the browser, the prerender and every test. */
export function makeStore(preloadedState?: Partial<RootState>, { extra = defaultContentExtra }: StoreOptions = {}) {
  const listenerMiddleware = createListenerMiddleware();
  const store = configureStore({
    reducer: persistedReducer,
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
    devTools: process.env.NODE_ENV === 'production' ? false : { name: siteConfig.name, trace: true, traceLimit: 25 },
  });
  registerListeners(listenerMiddleware.startListening as AppStartListening);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
