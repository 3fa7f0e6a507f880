import type { TypedStartListening } from '@reduxjs/toolkit';
import type { AppDispatch, RootState } from '../app/store';

export type AppStartListening = TypedStartListening<RootState, AppDispatch>;
