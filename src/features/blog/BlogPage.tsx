// Blog listing, one component for every page of it (paths.ts): /blog and /blog/page/N, and the
// same for a category (/blog/category/:category) and a tag (/blog/tag/:tag). Each page reads only
// its own 12 cards (teasers, no body text), so its HTML and serialized state stay the same size
// however large the archive grows. Category and tag chips and the numbered pagination are links.
// The search runs over the whole archive on the site server (searchApi.ts); its text lives in the
// store and the URL (?q=, useBlogQuerySync.ts) and its results replace the page's cards.
import { memo, useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import type { RouteHandle } from '../../shared/meta';
import { paths } from '../../shared/paths';
import type { Category, Tag } from '../../content/model';
import { NotFound } from '../../ui/NotFound';
import { Button } from '../../ui/Button';
import { CardGrid } from '../../ui/Card';
import { Container } from '../../ui/Container';
import { BlogGridSkeleton } from '../../ui/Skeleton';
import { fieldStyle } from '../../ui/fieldStyles';
import { colors, fontSizes, radii, space } from '../../ui/theme';
import { NewsletterForm } from '../forms';
import { blogApi, useGetCategoriesQuery, useGetPostTeasersQuery, useGetTagsQuery } from './blogApi';
import { searchChanged, selectSearchQuery } from './blogSlice';
import {
  canonicalListing,
  blogListingOf,
  blogListingPath,
  cardsReadError,
  lastPageOf,
  listingMetaOf,
  listingTitle,
  resolveListing,
  showsTrending,
  termsReadError,
} from './listing';
import type { BlogListing, ListingTerm } from './listing';
import { LoadError } from './LoadError';
import { Pagination } from './Pagination';
import { PostCard } from './PostCard';
import type { IdPage } from './normalized';
import { SearchResults, pageArg, searchNow } from './SearchResults';
import { useSearchPostsQuery } from './searchApi';
import { selectCards } from './selectors';
import { TrendingPosts } from './TrendingPosts';
import { useBlogQuerySync } from './useBlogQuerySync';

export const SEARCH_PLACEHOLDER = 'Search posts, tags and authors';

export const resultCountText = (count: number): string => (count === 1 ? '1 post' : `${count} posts`);

export function emptyStateText(query: string): string {
  const trimmed = query.trim();
  return trimmed ? `No posts match “${trimmed}”.` : 'No posts match these filters.';
}

/**
 * A category or tag chip: a link to its listing. The chip of the listing shown is current:
 * aria-current="page" on the very page it links to, "true" on that listing's later pages.
 */
function Chip({ to, current, children }: { to: string; current: boolean; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Link
      to={to}
      aria-current={current ? (pathname === to ? 'page' : 'true') : undefined}
      css={{
        display: 'inline-flex',
        alignItems: 'center',
        minHeight: 44,
        padding: `${space.xs} ${space.md}`,
        borderRadius: radii.pill,
        border: `1px solid ${current ? colors.primary : colors.border}`,
        background: current ? colors.primary : 'transparent',
        color: current ? colors.primaryText : colors.text,
        fontSize: fontSizes.sm,
        fontWeight: 600,
        textDecoration: 'none',
        '&:hover': { borderColor: colors.primary },
        '&:focus-visible': { outline: `3px solid ${colors.focus}`, outlineOffset: 2 },
      }}
    >
      {children}
    </Link>
  );
}

/** The category and tag links: the same on every keystroke, so rendered only when the listing or the lists change. */
const NONE: readonly never[] = [];

/** The listing shown and the categories and tags its chips link to. */
interface ListingTerms {
  listing: BlogListing;
  categories: readonly Category[];
  tags: readonly Tag[];
}

const Chips = memo(function Chips({ listing, categories, tags }: ListingTerms) {
  const slug = listing.kind === 'all' ? '' : listing.slug.toLowerCase();
  return (
    <>
      {categories.length > 0 ? (
        <div role="group" aria-label="Filter by category" css={{ display: 'flex', flexWrap: 'wrap', gap: space.sm }}>
          <Chip to={paths.blog} current={listing.kind !== 'category' && listing.kind !== 'tag'}>
            All categories
          </Chip>
          {categories.map((item) => (
            <Chip
              key={item.id}
              to={paths.blogCategory(item.slug)}
              current={listing.kind === 'category' && item.slug.toLowerCase() === slug}
            >
              {item.name}
            </Chip>
          ))}
        </div>
      ) : null}
      {tags.length > 0 ? (
        <div role="group" aria-label="Filter by tag" css={{ display: 'flex', flexWrap: 'wrap', gap: space.sm }}>
          {tags.map((item) => (
            <Chip
              key={item.id}
              to={paths.blogTag(item.slug)}
              current={listing.kind === 'tag' && item.slug.toLowerCase() === slug}
            >
              #{item.name}
            </Chip>
          ))}
        </div>
      ) : null}
    </>
  );
});

function Filters({ listing, categories, tags }: ListingTerms) {
  const dispatch = useAppDispatch();
  const query = useAppSelector(selectSearchQuery);
  const searchId = useId();
  return (
    <div css={{ display: 'grid', gap: space.md, marginTop: space.lg }}>
      <div role="search">
        <label htmlFor={searchId} css={{ display: 'block', fontWeight: 600, marginBottom: space.xs }}>
          Search the blog
        </label>
        <input
          id={searchId}
          type="search"
          value={query}
          placeholder={SEARCH_PLACEHOLDER}
          autoComplete="off"
          onChange={(event) => {
            const text = event.target.value;
            dispatch(searchChanged(text));
            if (text.trim()) dispatch(searchNow(text));
          }}
          css={{ ...fieldStyle, width: '100%', maxWidth: 560, minHeight: 48 }}
        />
      </div>
      <Chips listing={listing} categories={categories} tags={tags} />
    </div>
  );
}

/** The newsletter block; its form (and submission) is filled in by the forms feature. */
export function NewsletterBlock({ form }: { form?: ReactNode }) {
  return (
    <section
      aria-labelledby="newsletter-heading"
      css={{
        marginTop: space.xxl,
        padding: space.xl,
        borderRadius: radii.lg,
        background: colors.band,
        color: colors.bandText,
      }}
    >
      <h2 id="newsletter-heading" css={{ fontSize: fontSizes.xl }}>
        Salesforce insights in your inbox
      </h2>
      <p css={{ maxWidth: 620 }}>
        Join 5000+ Salesforce professionals who get our consultants' practical articles once a month: release
        highlights, implementation lessons and AI use cases that paid off.
      </p>
      {form}
    </section>
  );
}

function Breadcrumb({ listing, term }: { listing: BlogListing; term: ListingTerm | null }) {
  const first = listing.kind === 'all' && listing.page === 1;
  return (
    <nav aria-label="Breadcrumb" css={{ fontSize: fontSizes.sm }}>
      <Link to={paths.home}>Home</Link> <span aria-hidden="true">/</span>{' '}
      {first ? (
        <span aria-current="page">Blog</span>
      ) : (
        <>
          <Link to={paths.blog}>Blog</Link> <span aria-hidden="true">/</span>{' '}
          <span aria-current="page">
            {listing.kind === 'all' ? `Page ${listing.page}` : listingTitle(listing, term)}
          </span>
        </>
      )}
    </nav>
  );
}

/** The result count (announced politely) and, on a narrowed view, the way back to every post. */
function ResultBar({ text, narrowed }: { text: string; narrowed: boolean }) {
  return (
    <div css={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', marginTop: space.lg }}>
      <p role="status" aria-live="polite" css={{ margin: 0, color: colors.textMuted }}>
        {text}
      </p>
      {narrowed ? (
        // /blog has no ?q=, so following the link also clears the search (useBlogQuerySync).
        <Link to={paths.blog}>See all</Link>
      ) : null}
    </div>
  );
}

function EmptyState({ query }: { query: string }) {
  const navigate = useNavigate();
  return (
    <div css={{ marginBlock: space.xl }}>
      <p>{emptyStateText(query)}</p>
      {/* To /blog, whose URL has no ?q=: useBlogQuerySync clears the search from it. Clearing the
          store here as well would race the navigation and put the old path back. */}
      <Button type="button" onClick={() => void navigate(paths.blog)}>
        Reset search and filters
      </Button>
    </div>
  );
}

/** What the page shows of its cards' read (the listing holds the subscription). */
interface CardsRead {
  currentData?: IdPage;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/**
 * Whether the search's results replace the page's cards yet: from the first answer (or failure) for the text being
 * typed until the box is cleared. Until then the page's cards stay, marked busy, rather than a skeleton that would
 * flash for one round trip: on a slow phone, putting up a dozen placeholders and taking them down again cost more than
 * the answer itself (bench:blog times it).
 */
function useSearchShown(term: string): boolean {
  const [shown, setShown] = useState(false);
  // Subscribed here until the results show (then SearchResults holds the read), so a search that arrives with the
  // URL (?q=) starts too, not only a typed one.
  const first = useSearchPostsQuery(term && !shown ? pageArg(term, 0) : skipToken);
  const answered = first.currentData !== undefined || first.isError;
  const next = term !== '' && (shown || answered);
  // Adjusting state while rendering, as React documents for state derived from props.
  if (next !== shown) setShown(next);
  return next;
}

/** The page's own cards, their count, the empty and error states, and the pagination. */
function PageResults({
  listing,
  term,
  cards: { currentData, isError, error, refetch },
  searching,
}: {
  listing: BlogListing;
  term: ListingTerm | null;
  cards: CardsRead;
  /** A search is on its way: these cards stay until its results replace them. */
  searching: boolean;
}) {
  const posts = useAppSelector((state) => selectCards(state, currentData?.ids));
  const narrowed = listing.kind !== 'all';
  const canonical = canonicalListing(listing, term);
  return (
    <>
      <ResultBar text={currentData ? resultCountText(currentData.total) : ''} narrowed={narrowed} />
      {!currentData && !isError ? <BlogGridSkeleton /> : null}
      {isError && !currentData ? (
        <LoadError error={error} fallback={cardsReadError(listing)} onRetry={() => void refetch()} />
      ) : null}
      {currentData && currentData.total === 0 ? <EmptyState query="" /> : null}
      <CardGrid css={{ marginTop: space.lg }} aria-busy={searching || undefined}>
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard post={post} />
          </li>
        ))}
      </CardGrid>
      {currentData ? (
        <Pagination
          page={listing.page}
          lastPage={lastPageOf(currentData.total)}
          hrefOf={(page) => blogListingPath({ ...canonical, page })}
        />
      ) : null}
    </>
  );
}

