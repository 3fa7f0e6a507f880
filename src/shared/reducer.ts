// The store's root reducer. The shell adds the slices every page needs when the store's module loads;
// a feature whose code loads with some pages only (the blog) injects its slices when its own modules
// load (`slice.injectInto(rootReducer)`), so their code stays out of the first load of pages without
// them. The store's RootState (src/app/store.ts) declares an injected slice's state as optional.
import { combineSlices } from '@reduxjs/toolkit';
import { contentApi } from './api';

export const rootReducer = combineSlices(contentApi);
