import { createAction } from '@reduxjs/toolkit';

/** The browser app has mounted: listeners that need window/document start now. */
export const appStarted = createAction('app/started');
