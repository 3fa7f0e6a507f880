// A search result as a line of text: title, category, date and excerpt, no image. Results change on every
// keystroke, and on a slow phone a dozen image cards mounting took longer than the 100 ms a result may take to show
// (bench:blog measures it); the text is what the visitor scans a result list for.
import { css } from '@emotion/react';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../shared/paths';
import type { PostTeaser } from '../../content/model';
import { colors, fontSizes, radii, space } from '../../ui/theme';
import { formatPostDate } from './format';
import { cardLinkStyle } from './PostCard';

const styles = {
  hit: css({
    position: 'relative',
    height: '100%',
    padding: space.lg,
    borderRadius: radii.lg,
    border: `1px solid ${colors.border}`,
    background: colors.surfaceRaised,
    display: 'flex',
    flexDirection: 'column',
    gap: space.xs,
  }),
  meta: css({ margin: 0, fontSize: fontSizes.sm, color: colors.textMuted }),
  heading: css({ fontSize: fontSizes.lg, margin: 0 }),
  link: cardLinkStyle,
  excerpt: css({ margin: 0, color: colors.textMuted }),
};

export const SearchHit = memo(function SearchHit({ post }: { post: PostTeaser }) {
  return (
    <article css={styles.hit}>
      <h2 css={styles.heading}>
        <Link to={paths.blogPost(post.slug)} css={styles.link}>
          {post.title}
        </Link>
      </h2>
      <p css={styles.meta}>
        {post.category ? `${post.category.name} · ` : ''}
        <time dateTime={post.publishDate}>{formatPostDate(post.publishDate)}</time>
      </p>
      <p css={styles.excerpt}>{post.excerpt}</p>
    </article>
  );
});
