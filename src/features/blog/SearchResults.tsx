// The listing while the visitor searches: results over the whole archive from the site server's
// search endpoint (searchApi.ts), 12 at a time with "Show more results", each page of results kept
// in its own RTK Query cache entry. Imported by the blog page only, so it loads with its chunk.
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { BLOG_PAGE_SIZE } from '../../app/paths';
import { Button } from '../../ui/Button';
import { CardGrid } from '../../ui/Card';
import { BlogGridSkeleton } from '../../ui/Skeleton';
import { space } from '../../ui/theme';
import { LISTING_ERRORS } from './blogApi';
import { LoadError } from './LoadError';
import { PostCard } from './PostCard';
import { useSearchPostsQuery } from './searchApi';
import type { SearchArg } from './searchApi';

/** How long typing pauses before the search runs. */
export const SEARCH_DEBOUNCE_MS = 150;

/** The trimmed search text, once it has stopped changing for `delay` ms ('' at once when cleared). */
export function useSearchTerm(text: string, delay = SEARCH_DEBOUNCE_MS): string {
  const trimmed = text.trim();
  const [settled, setSettled] = useState(trimmed);
  useEffect(() => {
    if (trimmed === settled) return undefined;
    const timer = setTimeout(() => setSettled(trimmed), delay);
    return () => clearTimeout(timer);
  }, [trimmed, settled, delay]);
  return trimmed ? settled : '';
}

const pageArg = (term: string, index: number): SearchArg => ({
  query: term,
  limit: BLOG_PAGE_SIZE,
  skip: index * BLOG_PAGE_SIZE,
});

/** One page of results, as list items of the shared grid. */
function ResultPage({ term, index }: { term: string; index: number }) {
  const { currentData } = useSearchPostsQuery(pageArg(term, index));
  return currentData?.items.map((post) => (
    <li key={post.id}>
      <PostCard post={post} />
    </li>
  ));
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
  const last = useSearchPostsQuery(pageArg(term, pages - 1));
  const total = first.currentData?.total;

  let body: ReactNode;
  if (first.isError && !first.currentData) {
    body = <LoadError error={first.error} fallback={LISTING_ERRORS.search} onRetry={() => void first.refetch()} />;
  } else if (total === undefined) {
    body = <BlogGridSkeleton />;
  } else if (total === 0) {
    body = renderEmpty(term);
  } else {
    const more = last.currentData?.hasNextPage === true;
    body = (
      <>
        <CardGrid css={{ marginTop: space.lg }}>
          {Array.from({ length: pages }, (_, index) => (
            <ResultPage key={index} term={term} index={index} />
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
