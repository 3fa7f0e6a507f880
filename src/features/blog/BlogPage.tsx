// Blog listing: every post from the store, newest first, filtered by the blog slice. The live
// search box, category/tag filters and newsletter come with the blog-screens issue.
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import type { RouteHandle } from '../../app/meta';
import { paths } from '../../app/paths';
import { Card, CardGrid } from '../../ui/Card';
import { Container } from '../../ui/Container';
import { Eyebrow } from '../../ui/Eyebrow';
import { BlogGridSkeleton } from '../../ui/Skeleton';
import { colors, fontSizes, space } from '../../ui/theme';
import { LISTING_ERRORS, blogApi, useGetPostsQuery } from './blogApi';
import { LoadError } from './LoadError';
import { formatPostDate } from './format';
import { BLOG_LISTING_QUERY } from './queries';
import { selectFilteredPosts } from './selectors';

export function BlogPage() {
  const { isLoading, error, refetch } = useGetPostsQuery(BLOG_LISTING_QUERY);
  const posts = useAppSelector(selectFilteredPosts);
  return (
    <Container css={{ paddingBlock: space.xxl }}>
      <h1 css={{ fontSize: fontSizes.display }}>Salesforce insights</h1>
      <p css={{ fontSize: fontSizes.lg, color: colors.textMuted, maxWidth: 720 }}>
        Articles from our consultants on Salesforce AI, platform strategy and integration: what worked on real projects,
        and what we would do differently.
      </p>
      {isLoading ? <BlogGridSkeleton /> : null}
      {error && posts.length === 0 ? (
        <LoadError error={error} fallback={LISTING_ERRORS.posts} onRetry={() => void refetch()} />
      ) : null}
      <CardGrid css={{ marginTop: space.xl }}>
        {posts.map((post) => (
          <li key={post.id}>
            <Card css={{ height: '100%' }}>
              {post.category ? <Eyebrow size="xs">{post.category.name}</Eyebrow> : null}
              <h2 css={{ fontSize: fontSizes.lg, margin: 0 }}>
                <Link to={paths.blogPost(post.slug)} css={{ color: colors.text, textDecoration: 'none' }}>
                  {post.title}
                </Link>
              </h2>
              <p css={{ margin: 0, color: colors.textMuted }}>{post.excerpt}</p>
              <p css={{ margin: 0, fontSize: fontSizes.sm, color: colors.textMuted }}>
                {post.authors[0]?.name ?? 'Unknown Author'} ·{' '}
                <time dateTime={post.publishDate}>{formatPostDate(post.publishDate)}</time>
              </p>
            </Card>
          </li>
        ))}
      </CardGrid>
    </Container>
  );
}

export const Component = BlogPage;
export const handle: RouteHandle = {
  meta: () => ({
    title: 'Blog',
    description:
      'Salesforce insights from Meridian Cloud Consulting: AI, platform strategy, integration and practical advice from real implementation projects.',
  }),
  prefetch: (_params, dispatch) => {
    void dispatch(blogApi.endpoints.getPosts.initiate(BLOG_LISTING_QUERY));
  },
};
