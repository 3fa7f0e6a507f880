// A small "Trending" aside on the listing's pages after /blog's first (the spec's trending posts:
// the latest 5, kept one hour). A failed read comes back empty (blogApi.ts; docs/requirements.md#swallowed-read-errors:
// "errors swallowed, empty results"), so the aside is left out rather than shown with an error.
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../shared/hooks';
import { paths } from '../../shared/paths';
import { colors, fontSizes, radii, space } from '../../ui/theme';
import { useGetTrendingPostsQuery } from './blogApi';
import { formatPostDate } from './format';
import { selectCards } from './selectors';

/** "Trending cached one hour" (docs/requirements.md#trending-cache): neither dropped nor refetched sooner. */
export const TRENDING_CACHE_SECONDS = 3600;

export function TrendingPosts() {
  const { currentData } = useGetTrendingPostsQuery(undefined, { refetchOnMountOrArgChange: TRENDING_CACHE_SECONDS });
  const posts = useAppSelector((state) => selectCards(state, currentData));
  if (posts.length === 0) return null;
  return (
    <aside
      aria-labelledby="trending-heading"
      css={{
        marginTop: space.xxl,
        padding: space.lg,
        border: `1px solid ${colors.border}`,
        borderRadius: radii.lg,
        maxWidth: 720,
      }}
    >
      <h2 id="trending-heading" css={{ fontSize: fontSizes.lg, margin: 0 }}>
        Trending
      </h2>
      <ol css={{ margin: `${space.md} 0 0`, paddingInlineStart: space.lg, display: 'grid', gap: space.sm }}>
        {posts.map((post) => (
          <li key={post.id}>
            <Link
              to={paths.blogPost(post.slug)}
              css={{ display: 'inline-flex', alignItems: 'center', minHeight: 44, fontWeight: 600 }}
            >
              {post.title}
            </Link>{' '}
            <time dateTime={post.publishDate} css={{ color: colors.textMuted, fontSize: fontSizes.sm }}>
              {formatPostDate(post.publishDate)}
            </time>
          </li>
        ))}
      </ol>
    </aside>
  );
}
