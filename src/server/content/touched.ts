// Which rendered pages a content change touches (issue #18). A post published, edited, unpublished or
// deleted touches: its own page (old and new slug), every numbered page of /blog (posts shift from
// one page to the next), `/` (the newest posts), its category's and tags' pages (before and after
// the change), the posts whose related list changes (same category, newest first: when the newest
// few of a category change, every post of it shows a different list), the feeds and the sitemap.
// A change to an author, category, tag or asset can show on any blog page, so it touches them all.
import type { CdaEntry } from '../../content/contentful/cdaTypes';
import type { MirrorView } from '../../content/contentful/mirror';
import { CONTENT_TYPES } from '../../content/contentful/cdaTypes';
import { LIMITS } from '../../content/model';
import { paths } from '../../shared/paths';
import { FEED_PATHS } from '../../shared/feeds';
import type { ContentUpdate } from './liveContent';

export interface Touched {
  /** Every live page. */
  all: boolean;
  /** Exact paths. */
  paths: ReadonlySet<string>;
  /** Every path under these (the prefix itself and `prefix/…`). */
  prefixes: readonly string[];
  matches(path: string): boolean;
}

function touched(all: boolean, exact: Set<string>, prefixes: string[]): Touched {
  return {
    all,
    paths: exact,
    prefixes,
    matches: (path) =>
      all || exact.has(path) || prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)),
  };
}

export const everything: Touched = touched(true, new Set(), []);

const linkIds = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).flatMap((item: unknown) => {
    const sys = (item as { sys?: { id?: unknown } } | null)?.sys;
    return typeof sys?.id === 'string' ? [sys.id] : [];
  });

const slugOf = (entry: CdaEntry | undefined): string | undefined =>
  typeof entry?.fields.slug === 'string' ? entry.fields.slug : undefined;

/** The ids of the newest posts of a category, as many as decide every related list (limit + 1). */
function newestOfCategory(view: MirrorView, categoryId: string): string[] {
  const all = view.read({ content_type: CONTENT_TYPES.blogPost, order: '-fields.publishDate', limit: 1e9 });
  const ids: string[] = [];
  for (const item of (all?.items ?? []) as CdaEntry[]) {
    if (linkIds(item.fields.category).includes(categoryId)) ids.push(item.sys.id);
    if (ids.length > LIMITS.related) break;
  }
  return ids;
}

/** The slugs of every post of a category in a version. */
function postSlugsOfCategory(view: MirrorView, categoryId: string): string[] {
  const all = view.read({ content_type: CONTENT_TYPES.blogPost, order: '-fields.publishDate', limit: 1e9 });
  return ((all?.items ?? []) as CdaEntry[]).flatMap((item) =>
    linkIds(item.fields.category).includes(categoryId) ? [slugOf(item) ?? []].flat() : [],
  );
}

export function touchedBy(update: ContentUpdate): Touched {
  const before = update.before.view;
  const after = update.after.view;
  const { delta } = update;
  if (!before || !after || delta.initial || delta.assets.size > 0) return everything;
  if ([...delta.entryTypes.values()].some((type) => type !== CONTENT_TYPES.blogPost)) return everything;

  const exact = new Set<string>([paths.home, ...Object.values(FEED_PATHS), '/sitemap.xml']);
  const prefixes: string[] = ['/blog/page', '/sitemaps'];
  exact.add(paths.blog);
  const categories = new Set<string>();
  for (const id of delta.entries) {
    for (const view of [before, after]) {
      const entry = view.entry(id);
      if (!entry) continue;
      const slug = slugOf(entry);
      if (slug !== undefined) exact.add(paths.blogPost(slug));
      for (const categoryId of linkIds(entry.fields.category)) {
        categories.add(categoryId);
        const categorySlug = slugOf(view.entry(categoryId));
        if (categorySlug !== undefined) prefixes.push(paths.blogCategory(categorySlug));
      }
      for (const tagId of linkIds(entry.fields.tags)) {
        const tagSlug = slugOf(view.entry(tagId));
        if (tagSlug !== undefined) prefixes.push(paths.blogTag(tagSlug));
      }
    }
  }
  // Related lists show the newest few of the category: they change when those change, in order or
  // in what a card shows.
  for (const categoryId of categories) {
    const newestBefore = newestOfCategory(before, categoryId);
    const newestAfter = newestOfCategory(after, categoryId);
    const cardChanged = [...newestBefore, ...newestAfter].some((id) => delta.entries.has(id));
    if (!cardChanged && newestBefore.join() === newestAfter.join()) continue;
    for (const view of [before, after]) {
      for (const slug of postSlugsOfCategory(view, categoryId)) exact.add(paths.blogPost(slug));
    }
  }
  return touched(false, exact, prefixes);
}
