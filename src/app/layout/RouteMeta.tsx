// Keeps <title>, the description, canonical link and Open Graph tags in step with the route
// after client-side navigation (the prerender writes them, and JSON-LD, for the first load).
import { useEffect } from 'react';
import { shallowEqual } from 'react-redux';
import { useLocation, useMatches } from 'react-router-dom';
import { useAppSelector } from '../../shared/hooks';
import { absoluteUrl, documentTitle, isRouteHandle, notFoundMeta } from '../../shared/meta';
import type { PageMeta } from '../../shared/meta';
import type { RootState } from '../store';

/** The head fields the browser keeps current, as strings so the selector result compares by value. */
type HeadFields = Pick<PageMeta, 'title' | 'description'> & { canonicalPath: string | null };

export function useRouteMeta(): HeadFields {
  const matches = useMatches();
  const leaf = [...matches].reverse().find((match) => isRouteHandle(match.handle));
  const metaOf = (state: RootState): PageMeta =>
    leaf && isRouteHandle(leaf.handle) ? leaf.handle.meta(leaf.params, state) : notFoundMeta;
  // One meta computation per store change, compared field by field.
  return useAppSelector((state): HeadFields => {
    const meta = metaOf(state);
    return { title: documentTitle(meta), description: meta.description, canonicalPath: meta.canonicalPath ?? null };
  }, shallowEqual);
}

const setMeta = (selector: string, attribute: 'content' | 'href', value: string) => {
  document.head.querySelector(selector)?.setAttribute(attribute, value);
};

export function RouteMeta() {
  const { title, description, canonicalPath } = useRouteMeta();
  const { pathname } = useLocation();
  useEffect(() => {
    const url = absoluteUrl(canonicalPath ?? pathname);
    document.title = title;
    setMeta('meta[name="description"]', 'content', description);
    setMeta('meta[property="og:title"]', 'content', title);
    setMeta('meta[property="og:description"]', 'content', description);
    setMeta('meta[property="og:url"]', 'content', url);
    setMeta('link[rel="canonical"]', 'href', url);
  }, [title, description, canonicalPath, pathname]);
  return null;
}
