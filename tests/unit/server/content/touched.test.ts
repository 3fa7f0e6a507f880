// Which live pages a content change touches (src/server/content/touched.ts): only those that show what changed.
import type { CdaEntry } from '../../../../src/content/contentful/cdaTypes';
import { MirrorView } from '../../../../src/content/contentful/mirror';
import type { ContentSource } from '../../../../src/content/source';
import type { ContentUpdate } from '../../../../src/server/content/liveContent';
import { touchedBy } from '../../../../src/server/content/touched';

const link = (id: string) => ({ sys: { type: 'Link', linkType: 'Entry', id } });
const entry = (id: string, contentType: string, fields: Record<string, unknown>): CdaEntry => ({
  sys: { id, type: 'Entry', contentType: { sys: { id: contentType } } },
  fields,
});
const post = (id: string, date: string, category: string, tag: string) =>
  entry(id, 'blogpost', { slug: id, title: id, publishDate: date, category: link(category), tags: [link(tag)] });

const base = [
  entry('cat-one', 'category', { slug: 'one', name: 'One' }),
  entry('cat-two', 'category', { slug: 'two', name: 'Two' }),
  entry('tag-a', 'tag', { slug: 'a', name: 'A' }),
  entry('tag-b', 'tag', { slug: 'b', name: 'B' }),
  entry('author-x', 'author', { name: 'X' }),
  // Category one: six posts, newest first p1…p6; category two: q1, q2.
  ...[1, 2, 3, 4, 5, 6].map((n) => post(`p${n}`, `2024-01-${String(20 - n).padStart(2, '0')}`, 'cat-one', 'tag-a')),
  post('q1', '2024-01-10', 'cat-two', 'tag-b'),
  post('q2', '2024-01-09', 'cat-two', 'tag-b'),
];

const view = (version: number, entries: readonly CdaEntry[]) =>
  new MirrorView(version, new Map(entries.map((item) => [item.sys.id, item])), new Map(), 'en-US');

function update(after: readonly CdaEntry[], changed: readonly string[], types?: Record<string, string>): ContentUpdate {
  const source = {} as ContentSource;
  return {
    before: { version: 1, source, view: view(1, base) },
    after: { version: 2, source, view: view(2, after) },
    delta: {
      initial: false,
      entries: new Set(changed),
      assets: new Set(),
      entryTypes: new Map(changed.map((id) => [id, types?.[id] ?? 'blogpost'])),
    },
  };
}

describe('touchedBy', () => {
  it('a new newest post: its page, every listing page, home, its category and tag, the posts of its category', () => {
    const touched = touchedBy(update([...base, post('new', '2024-02-01', 'cat-one', 'tag-a')], ['new']));
    expect(touched.all).toBe(false);
    for (const path of [
      '/blog/new',
      '/',
      '/blog',
      '/blog/page/7',
      '/blog/category/one',
      '/blog/category/one/page/2',
      '/blog/tag/a',
      '/blog/rss.xml',
      '/blog/atom.xml',
      '/blog/feed.json',
      '/sitemap.xml',
      '/sitemaps/2.xml',
      // Their related lists show the newest of category one, which changed.
      '/blog/p1',
      '/blog/p6',
    ]) {
      expect([path, touched.matches(path)]).toEqual([path, true]);
    }
    for (const path of ['/blog/q1', '/blog/category/two', '/blog/tag/b', '/services', '/blog/categoryless']) {
      expect([path, touched.matches(path)]).toEqual([path, false]);
    }
  });

  it('an edit of an old post touches its own page, not the related lists that do not show it', () => {
    const edited = base.map((item) =>
      item.sys.id === 'p6' ? { ...item, fields: { ...item.fields, title: 'new' } } : item,
    );
    const touched = touchedBy(update(edited, ['p6']));
    expect(touched.matches('/blog/p6')).toBe(true);
    expect(touched.matches('/blog/p1')).toBe(false);
    expect(touched.matches('/blog/category/one')).toBe(true);
  });

  it('an edit of a post among the newest of its category touches every post of that category', () => {
    const edited = base.map((item) =>
      item.sys.id === 'p2' ? { ...item, fields: { ...item.fields, title: 'new' } } : item,
    );
    const touched = touchedBy(update(edited, ['p2']));
    expect(['/blog/p1', '/blog/p5', '/blog/p6'].every(touched.matches)).toBe(true);
    expect(touched.matches('/blog/q1')).toBe(false);
  });

  it('a post moved to another category and renamed touches both categories and both slugs', () => {
    const moved = base.map((item) => (item.sys.id === 'q2' ? post('q2', '2024-01-09', 'cat-one', 'tag-a') : item));
    const renamed = moved.map((item) =>
      item.sys.id === 'q2' ? { ...item, fields: { ...item.fields, slug: 'q2-new' } } : item,
    );
    const touched = touchedBy(update(renamed, ['q2']));
    for (const path of [
      '/blog/q2',
      '/blog/q2-new',
      '/blog/category/one',
      '/blog/category/two',
      '/blog/tag/a',
      '/blog/tag/b',
    ]) {
      expect([path, touched.matches(path)]).toEqual([path, true]);
    }
  });

  it('an unpublished post touches its page and lists; an author, category, tag or asset change touches everything', () => {
    const unpublished = touchedBy(
      update(
        base.filter((item) => item.sys.id !== 'q1'),
        ['q1'],
      ),
    );
    expect(unpublished.matches('/blog/q1')).toBe(true);
    expect(unpublished.matches('/blog/p3')).toBe(false);
    expect(touchedBy(update(base, ['author-x'], { 'author-x': 'author' })).all).toBe(true);
    const asset = update(base, []);
    expect(touchedBy({ ...asset, delta: { ...asset.delta, assets: new Set(['img']) } }).all).toBe(true);
  });
});
