// Keeps the listing's search text in step between the store and the URL query (?q=), so a search
// can be shared and survives a reload, while Redux DevTools still replays every change from the
// store. Category, tag and page are the path's own (paths.ts); a link of the earlier listing
// (`/blog?category=…` or `?tag=…`) is sent on to its category or tag page.
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { paths } from '../../shared/paths';
import { searchChanged, selectSearchQuery } from './blogSlice';

/** How long typing must pause before the URL follows the search text. */
export const URL_UPDATE_DELAY_MS = 1000;

export const readSearchText = (search: string): string => new URLSearchParams(search).get('q') ?? '';

/** `?q=…`, or '' without a search. */
export const searchQueryString = (q: string): string => (q ? `?${new URLSearchParams({ q }).toString()}` : '');

/** Where a listing URL of the earlier `?category=&tag=` form now lives, or null. */
export function legacyFilterPath(pathname: string, search: string): string | null {
  if (pathname !== paths.blog) return null;
  const params = new URLSearchParams(search);
  const category = params.get('category');
  const tag = params.get('tag');
  const q = searchQueryString(params.get('q') ?? '');
  if (category && category !== 'all') return `${paths.blogCategory(category)}${q}`;
  if (tag) return `${paths.blogTag(tag)}${q}`;
  return null;
}

export function useBlogQuerySync(): void {
  const dispatch = useAppDispatch();
  const { search, pathname, hash } = useLocation();
  const navigate = useNavigate();
  const q = useAppSelector(selectSearchQuery);

  // URL → store: on arrival and on back/forward.
  useEffect(() => {
    const legacy = legacyFilterPath(pathname, search);
    if (legacy) {
      void navigate(legacy, { replace: true });
      return;
    }
    const fromUrl = readSearchText(search);
    if (fromUrl !== q) dispatch(searchChanged(fromUrl));
    // Only a URL change should pull the store; store changes push the URL below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search, pathname, dispatch]);

  // Store → URL: replace, so typing does not flood the history. Not on mount: then the URL leads. Once typing
  // pauses: a navigation renders the whole route again, and that must not stand between a keystroke and its results.
  const mounted = useRef(false);
  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      return undefined;
    }
    const next = searchQueryString(q);
    if (next === searchQueryString(readSearchText(search))) return undefined;
    const timer = setTimeout(() => {
      void navigate({ pathname, search: next, hash }, { replace: true, preventScrollReset: true });
    }, URL_UPDATE_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);
}
