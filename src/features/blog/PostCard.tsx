// A post as a card: image in a fixed 4:3 slot (1200x900, no layout shift), category, title,
// excerpt, author and date. Used by the listing, related posts and the home page.
import { css } from '@emotion/react';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../shared/paths';
import type { PostTeaser } from '../../content/model';
import { DEFAULTS } from '../../content/model';
import { Card } from '../../ui/Card';
import { Eyebrow } from '../../ui/Eyebrow';
import { Image } from '../../ui/Image';
import { colors, fontSizes, radii, space } from '../../ui/theme';
import { formatPostDate } from './format';

export const CARD_IMAGE = { width: 1200, height: 900 } as const;
const CARD_SIZES = '(min-width: 1024px) 380px, (min-width: 640px) 50vw, 100vw';

/** The title link that makes a whole card (a positioned box) clickable through its ::after. */
export const cardLinkStyle = css({
  color: colors.text,
  textDecoration: 'none',
  '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: radii.lg },
  '&:hover': { color: colors.primary },
});

// Serialized once, not on every render of every card.
const styles = {
  card: css({ height: '100%', padding: 0, overflow: 'hidden', position: 'relative' }),
  image: css({ borderRadius: `${radii.lg} ${radii.lg} 0 0` }),
  body: css({ display: 'flex', flexDirection: 'column', gap: space.sm, padding: space.lg, flex: 1 }),
  heading: css({ fontSize: fontSizes.lg, margin: 0 }),
  link: cardLinkStyle,
  excerpt: css({ margin: 0, color: colors.textMuted }),
  byline: css({ margin: 'auto 0 0', fontSize: fontSizes.sm, color: colors.textMuted }),
};

interface PostCardProps {
  post: PostTeaser;
  headingLevel?: 2 | 3;
}

/** What a card shows of its post: the same values mean the same card, whichever read the post came from. */
const sameCard = (a: PostCardProps, b: PostCardProps): boolean =>
  a.headingLevel === b.headingLevel &&
  (a.post === b.post ||
    (a.post.id === b.post.id &&
      a.post.slug === b.post.slug &&
      a.post.title === b.post.title &&
      a.post.excerpt === b.post.excerpt &&
      a.post.publishDate === b.post.publishDate &&
      a.post.coverImage?.url === b.post.coverImage?.url &&
      a.post.coverImage?.alt === b.post.coverImage?.alt &&
      a.post.category?.name === b.post.category?.name &&
      a.post.authors[0]?.name === b.post.authors[0]?.name));

/**
 * Memoized on what it shows: while the visitor types, most results stay the same posts, and on a slow phone each
 * card rendered again costs a keystroke's worth of time.
 */
export const PostCard = memo(function PostCard({ post, headingLevel = 2 }: PostCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Card css={styles.card}>
      <Image
        src={post.coverImage?.url ?? '/images/placeholder.jpg'}
        alt={post.coverImage?.alt ?? ''}
        width={CARD_IMAGE.width}
        height={CARD_IMAGE.height}
        sizes={CARD_SIZES}
        css={styles.image}
      />
      <div css={styles.body}>
        {post.category ? <Eyebrow size="xs">{post.category.name}</Eyebrow> : null}
        <Heading css={styles.heading}>
          {/* The whole card is clickable through the title link's ::after, one link per card. */}
          <Link to={paths.blogPost(post.slug)} css={styles.link}>
            {post.title}
          </Link>
        </Heading>
        <p css={styles.excerpt}>{post.excerpt}</p>
        <p css={styles.byline}>
          {post.authors[0]?.name ?? DEFAULTS.unknownAuthorName} ·{' '}
          <time dateTime={post.publishDate}>{formatPostDate(post.publishDate)}</time>
        </p>
      </div>
    </Card>
  );
}, sameCard);
