// A blog post: title, authors, date, reading time, category, tags, cover image, table of
// contents, the sanitized body, related posts and a way back. Unknown slugs are the 404 page.
import { Link, useParams } from 'react-router-dom';
import { siteConfig } from '../../shared/config';
import { useAppSelector } from '../../shared/hooks';
import { absoluteUrl, notFoundMeta } from '../../shared/meta';
import type { PageMeta, RouteHandle } from '../../shared/meta';
import { paths } from '../../shared/paths';
import type { PostPage } from '../../content/model';
import { DEFAULTS } from '../../content/model';
import { NotFound } from '../../ui/NotFound';
import { CardGrid } from '../../ui/Card';
import { Container } from '../../ui/Container';
import { Eyebrow } from '../../ui/Eyebrow';
import { Image } from '../../ui/Image';
import { HeroSkeleton } from '../../ui/Skeleton';
import { colors, fontSizes, mq, radii, space } from '../../ui/theme';
import { LISTING_ERRORS, blogApi, useGetPostBySlugQuery, useGetRelatedPostsQuery } from './blogApi';
import { PostBody } from './body/PostBody';
import { formatPostDate } from './format';
import { LoadError } from './LoadError';
import { PostCard } from './PostCard';
import { selectCards, selectPostPage } from './selectors';
import { TableOfContents } from './TableOfContents';

export const COVER = { width: 1200, height: 630 } as const;

function Byline({ post }: { post: PostPage }) {
  const authors = post.authors.length > 0 ? post.authors : [{ id: 'unknown', name: DEFAULTS.unknownAuthorName }];
  return (
    <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space.md, color: colors.textMuted }}>
      <ul aria-label="Authors" css={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', gap: space.md }}>
        {authors.map((author) => (
          <li key={author.id} css={{ display: 'flex', alignItems: 'center', gap: space.sm }}>
            {'avatar' in author && author.avatar ? (
              <Image
                src={author.avatar}
                alt=""
                width={40}
                height={40}
                sizes="40px"
                css={{ width: 40, borderRadius: radii.pill }}
              />
            ) : null}
            <span css={{ color: colors.text, fontWeight: 600 }}>{author.name}</span>
          </li>
        ))}
      </ul>
      <span>
        <time dateTime={post.publishDate}>{formatPostDate(post.publishDate)}</time> · {post.readingTime} min read
      </span>
    </div>
  );
}

/** The posts the source relates to this one (its rule: ContentSource.getRelatedPosts), as it returned them. */
function RelatedPosts({ post }: { post: PostPage }) {
  const { data } = useGetRelatedPostsQuery({ slug: post.slug });
  const related = useAppSelector((state) => selectCards(state, data));
  if (related.length === 0) return null;
  return (
    <section aria-labelledby="related-heading" css={{ marginTop: space.xxl }}>
      <h2 id="related-heading" css={{ fontSize: fontSizes.xl }}>
        Related articles
      </h2>
      <CardGrid>
        {related.map((other) => (
          <li key={other.id}>
            <PostCard post={other} headingLevel={3} />
          </li>
        ))}
      </CardGrid>
    </section>
  );
}

