// The listing while the visitor searches: results over the whole archive from the site server's
// search endpoint (searchApi.ts), 12 at a time with "Show more results", each page of results kept
// in its own RTK Query cache entry. Every keystroke searches at once, with no debounce, so results
// are on screen one round trip after it; while they load, the last results shown stay. Imported by
// the blog page only, so it loads with its chunk.
import { useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import type { ReactNode } from 'react';
import { useAppSelector } from '../../shared/hooks';
import { BLOG_PAGE_SIZE } from '../../shared/paths';
import { Button } from '../../ui/Button';
import { CardGrid } from '../../ui/Card';
import { BlogGridSkeleton } from '../../ui/Skeleton';
import { space } from '../../ui/theme';
import { LISTING_ERRORS } from './blogApi';
import { LoadError } from './LoadError';
import type { IdPage } from './normalized';
import { SearchHit } from './SearchHit';
import { searchApi, useSearchPostsQuery } from './searchApi';
import type { SearchArg } from './searchApi';
import { selectCards } from './selectors';

/** The read of results page `index` (from 0) for a search text. */
export const pageArg = (term: string, index: number): SearchArg => ({
  query: term,
  limit: BLOG_PAGE_SIZE,
  skip: index * BLOG_PAGE_SIZE,
});

/**
 * Starts the search for what the visitor just typed from the keystroke's own event, so the request is on its way
 * while React renders the keystroke; the results component then finds it running (or answered) in the cache.
 */
export const searchNow = (text: string) => searchApi.util.prefetch('searchPosts', pageArg(text.trim(), 0), {});

/** A page of results, as list items of the shared grid. */
function ResultCards({ ids }: { ids: readonly string[] | undefined }) {
  const posts = useAppSelector((state) => selectCards(state, ids));
  return posts.map((post) => (
    <li key={post.id}>
      <SearchHit post={post} />
    </li>
  ));
}

/** A later page of results (Show more results), from its own read. */
function MoreResults({ term, index }: { term: string; index: number }) {
  const { currentData } = useSearchPostsQuery(pageArg(term, index));
  return <ResultCards ids={currentData?.ids} />;
}

interface Shown {
  term: string;
  page: IdPage;
}

/**
 * The first page of results to show: this text's, or while it loads, the last one shown (with the
 * text it answered). Only the current text's own cache entry is ever taken, so an earlier
 * keystroke's answer arriving late never replaces it.
 */
function useShownResults(term: string, current: IdPage | undefined): Shown | undefined {
  const [shown, setShown] = useState<Shown | undefined>(current && { term, page: current });
  if (current && shown?.page !== current) {
    // Adjusting state to a new result while rendering, as React documents for derived state.
    const next = { term, page: current };
    setShown(next);
    return next;
  }
  return shown;
}

export interface SearchResultsProps {
  term: string;
  /** The result count line (role="status"), given its text ('' while loading). */
  renderStatus: (text: string) => ReactNode;
  /** What to show when nothing matches (the empty state and its reset). */
  renderEmpty: (term: string) => ReactNode;
  countText: (total: number) => string;
}

export function SearchResults({ term, renderStatus, renderEmpty, countText }: SearchResultsProps) {
  // How many pages of this search are shown; a new search starts again at one.
  const [shown, setShown] = useState({ term, pages: 1 });
  const pages = shown.term === term ? shown.pages : 1;
  const first = useSearchPostsQuery(pageArg(term, 0));
  // The last page shown, for "Show more results"; with one page shown, that is `first`.
  const later = useSearchPostsQuery(pages > 1 ? pageArg(term, pages - 1) : skipToken);
  const last = pages > 1 ? later : first;
  const shownFirst = useShownResults(term, first.currentData);
  const total = shownFirst?.page.total;

  let body: ReactNode;
  if (first.isError && !first.currentData) {
    body = <LoadError error={first.error} fallback={LISTING_ERRORS.search} onRetry={() => void first.refetch()} />;
  } else if (!shownFirst) {
    body = <BlogGridSkeleton />;
  } else if (shownFirst.page.total === 0) {
    body = renderEmpty(shownFirst.term);
  } else {
    const more = last.currentData?.hasNextPage === true;
    body = (
      <>
        <CardGrid css={{ marginTop: space.lg }} aria-busy={!first.currentData}>
          <ResultCards ids={shownFirst.page.ids} />
          {Array.from({ length: pages - 1 }, (_, index) => (
            <MoreResults key={index + 1} term={term} index={index + 1} />
          ))}
        </CardGrid>
        {pages > 1 && last.isError && !last.currentData ? (
          <LoadError error={last.error} fallback={LISTING_ERRORS.search} onRetry={() => void last.refetch()} />
        ) : null}
        {more || (pages > 1 && last.isFetching) ? (
          <div css={{ marginTop: space.lg }}>
            <Button
              type="button"
              variant="secondary"
              aria-busy={last.isFetching}
              onClick={() => {
                if (more) setShown({ term, pages: pages + 1 });
              }}
            >
              Show more results
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <>
      {renderStatus(total === undefined ? '' : countText(total))}
      {body}
    </>
  );
}