function Listing({ listing }: { listing: BlogListing }) {
  const categories = useGetCategoriesQuery(undefined);
  const tags = useGetTagsQuery(undefined);
  const resolution = resolveListing(listing, categories.data?.items, tags.data?.items);
  // Every keystroke searches at once (no debounce): results are on screen one round trip after it.
  const term = useAppSelector(selectSearchQuery).trim();
  const searchShown = useSearchShown(term);

  // The page's cards, read while a search shows too, so clearing it brings them straight back.
  const cards = useGetPostTeasersQuery(resolution.status === 'found' ? resolution.arg : skipToken);

  // An unknown category or tag, or a page past the last: the 404 page alone (meta says 404 too).
  if (resolution.status === 'unknown') return <NotFound />;
  if (cards.currentData && listing.page > lastPageOf(cards.currentData.total)) return <NotFound />;
  const named = resolution.status === 'found' ? resolution.term : null;
  const taxonomy = listing.kind === 'tag' ? tags : categories;

  let results: ReactNode;
  if (searchShown) {
    results = (
      <SearchResults
        term={term}
        countText={resultCountText}
        renderStatus={(status) => <ResultBar text={status} narrowed />}
        renderEmpty={(searched) => <EmptyState query={searched} />}
      />
    );
  } else if (resolution.status === 'found') {
    results = <PageResults listing={listing} term={named} cards={cards} searching={term !== ''} />;
  } else if (taxonomy.isError) {
    const other = listing.kind === 'tag' ? categories : tags;
    results = (
      <LoadError
        error={taxonomy.error}
        fallback={termsReadError(listing, other.isError)}
        onRetry={() => {
          void taxonomy.refetch();
          if (other.isError) void other.refetch();
        }}
      />
    );
  } else {
    results = (
      <>
        <ResultBar text="" narrowed />
        <BlogGridSkeleton />
      </>
    );
  }

  return (
    <Container css={{ paddingBlock: space.xl }}>
      <Breadcrumb listing={listing} term={named} />
      <h1 css={{ fontSize: fontSizes.display, marginTop: space.md }}>Salesforce insights</h1>
      <p css={{ fontSize: fontSizes.lg, color: colors.textMuted, maxWidth: 720 }}>
        Articles from our consultants on Salesforce AI, platform strategy and integration: what worked on real projects,
        and what we would do differently.
      </p>
      <Filters listing={listing} categories={categories.data?.items ?? NONE} tags={tags.data?.items ?? NONE} />
      {results}
      {showsTrending(listing) ? <Trending /> : null}
      <Newsletter />
    </Container>
  );
}

