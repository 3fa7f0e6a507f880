// A post as a card: image in a fixed 4:3 slot (1200x900, no layout shift), category, title,
// excerpt, author and date. Used by the listing, related posts and the home page.
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import type { PostTeaser } from '../../content/model';
import { DEFAULTS } from '../../content/model';
import { Card } from '../../ui/Card';
import { Eyebrow } from '../../ui/Eyebrow';
import { Image } from '../../ui/Image';
import { colors, fontSizes, radii, space } from '../../ui/theme';
import { formatPostDate } from './format';

export const CARD_IMAGE = { width: 1200, height: 900 } as const;
const CARD_SIZES = '(min-width: 1024px) 380px, (min-width: 640px) 50vw, 100vw';

export function PostCard({ post, headingLevel = 2 }: { post: PostTeaser; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Card css={{ height: '100%', padding: 0, overflow: 'hidden', position: 'relative' }}>
      <Image
        src={post.coverImage?.url ?? '/images/placeholder.jpg'}
        alt={post.coverImage?.alt ?? ''}
        width={CARD_IMAGE.width}
        height={CARD_IMAGE.height}
        sizes={CARD_SIZES}
        css={{ borderRadius: `${radii.lg} ${radii.lg} 0 0` }}
      />
      <div css={{ display: 'flex', flexDirection: 'column', gap: space.sm, padding: space.lg, flex: 1 }}>
        {post.category ? <Eyebrow size="xs">{post.category.name}</Eyebrow> : null}
        <Heading css={{ fontSize: fontSizes.lg, margin: 0 }}>
          {/* The whole card is clickable through the title link's ::after, one link per card. */}
          <Link
            to={paths.blogPost(post.slug)}
            css={{
              color: colors.text,
              textDecoration: 'none',
              '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: radii.lg },
              '&:hover': { color: colors.primary },
            }}
          >
            {post.title}
          </Link>
        </Heading>
        <p css={{ margin: 0, color: colors.textMuted }}>{post.excerpt}</p>
        <p css={{ margin: 'auto 0 0', fontSize: fontSizes.sm, color: colors.textMuted }}>
          {post.authors[0]?.name ?? DEFAULTS.unknownAuthorName} ·{' '}
          <time dateTime={post.publishDate}>{formatPostDate(post.publishDate)}</time>
        </p>
      </div>
    </Card>
  );
}
