// Blog listing: live search over title, excerpt, content, tags and authors, category and tag
// chips that combine with it, all kept in the store and the URL; cards, empty and error states.
import { useId } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { NewsletterForm } from '../forms';
import { siteConfig } from '../../app/config';
import { absoluteUrl } from '../../app/meta';
import type { RouteHandle } from '../../app/meta';
import { paths } from '../../app/paths';
import { Button } from '../../ui/Button';
import { CardGrid } from '../../ui/Card';
import { Container } from '../../ui/Container';
import { BlogGridSkeleton } from '../../ui/Skeleton';
import { fieldStyle } from '../../ui/fieldStyles';
import { colors, fontSizes, radii, space } from '../../ui/theme';
import { LISTING_ERRORS, blogApi, useGetPostsQuery } from './blogApi';
import {
  ALL_CATEGORIES,
  categorySelected,
  filtersReset,
  searchChanged,
  selectSearchQuery,
  selectSelectedCategory,
  selectSelectedTag,
  tagSelected,
} from './blogSlice';
import { selectAllCategories, selectAllTags } from './entities';
import { LoadError } from './LoadError';
import { PostCard } from './PostCard';
import { BLOG_LISTING_QUERY } from './queries';
import { selectAllPosts, selectFilteredPosts } from './selectors';
import { useBlogQuerySync } from './useBlogQuerySync';

export const SEARCH_PLACEHOLDER = 'Search posts, tags and authors';

export const resultCountText = (count: number): string => (count === 1 ? '1 post' : `${count} posts`);

export function emptyStateText(query: string): string {
  const trimmed = query.trim();
  return trimmed ? `No posts match “${trimmed}”.` : 'No posts match these filters.';
}

function Chip({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      css={{
        minHeight: 36,
        padding: `${space.xs} ${space.md}`,
        borderRadius: radii.pill,
        border: `1px solid ${pressed ? colors.primary : colors.border}`,
        background: pressed ? colors.primary : 'transparent',
        color: pressed ? colors.primaryText : colors.text,
        fontSize: fontSizes.sm,
        fontWeight: 600,
        cursor: 'pointer',
      }}
    >
      {children}
    </button>
  );
}

function Filters() {
  const dispatch = useAppDispatch();
  const query = useAppSelector(selectSearchQuery);
  const category = useAppSelector(selectSelectedCategory);
  const tag = useAppSelector(selectSelectedTag);
  const categories = useAppSelector(selectAllCategories);
  const tags = useAppSelector(selectAllTags);
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
          onChange={(event) => dispatch(searchChanged(event.target.value))}
          css={{ ...fieldStyle, width: '100%', maxWidth: 560, minHeight: 48 }}
        />
      </div>
      {categories.length > 0 ? (
        <div role="group" aria-label="Filter by category" css={{ display: 'flex', flexWrap: 'wrap', gap: space.sm }}>
          <Chip pressed={category === ALL_CATEGORIES} onClick={() => dispatch(categorySelected(ALL_CATEGORIES))}>
            All categories
          </Chip>
          {categories.map((item) => (
            <Chip
              key={item.id}
              pressed={category.toLowerCase() === item.slug.toLowerCase()}
              onClick={() => dispatch(categorySelected(item.slug))}
            >
              {item.name}
            </Chip>
          ))}
        </div>
      ) : null}
      {tags.length > 0 ? (
        <div role="group" aria-label="Filter by tag" css={{ display: 'flex', flexWrap: 'wrap', gap: space.sm }}>
          {tags.map((item) => {
            const pressed = tag.toLowerCase() === item.slug.toLowerCase();
            return (
              <Chip key={item.id} pressed={pressed} onClick={() => dispatch(tagSelected(pressed ? '' : item.slug))}>
                #{item.name}
              </Chip>
            );
          })}
        </div>
      ) : null}
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

export function BlogPage() {
  useBlogQuerySync();
  const dispatch = useAppDispatch();
  const { isLoading, error, refetch } = useGetPostsQuery(BLOG_LISTING_QUERY);
  const all = useAppSelector(selectAllPosts);
  const posts = useAppSelector(selectFilteredPosts);
  const query = useAppSelector(selectSearchQuery);
  const filtering = posts.length !== all.length;
  return (
    <Container css={{ paddingBlock: space.xl }}>
      <nav aria-label="Breadcrumb" css={{ fontSize: fontSizes.sm }}>
        <Link to={paths.home}>Home</Link> <span aria-hidden="true">/</span> <span aria-current="page">Blog</span>
      </nav>
      <h1 css={{ fontSize: fontSizes.display, marginTop: space.md }}>Salesforce insights</h1>
      <p css={{ fontSize: fontSizes.lg, color: colors.textMuted, maxWidth: 720 }}>
        Articles from our consultants on Salesforce AI, platform strategy and integration: what worked on real projects,
        and what we would do differently.
      </p>
      <Filters />
      <div css={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', marginTop: space.lg }}>
        <p role="status" aria-live="polite" css={{ margin: 0, color: colors.textMuted }}>
          {isLoading ? '' : resultCountText(posts.length)}
        </p>
        {filtering ? (
          <Link to={paths.blog} onClick={() => dispatch(filtersReset())}>
            See all
          </Link>
        ) : null}
      </div>
      {isLoading ? <BlogGridSkeleton /> : null}
      {error && all.length === 0 ? (
        <LoadError error={error} fallback={LISTING_ERRORS.posts} onRetry={() => void refetch()} />
      ) : null}
      {!isLoading && !error && posts.length === 0 ? (
        <div css={{ marginBlock: space.xl }}>
          <p>{emptyStateText(query)}</p>
          <Button type="button" onClick={() => dispatch(filtersReset())}>
            Reset search and filters
          </Button>
        </div>
      ) : null}
      <CardGrid css={{ marginTop: space.lg }}>
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard post={post} />
          </li>
        ))}
      </CardGrid>
      <NewsletterBlock form={<NewsletterForm />} />
    </Container>
  );
}

export const Component = BlogPage;
export const handle: RouteHandle = {
  meta: () => ({
    title: 'Blog',
    description:
      'Salesforce insights from Meridian Cloud Consulting: AI, platform strategy, integration and practical advice from real implementation projects.',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Blog',
      name: `${siteConfig.name} blog`,
      url: absoluteUrl(paths.blog),
      publisher: { '@type': 'Organization', name: siteConfig.name },
    },
  }),
  prefetch: (_params, dispatch) => {
    void dispatch(blogApi.endpoints.getPosts.initiate(BLOG_LISTING_QUERY));
  },
};
