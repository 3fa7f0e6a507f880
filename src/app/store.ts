import { combineSlices, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import { persistReducer } from 'redux-persist';
import type { PersistPartial } from 'redux-persist/es/persistReducer';
import { connectivitySlice } from '../features/connectivity';
import { themeSlice } from '../features/theme';
import { contentApi } from './api';
import { siteConfig } from './config';
import type { AppStartListening } from './listenerTypes';
import { registerListeners } from './listeners';
import { makePersistConfig, persistActionTypes } from './persist';

const rootReducer = combineSlices(themeSlice, connectivitySlice, contentApi);

export type RootState = ReturnType<typeof rootReducer>;

// Typed explicitly: redux-persist's declarations cannot infer the state through combineSlices.
const persistedReducer: Reducer<RootState & PersistPartial> = persistReducer<RootState, UnknownAction>(
  makePersistConfig<RootState>(),
  rootReducer,
);

/** A fresh store for the browser, the prerender and every test. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const listenerMiddleware = createListenerMiddleware();
  const store = configureStore({
    reducer: persistedReducer,
    preloadedState: preloadedState as (RootState & PersistPartial) | undefined,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ serializableCheck: { ignoredActions: persistActionTypes } })
        .prepend(listenerMiddleware.middleware)
        .concat(contentApi.middleware),
    devTools: process.env.NODE_ENV === 'production' ? false : { name: siteConfig.name, trace: true, traceLimit: 25 },
  });
  registerListeners(listenerMiddleware.startListening as AppStartListening);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