// The parts of the page a keystroke does not change, kept out of its render.
const Trending = memo(TrendingPosts);
const Newsletter = memo(function Newsletter() {
  return <NewsletterBlock form={<NewsletterForm />} />;
});

/** Keeps ?q= and the store in step; on its own, so a keystroke does not render the page around it. */
function SearchQuerySync() {
  useBlogQuerySync();
  return null;
}

export function BlogPage() {
  const listing = blogListingOf(useParams());
  return (
    <>
      <SearchQuerySync />
      {listing ? <Listing listing={listing} /> : <NotFound />}
    </>
  );
}

export const Component = BlogPage;
export const handle: RouteHandle = {
  meta: listingMetaOf,
  // Everything the page renders, in one prerender: the chips' categories and tags, the trending
  // aside, and the page's cards, which for a category or tag need its id from the list first.
  prefetch:
    process.env.BUILD_TARGET === 'browser'
      ? undefined
      : async (params, dispatch) => {
          const listing = blogListingOf(params);
          if (!listing) return;
          const categories = dispatch(blogApi.endpoints.getCategories.initiate(undefined));
          const tags = dispatch(blogApi.endpoints.getTags.initiate(undefined));
          if (showsTrending(listing)) void dispatch(blogApi.endpoints.getTrendingPosts.initiate(undefined));
          const [categoryList, tagList] =
            listing.kind === 'all' ? [undefined, undefined] : await Promise.all([categories, tags]);
          const resolution = resolveListing(listing, categoryList?.data?.items, tagList?.data?.items);
          if (resolution.status === 'found') void dispatch(blogApi.endpoints.getPostTeasers.initiate(resolution.arg));
        },
};
