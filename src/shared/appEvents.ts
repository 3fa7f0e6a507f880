import { createAction } from '@reduxjs/toolkit';

/** The browser app has mounted: listeners that need window/document start now. */
export const appStarted = createAction('app/started');

/**
 * The window event that opens the cookie settings (docs/requirements.md#cookie-settings-event): the footer's "Cookie settings" link sends it, the
 * consent banner listens for it, and any page may send it too.
 */
export const OPEN_COOKIE_SETTINGS_EVENT = 'openCookieSettings';
