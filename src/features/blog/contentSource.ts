// The browser's content source: created on first use from the build-time environment, so the
// source's code (and the contentful SDK, when configured) loads only when content is read.
import type { AppExtra } from '../../shared/extra';
import type { ContentSource } from '../../content/source';

let shared: Promise<ContentSource> | undefined;

// The module that picks the source is itself loaded on first use: it is content code, not the store's.
export const defaultContentExtra: AppExtra = {
  content: () =>
    (shared ??= import(/* webpackChunkName: "content-source" */ '../../content/source').then((module) =>
      module.createContentSource(),
    )),
};

/** A fixed source, for the prerender and tests. */
export const contentExtraFor = (source: ContentSource): AppExtra => ({ content: () => Promise.resolve(source) });
