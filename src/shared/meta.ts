// Per-route document metadata. Page modules export `handle = { meta }`; the prerender writes it
// into <head> and the browser updates it on client-side navigation.
import type { Params } from 'react-router-dom';
import type { AppDispatch, RootState } from '../app/store';
import { siteConfig } from './config';

export type PageMeta = {
  /** Page title without the site name. */
  title: string;
  description: string;
  /** Canonical path when this URL is an alias of another (defaults to the URL's own path). */
  canonicalPath?: string;
  /** Internal and not-found pages are kept out of search engines and the sitemap. */
  noindex?: boolean;
  ogType?: 'website' | 'article';
  /** Open Graph image (absolute URL). */
  image?: { url: string; width?: number; height?: number; alt?: string };
  /** Open Graph article fields. */
  article?: { publishedTime: string; modifiedTime: string; authors: string[]; section?: string; tags: string[] };
  /** Structured data written as <script type="application/ld+json"> (a data block, not executed). */
  jsonLd?: Record<string, unknown>;
};

/** A page's metadata from its URL parameters and, for content pages, the store. */
export type MetaFn = (params: Params, state: RootState) => PageMeta;

export type RouteHandle = {
  meta: MetaFn;
  /**
   * Starts the reads this page renders from; the prerender awaits them, so the page is real HTML
   * and its data ships in the serialized state. A page whose reads depend on an earlier one (the
   * category id a listing filters by, say) returns a promise that settles once it has started them
   * all; the prerender awaits it before waiting for the reads. Only the server calls it: a page sets it under
   * `process.env.BUILD_TARGET !== 'browser'`, so the browser's chunks leave it out.
   */
  prefetch?: (params: Params, dispatch: AppDispatch) => Promise<void> | void;
  /**
   * Loads the code the page renders inside its own Suspense boundaries (ui/lazyWithPreload), which
   * the prerender awaits so those parts are rendered in place rather than suspended.
   */
  preload?: () => Promise<unknown>;
};

export const isRouteHandle = (handle: unknown): handle is RouteHandle =>
  typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).meta === 'function';

export const documentTitle = (meta: PageMeta): string =>
  meta.title === siteConfig.name ? meta.title : `${meta.title} | ${siteConfig.name}`;

export const absoluteUrl = (path: string): string => new URL(path, siteConfig.url).toString();

export const notFoundMeta: PageMeta = {
  title: 'Page Not Found',
  description: "The page you're looking for doesn't exist.",
  noindex: true,
};
