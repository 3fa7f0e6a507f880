// Starts what only a browser runs: the features' listeners that need window and document, then app/started.
import { appStarted } from '../shared/appEvents';
import { logWarning } from '../shared/logger';
import { yieldToBrowser } from '../shared/yieldToBrowser';
import { startListeningOn } from './store';
import type { AppStore } from './store';

const listening = new WeakMap<AppStore, Promise<void>>();

/** Adds the browser features' listeners to a store, once; their code is a chunk of its own, off the first load. */
export function loadBrowserFeatures(store: AppStore): Promise<void> {
  let added = listening.get(store);
  if (!added) {
    added = import(/* webpackChunkName: "browser-features" */ './browserListeners').then(
      ({ addBrowserListeners }) => addBrowserListeners(startListeningOn(store)),
      // A chunk that cannot load (offline, a deploy in between) costs those features, not the app's start.
      (error: unknown) => logWarning('The browser features could not start', error),
    );
    listening.set(store, added);
  }
  return added;
}

/**
 * Dispatches app/started once every listener waiting for it listens, so none misses it. What happens before (the
 * first page's location, a consent choice) is not lost: the page-view listener is the store's from its creation,
 * and the tag applies the saved consent when it starts.
 */
export async function startBrowserFeatures(store: AppStore): Promise<void> {
  await loadBrowserFeatures(store);
  // What app/started sets off (the monitoring session, connectivity, the tag) in a task after the listeners' code.
  await yieldToBrowser();
  store.dispatch(appStarted());
}
