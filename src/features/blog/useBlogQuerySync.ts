// Keeps the listing's search, category and tag in step between the store and the URL query
// (?q=&category=&tag=), so a filtered view can be shared and survives a reload, while Redux
// DevTools still replays every change from the store.
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import {
  ALL_CATEGORIES,
  categorySelected,
  searchChanged,
  selectSearchQuery,
  selectSelectedCategory,
  selectSelectedTag,
  tagSelected,
} from './blogSlice';

export interface ListingQuery {
  q: string;
  category: string;
  tag: string;
}

export const readListingQuery = (search: string): ListingQuery => {
  const params = new URLSearchParams(search);
  return { q: params.get('q') ?? '', category: params.get('category') || ALL_CATEGORIES, tag: params.get('tag') ?? '' };
};

export const listingSearch = ({ q, category, tag }: ListingQuery): string => {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (category && category !== ALL_CATEGORIES) params.set('category', category);
  if (tag) params.set('tag', tag);
  const text = params.toString();
  return text ? `?${text}` : '';
};

export function useBlogQuerySync(): void {
  const dispatch = useAppDispatch();
  const { search, pathname, hash } = useLocation();
  const navigate = useNavigate();
  const q = useAppSelector(selectSearchQuery);
  const category = useAppSelector(selectSelectedCategory);
  const tag = useAppSelector(selectSelectedTag);

  // URL → store: on arrival and on back/forward.
  useEffect(() => {
    const fromUrl = readListingQuery(search);
    if (fromUrl.q !== q) dispatch(searchChanged(fromUrl.q));
    if (fromUrl.category !== category) dispatch(categorySelected(fromUrl.category));
    if (fromUrl.tag !== tag) dispatch(tagSelected(fromUrl.tag));
    // Only a URL change should pull the store; store changes push the URL below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search, dispatch]);

  // Store → URL: replace, so typing does not flood the history. Not on mount: then the URL leads.
  const mounted = useRef(false);
  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    const next = listingSearch({ q, category, tag });
    if (next !== listingSearch(readListingQuery(search))) {
      void navigate({ pathname, search: next, hash }, { replace: true, preventScrollReset: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q, category, tag]);
}