function Article({ post }: { post: PostPage }) {
  return (
    <Container css={{ paddingBlock: space.xl }}>
      <Link to={paths.blog}>← All articles</Link>
      <article css={{ marginTop: space.lg }}>
        <header css={{ maxWidth: 820 }}>
          {post.category ? (
            <Eyebrow>
              <Link to={paths.blogCategory(post.category.slug)} css={{ color: 'inherit' }}>
                {post.category.name}
              </Link>
            </Eyebrow>
          ) : null}
          <h1 css={{ fontSize: fontSizes.xxl, marginTop: space.sm }}>{post.title}</h1>
          <Byline post={post} />
          {post.tags.length > 0 ? (
            <ul
              aria-label="Tags"
              css={{
                listStyle: 'none',
                padding: 0,
                margin: `${space.md} 0 0`,
                display: 'flex',
                flexWrap: 'wrap',
                gap: space.sm,
              }}
            >
              {post.tags.map((tag) => (
                <li key={tag.id}>
                  <Link to={paths.blogTag(tag.slug)} css={{ fontSize: fontSizes.sm }}>
                    #{tag.name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </header>
        {post.coverImage ? (
          <Image
            src={post.coverImage.url}
            alt={post.coverImage.alt}
            width={COVER.width}
            height={COVER.height}
            sizes="(min-width: 1200px) 1152px, 100vw"
            priority
            css={{ marginTop: space.xl, borderRadius: radii.lg }}
          />
        ) : null}
        {/* The contents come first in the page's order (read and tabbed before the body, and shown
            above it on small screens); from lg they sit in a sticky column to the right. */}
        <div
          css={{
            display: 'grid',
            gap: space.xl,
            marginTop: space.xl,
            [mq.lg]: { gridTemplateColumns: 'minmax(0, 1fr) 260px' },
          }}
        >
          {post.tocItems.length > 0 ? (
            <aside css={{ [mq.lg]: { gridColumn: 2, gridRow: 1, position: 'sticky', top: 90, alignSelf: 'start' } }}>
              <TableOfContents items={post.tocItems} />
            </aside>
          ) : null}
          <div css={{ minWidth: 0, maxWidth: 760, [mq.lg]: { gridColumn: 1, gridRow: 1 } }}>
            <PostBody rawContent={post.rawContent} contentFormat={post.contentFormat} bodyHtml={post.bodyHtml} />
          </div>
        </div>
      </article>
      <RelatedPosts post={post} />
    </Container>
  );
}

export function BlogPostPage() {
  const slug = useParams().slug ?? '';
  const { data, isLoading, error, refetch } = useGetPostBySlugQuery(slug);
  const post = useAppSelector((state) => selectPostPage(state, data));
  if (isLoading) {
    return (
      <Container>
        <HeroSkeleton />
      </Container>
    );
  }
  if (error) {
    return (
      <Container css={{ paddingBlock: space.xxl }}>
        <h1 css={{ fontSize: fontSizes.xxl }}>This article could not be loaded</h1>
        <LoadError error={error} fallback={LISTING_ERRORS.post} onRetry={() => void refetch()} />
      </Container>
    );
  }
  if (!post) return <NotFound />;
  return <Article key={post.id} post={post} />;
}

export function postMeta(post: PostPage): PageMeta {
  const url = absoluteUrl(paths.blogPost(post.slug));
  const image = post.coverImage
    ? {
        url: absoluteUrl(post.coverImage.url),
        width: post.coverImage.width,
        height: post.coverImage.height,
        alt: post.coverImage.alt,
      }
    : undefined;
  return {
    title: post.title,
    description: post.excerpt,
    ogType: 'article',
    image,
    article: {
      publishedTime: post.publishDate,
      modifiedTime: post.modifiedDate,
      authors: post.authors.map((author) => author.name),
      section: post.category?.name,
      tags: post.tags.map((tag) => tag.name),
    },
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      description: post.excerpt,
      datePublished: post.publishDate,
      dateModified: post.modifiedDate,
      author: post.authors.map((author) => ({ '@type': 'Person', name: author.name })),
      ...(image ? { image: [image.url] } : {}),
      mainEntityOfPage: url,
      publisher: { '@type': 'Organization', name: siteConfig.name },
    },
  };
}

export const Component = BlogPostPage;
export const handle: RouteHandle = {
  meta: ({ slug = '' }, state) => {
    const result = blogApi.endpoints.getPostBySlug.select(slug)(state);
    const post = selectPostPage(state, result.data);
    if (post) return postMeta(post);
    if (result.isSuccess) return notFoundMeta;
    return { title: 'Blog', description: 'Salesforce insights from Meridian Cloud Consulting.' };
  },
  prefetch:
    process.env.BUILD_TARGET === 'browser'
      ? undefined
      : ({ slug = '' }, dispatch) => {
          void dispatch(blogApi.endpoints.getPostBySlug.initiate(slug));
          void dispatch(blogApi.endpoints.getRelatedPosts.initiate({ slug }));
        },
};
