// Blog post. Until the content layer lands there are no posts, so every slug is "not found"
// (the server answers 404 for it too); the blog-screens issue renders real posts here.
import { notFoundMeta } from '../../app/meta';
import type { RouteHandle } from '../../app/meta';
import { NotFound } from '../../site/errors/NotFoundPage';

export function BlogPostPage() {
  return <NotFound />;
}

export const Component = BlogPostPage;
export const handle: RouteHandle = { meta: () => notFoundMeta };
