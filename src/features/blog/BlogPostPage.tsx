// A blog post from the store. Its body is shown as escaped plain-text paragraphs until the
// blog-screens issue adds the sanitized rich-text, markdown and HTML renderers and the TOC.
import { Link, useParams } from 'react-router-dom';
import { notFoundMeta } from '../../app/meta';
import type { RouteHandle } from '../../app/meta';
import { paths } from '../../app/paths';
import { NotFound } from '../../site/errors/NotFoundPage';
import { Container } from '../../ui/Container';
import { Eyebrow } from '../../ui/Eyebrow';
import { HeroSkeleton } from '../../ui/Skeleton';
import { colors, fontSizes, space } from '../../ui/theme';
import { LISTING_ERRORS, blogApi, useGetPostBySlugQuery } from './blogApi';
import { LoadError } from './LoadError';
import { formatPostDate } from './format';

export function BlogPostPage() {
  const slug = useParams().slug ?? '';
  const { data: post, isLoading, error, refetch } = useGetPostBySlugQuery(slug);
  if (isLoading)
    return (
      <Container>
        <HeroSkeleton />
      </Container>
    );
  if (error) {
    return (
      <Container css={{ paddingBlock: space.xxl }}>
        <h1 css={{ fontSize: fontSizes.xxl }}>This article could not be loaded</h1>
        <LoadError error={error} fallback={LISTING_ERRORS.post} onRetry={() => void refetch()} />
      </Container>
    );
  }
  if (!post) return <NotFound />;
  return (
    <Container as="article" css={{ paddingBlock: space.xxl, maxWidth: 820 }}>
      <Link to={paths.blog}>← All articles</Link>
      {post.category ? <Eyebrow css={{ marginTop: space.lg }}>{post.category.name}</Eyebrow> : null}
      <h1 css={{ fontSize: fontSizes.xxl }}>{post.title}</h1>
      <p css={{ color: colors.textMuted }}>
        {post.authors.map((author) => author.name).join(', ') || 'Unknown Author'} ·{' '}
        <time dateTime={post.publishDate}>{formatPostDate(post.publishDate)}</time> · {post.readingTime} min read
      </p>
      {post.content.split('\n').map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </Container>
  );
}

export const Component = BlogPostPage;
export const handle: RouteHandle = {
  meta: ({ slug = '' }, state) => {
    const result = blogApi.endpoints.getPostBySlug.select(slug)(state);
    if (result.data) return { title: result.data.title, description: result.data.excerpt, ogType: 'article' };
    if (result.isSuccess) return notFoundMeta;
    return { title: 'Blog', description: 'Salesforce insights from Meridian Cloud Consulting.' };
  },
  prefetch: ({ slug = '' }, dispatch) => {
    void dispatch(blogApi.endpoints.getPostBySlug.initiate(slug));
  },
};
