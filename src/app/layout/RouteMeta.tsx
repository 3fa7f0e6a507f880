// Keeps <title>, the description, canonical link and Open Graph tags in step with the route
// after client-side navigation (the prerender writes them for the first load).
import { useEffect } from 'react';
import { shallowEqual } from 'react-redux';
import { useLocation, useMatches } from 'react-router-dom';
import { useAppSelector } from '../hooks';
import { absoluteUrl, documentTitle, isRouteHandle, notFoundMeta } from '../meta';
import type { PageMeta } from '../meta';

export function useRouteMeta(): PageMeta | undefined {
  const matches = useMatches();
  const leaf = [...matches].reverse().find((match) => isRouteHandle(match.handle));
  return useAppSelector(
    (state) => (leaf && isRouteHandle(leaf.handle) ? leaf.handle.meta(leaf.params, state) : undefined),
    shallowEqual,
  );
}

const setMeta = (selector: string, attribute: 'content' | 'href', value: string) => {
  document.head.querySelector(selector)?.setAttribute(attribute, value);
};

export function RouteMeta() {
  const meta = useRouteMeta() ?? notFoundMeta;
  const { pathname } = useLocation();
  useEffect(() => {
    const title = documentTitle(meta);
    const url = absoluteUrl(meta.canonicalPath ?? pathname);
    document.title = title;
    setMeta('meta[name="description"]', 'content', meta.description);
    setMeta('meta[property="og:title"]', 'content', title);
    setMeta('meta[property="og:description"]', 'content', meta.description);
    setMeta('meta[property="og:url"]', 'content', url);
    setMeta('link[rel="canonical"]', 'href', url);
  }, [meta, pathname]);
  return null;
}
