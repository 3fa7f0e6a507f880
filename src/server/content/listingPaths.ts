// The URLs of the blog's listing pages for a version of the content: the numbered pages of /blog and
// of every category and tag that has posts (what the sitemap lists and crawlers follow).
import { BLOG_PAGE_SIZE, paths } from '../../shared/paths';
import type { ContentSource } from '../../content/source';

const TAXONOMY_PAGE = 1000;

/** `first` for page 1, then `numbered(n)` for pages 2 … of `count` posts. */
function numberedPages(count: number, first: string, numbered: (page: number) => string): string[] {
  const pages = Math.max(1, Math.ceil(count / BLOG_PAGE_SIZE));
  return [first, ...Array.from({ length: pages - 1 }, (_, index) => numbered(index + 2))];
}

export async function blogListingPaths(source: ContentSource, postCount: number): Promise<string[]> {
  const found = numberedPages(postCount, paths.blog, (page) => paths.blogPage(page));
  const categories = await source.getCategories(TAXONOMY_PAGE);
  for (const category of categories.items) {
    const { total } = await source.getPosts({ category: category.id, limit: 0 });
    if (total > 0) {
      found.push(
        ...numberedPages(total, paths.blogCategory(category.slug), (page) => paths.blogCategory(category.slug, page)),
      );
    }
  }
  const tags = await source.getTags(TAXONOMY_PAGE);
  for (const tag of tags.items) {
    const { total } = await source.getPosts({ tag: tag.id, limit: 0 });
    if (total > 0)
      found.push(...numberedPages(total, paths.blogTag(tag.slug), (page) => paths.blogTag(tag.slug, page)));
  }
  return found;
}
