// The home page's Expert Insights: the newest 3 posts as their read returned them, linking to /blog/{slug}.
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../shared/hooks';
import { paths } from '../../shared/paths';
import { CardGrid } from '../../ui/Card';
import { Container } from '../../ui/Container';
import { BlogGridSkeleton } from '../../ui/Skeleton';
import { colors, fontSizes, space } from '../../ui/theme';
import { LISTING_ERRORS, useGetPostTeasersQuery } from './blogApi';
import { LoadError } from './LoadError';
import { PostCard } from './PostCard';
import { HOME_POSTS_QUERY } from './queries';
import { selectCards } from './selectors';
import { belowTheFold } from '../../ui/belowTheFold';

export function ExpertInsights() {
  const { data, isLoading, error, refetch } = useGetPostTeasersQuery(HOME_POSTS_QUERY);
  const posts = useAppSelector((state) => selectCards(state, data?.ids));
  return (
    <section aria-labelledby="insights-heading" css={{ paddingBlock: space.xxl, ...belowTheFold }}>
      <Container>
        <div
          css={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'baseline',
            gap: space.md,
            flexWrap: 'wrap',
          }}
        >
          <h2 id="insights-heading" css={{ fontSize: fontSizes.xxl, margin: 0 }}>
            Expert Insights
          </h2>
          <Link to={paths.blog} css={{ fontWeight: 600 }}>
            Read all articles
          </Link>
        </div>
        <p css={{ color: colors.textMuted, maxWidth: 680 }}>
          Practical lessons from our Salesforce projects, written by the consultants who delivered them.
        </p>
        {isLoading ? <BlogGridSkeleton count={3} /> : null}
        {error && posts.length === 0 ? (
          <LoadError error={error} fallback={LISTING_ERRORS.posts} onRetry={() => void refetch()} />
        ) : null}
        <CardGrid css={{ marginTop: space.lg }}>
          {posts.map((post) => (
            <li key={post.id}>
              <PostCard post={post} headingLevel={3} />
            </li>
          ))}
        </CardGrid>
      </Container>
    </section>
  );
}
