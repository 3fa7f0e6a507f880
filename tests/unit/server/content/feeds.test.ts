import { JSDOM } from 'jsdom';
import { siteConfig } from '../../../../src/shared/config';
import { absoluteUrl } from '../../../../src/shared/meta';
import { paths } from '../../../../src/shared/paths';
import type { FeedPost } from '../../../../src/server/content/feeds';
import { FEED_PATHS, FEED_TITLE, FEED_TYPES, feedHeadLinks } from '../../../../src/shared/feeds';
import { FEED_SIZE, renderFeeds } from '../../../../src/server/content/feeds';

const { window } = new JSDOM('');
const ATOM = 'http://www.w3.org/2005/Atom';
const DC = 'http://purl.org/dc/elements/1.1/';

/** The document, failing the test unless `xml` is well-formed (namespaces included). */
function parseXml(xml: string): Document {
  const doc = new window.DOMParser().parseFromString(xml, 'application/xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`Not well-formed XML: ${error.textContent}\n${xml}`);
  return doc;
}

/** The text of HTML (what a reader shows for an HTML title or summary). */
const htmlText = (html: string): string => {
  const template = window.document.createElement('template');
  template.innerHTML = html;
  return template.content.textContent;
};

interface JsonFeed {
  version: string;
  title: string;
  home_page_url: string;
  feed_url: string;
  description: string;
  author?: { name: string };
  items: {
    id: string;
    url: string;
    title: string;
    content_html: string;
    summary?: string;
    image?: string;
    date_published: string;
    date_modified: string;
    author?: { name: string };
    tags?: string[];
  }[];
}
const parseJson = (json: string): JsonFeed => JSON.parse(json) as JsonFeed;

const children = (parent: Element, name: string, ns: string | null = null): Element[] =>
  [...parent.children].filter((child) => child.localName === name && child.namespaceURI === ns);
const childText = (parent: Element, name: string, ns: string | null = null): string | undefined =>
  children(parent, name, ns)[0]?.textContent ?? undefined;

function post(overrides: Partial<FeedPost> & { slug: string }): FeedPost {
  return {
    title: `Post ${overrides.slug}`,
    excerpt: `About ${overrides.slug}.`,
    publishDate: '2024-03-01T09:00:00.000Z',
    modifiedDate: '2024-03-01T09:00:00.000Z',
    authors: [{ name: 'Dana Whitfield' }],
    category: { name: 'Technology' },
    tags: [{ name: 'Apex' }],
    coverImage: null,
    ...overrides,
  };
}

/** `count` posts a day apart from 2024-01-01, oldest first. */
const dailyPosts = (count: number): FeedPost[] =>
  Array.from({ length: count }, (_, i) => {
    const date = new Date(Date.UTC(2024, 0, 1 + i, 12)).toISOString();
    return post({ slug: `post-${String(i + 1)}`, publishDate: date, modifiedDate: date });
  });

describe('site facts', () => {
  // server/ may not import app/: the feeds repeat these facts, and this is what keeps them equal.
  it('uses the name, description, locale, origin and post paths of src/app', () => {
    const feeds = renderFeeds([post({ slug: 'hello world/ß' })]);
    const rss = parseXml(feeds.rss);
    const channel = rss.getElementsByTagName('channel')[0] as Element;
    const json = parseJson(feeds.json);

    expect(FEED_TITLE).toBe(`${siteConfig.name} Blog`);
    expect(childText(channel, 'title')).toBe(`${siteConfig.name} Blog`);
    expect(childText(channel, 'description')).toBe(siteConfig.description);
    expect(json.description).toBe(siteConfig.description);
    expect(childText(channel, 'language')).toBe(siteConfig.locale.replace('_', '-'));
    expect(childText(channel, 'link')).toBe(absoluteUrl(paths.blog));
    expect(json.home_page_url).toBe(absoluteUrl(paths.blog));
    expect(json.items[0]?.url).toBe(absoluteUrl(paths.blogPost('hello world/ß')));
  });
});

describe('renderFeeds', () => {
  it('renders the three formats, each linking to itself', () => {
    const feeds = renderFeeds(dailyPosts(2));

    const rss = parseXml(feeds.rss);
    expect(rss.documentElement.localName).toBe('rss');
    expect(rss.documentElement.getAttribute('version')).toBe('2.0');
    const self = rss.getElementsByTagNameNS(ATOM, 'link')[0];
    expect(self?.getAttribute('rel')).toBe('self');
    expect(self?.getAttribute('href')).toBe(absoluteUrl(FEED_PATHS.rss));

    const atom = parseXml(feeds.atom);
    expect(atom.documentElement.namespaceURI).toBe(ATOM);
    expect(childText(atom.documentElement, 'id', ATOM)).toBe(absoluteUrl('/blog'));
    expect(childText(atom.documentElement, 'title', ATOM)).toBe(FEED_TITLE);
    expect(childText(atom.documentElement, 'subtitle', ATOM)).toBe(siteConfig.description);
    const links = children(atom.documentElement, 'link', ATOM).map((link) => [
      link.getAttribute('rel'),
      link.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['alternate', absoluteUrl('/blog')],
      ['self', absoluteUrl(FEED_PATHS.atom)],
    ]);
    // Atom wants an author for every entry; the site's stands in.
    expect(childText(children(atom.documentElement, 'author', ATOM)[0] as Element, 'name', ATOM)).toBe(siteConfig.name);

    const json = parseJson(feeds.json);
    expect(json.version).toBe('https://jsonfeed.org/version/1');
    expect(json.title).toBe(FEED_TITLE);
    expect(json.feed_url).toBe(absoluteUrl(FEED_PATHS.json));
    expect(json.items).toHaveLength(2);
  });

  it('carries the newest FEED_SIZE posts, newest first, whatever the order they come in', () => {
    const posts = dailyPosts(FEED_SIZE + 5);
    const shuffled = [...posts.slice(10), ...posts.slice(0, 10).reverse()];
    const feeds = renderFeeds(shuffled);

    const expected = posts
      .slice(-FEED_SIZE)
      .reverse()
      .map((p) => absoluteUrl(paths.blogPost(p.slug)));
    expect(FEED_SIZE).toBe(20);
    expect(parseJson(feeds.json).items.map((item) => item.id)).toEqual(expected);
    const rssLinks = [...parseXml(feeds.rss).getElementsByTagName('item')].map((item) => childText(item, 'link'));
    expect(rssLinks).toEqual(expected);
    const atomIds = [...parseXml(feeds.atom).getElementsByTagNameNS(ATOM, 'entry')].map((entry) =>
      childText(entry, 'id', ATOM),
    );
    expect(atomIds).toEqual(expected);
  });

  it('gives each entry its stable post URL, its dates, excerpt, authors and categories', () => {
    const feeds = renderFeeds([
      post({
        slug: 'apex-triggers',
        title: 'Apex triggers',
        excerpt: 'One trigger per object.',
        publishDate: '2024-05-02T08:30:00.000Z',
        modifiedDate: '2024-06-10T16:00:00.000Z',
        authors: [{ name: 'Dana Whitfield' }, { name: 'Marcus Hale' }],
        category: { name: 'Development' },
        tags: [{ name: 'Apex' }, { name: 'Testing' }],
      }),
    ]);
    const url = absoluteUrl(paths.blogPost('apex-triggers'));

    const item = parseXml(feeds.rss).getElementsByTagName('item')[0] as Element;
    expect(childText(item, 'title')).toBe('Apex triggers');
    expect(childText(item, 'link')).toBe(url);
    expect(childText(item, 'guid')).toBe(url);
    expect(children(item, 'guid')[0]?.getAttribute('isPermaLink')).toBe('true');
    expect(childText(item, 'pubDate')).toBe('Thu, 02 May 2024 08:30:00 GMT');
    expect(childText(item, 'description')).toBe('One trigger per object.');
    expect(children(item, 'category').map((category) => category.textContent)).toEqual([
      'Development',
      'Apex',
      'Testing',
    ]);
    expect(childText(item, 'creator', DC)).toBe('Dana Whitfield, Marcus Hale');
    // RSS's <author> is an e-mail address: names are not put there.
    expect(children(item, 'author')).toHaveLength(0);

    const entry = parseXml(feeds.atom).getElementsByTagNameNS(ATOM, 'entry')[0] as Element;
    expect(childText(entry, 'id', ATOM)).toBe(url);
    expect(children(entry, 'link', ATOM)[0]?.getAttribute('href')).toBe(url);
    expect(childText(entry, 'published', ATOM)).toBe('2024-05-02T08:30:00.000Z');
    expect(childText(entry, 'updated', ATOM)).toBe('2024-06-10T16:00:00.000Z');
    expect(childText(entry, 'summary', ATOM)).toBe('One trigger per object.');
    expect(children(entry, 'author', ATOM).map((author) => childText(author, 'name', ATOM))).toEqual([
      'Dana Whitfield',
      'Marcus Hale',
    ]);
    expect(children(entry, 'category', ATOM).map((category) => category.getAttribute('term'))).toEqual([
      'Development',
      'Apex',
      'Testing',
    ]);

    const [jsonItem] = parseJson(feeds.json).items;
    expect(jsonItem).toMatchObject({
      id: url,
      url,
      title: 'Apex triggers',
      content_html: 'One trigger per object.',
      summary: 'One trigger per object.',
      date_published: '2024-05-02T08:30:00.000Z',
      date_modified: '2024-06-10T16:00:00.000Z',
      author: { name: 'Dana Whitfield, Marcus Hale' },
      tags: ['Development', 'Apex', 'Testing'],
    });
  });

  it('dates the feed by its newest change, or by options.updated; without posts, by the epoch', () => {
    const posts = [
      post({ slug: 'old', publishDate: '2024-01-01T00:00:00.000Z', modifiedDate: '2024-09-09T09:09:09.000Z' }),
      post({ slug: 'new', publishDate: '2024-05-01T00:00:00.000Z', modifiedDate: '2024-05-01T00:00:00.000Z' }),
    ];
    const updatedOf = (atom: string) => childText(parseXml(atom).documentElement, 'updated', ATOM);
    const lastBuildOf = (rss: string) => parseXml(rss).getElementsByTagName('lastBuildDate')[0]?.textContent;

    const byPosts = renderFeeds(posts);
    expect(updatedOf(byPosts.atom)).toBe('2024-09-09T09:09:09.000Z');
    expect(lastBuildOf(byPosts.rss)).toBe('Mon, 09 Sep 2024 09:09:09 GMT');

    const given = renderFeeds(posts, { updated: new Date('2025-02-03T04:05:06.000Z') });
    expect(updatedOf(given.atom)).toBe('2025-02-03T04:05:06.000Z');
    expect(lastBuildOf(given.rss)).toBe('Mon, 03 Feb 2025 04:05:06 GMT');

    const empty = renderFeeds([]);
    expect(updatedOf(empty.atom)).toBe('1970-01-01T00:00:00.000Z');
    expect(parseXml(empty.rss).getElementsByTagName('item')).toHaveLength(0);
    expect(parseJson(empty.json).items).toEqual([]);
  });

  it('gives the same bytes for the same posts', () => {
    const posts = dailyPosts(3);
    expect(renderFeeds(posts)).toEqual(renderFeeds([...posts]));
  });

  it('leaves out a post without a valid date, and lists a URL once', () => {
    const feeds = renderFeeds([
      post({ slug: 'no-date', publishDate: 'not a date', modifiedDate: '' }),
      post({ slug: 'modified-only', publishDate: 'soon', modifiedDate: '2024-04-04T00:00:00.000Z' }),
      post({ slug: 'twice', publishDate: '2024-02-02T00:00:00.000Z' }),
      post({ slug: 'twice', publishDate: '2024-01-01T00:00:00.000Z', title: 'Older copy' }),
    ]);
    const items = parseJson(feeds.json).items;
    expect(items.map((item) => [item.id, item.title, item.date_published])).toEqual([
      [absoluteUrl('/blog/modified-only'), 'Post modified-only', '2024-04-04T00:00:00.000Z'],
      [absoluteUrl('/blog/twice'), 'Post twice', '2024-02-02T00:00:00.000Z'],
    ]);
  });

  it('writes well-formed XML and JSON from hostile text, and readers show the text as it was', () => {
    const hostile =
      '<script>alert("x")</script> ]]> a & b &amp; ]]> \u0000\u0007\u001b\u0085\uFFFE\uD800 \'q\' \u00e9\u{1F600}';
    const shown = '<script>alert("x")</script> ]]> a & b &amp; ]]> \'q\' \u00e9\u{1F600}';
    const feeds = renderFeeds([
      post({
        slug: 'x]]><y>\u0001&z\uDC00',
        title: `Title ${hostile}`,
        excerpt: `Line one\nline\ttwo ${hostile}`,
        authors: [{ name: `Author ${hostile}` }],
        category: { name: `Cat <b>&"${hostile}` },
        tags: [{ name: `Tag ]]> ${hostile}` }],
      }),
    ]);

    const rss = parseXml(feeds.rss);
    const item = rss.getElementsByTagName('item')[0] as Element;
    expect(htmlText(childText(item, 'title') ?? '')).toBe(`Title ${shown}`);
    expect(htmlText(childText(item, 'description') ?? '')).toBe(`Line one line two ${shown}`);
    expect(childText(item, 'description')).not.toContain('<script');
    expect(childText(item, 'creator', DC)).toContain('Author <script>alert("x")</script> ]]> a & b');
    expect(children(item, 'category').map((category) => category.textContent)).toEqual([
      expect.stringContaining('Cat <b>&"<script>'),
      expect.stringContaining('Tag ]]> <script>'),
    ]);

    const atom = parseXml(feeds.atom);
    const entry = atom.getElementsByTagNameNS(ATOM, 'entry')[0] as Element;
    expect(children(entry, 'title', ATOM)[0]?.getAttribute('type')).toBe('html');
    expect(htmlText(childText(entry, 'title', ATOM) ?? '')).toBe(`Title ${shown}`);
    expect(htmlText(childText(entry, 'summary', ATOM) ?? '')).toBe(`Line one line two ${shown}`);
    expect(childText(children(entry, 'author', ATOM)[0] as Element, 'name', ATOM)).toContain('Author <script>');
    expect(children(entry, 'category', ATOM)[0]?.getAttribute('term')).toContain('Cat \uFF1Cb>&"');

    const json = parseJson(feeds.json);
    const [jsonItem] = json.items;
    expect(jsonItem?.title).toBe(`Title ${shown}`);
    expect(jsonItem?.summary).toBe(`Line one line two ${shown}`);
    expect(jsonItem?.content_html).not.toContain('<script');
    expect(htmlText(jsonItem?.content_html ?? '')).toBe(`Line one line two ${shown}`);

    // The link is the post's URL, percent-encoded, in all three.
    const url = childText(item, 'link') ?? '';
    expect(new URL(url).pathname.startsWith('/blog/x%5D%5D%3E%3Cy%3E')).toBe(true);
    expect(childText(entry, 'id', ATOM)).toBe(url);
    expect(jsonItem?.id).toBe(url);
  });

  it('titles an untitled post', () => {
    const feeds = renderFeeds([post({ slug: 'blank', title: ' \u0000 ' })]);
    expect(parseJson(feeds.json).items[0]?.title).toBe('Untitled');
  });

  describe('cover images', () => {
    const imageOf = (url: string) => {
      const feeds = renderFeeds([post({ slug: 'pic', coverImage: { url } })]);
      const item = parseXml(feeds.rss).getElementsByTagName('item')[0] as Element;
      const entry = parseXml(feeds.atom).getElementsByTagNameNS(ATOM, 'entry')[0] as Element;
      const enclosure = children(item, 'enclosure')[0];
      const atomImage = children(entry, 'link', ATOM).find((link) => link.getAttribute('rel') === 'enclosure');
      return {
        rss: enclosure && [enclosure.getAttribute('url'), enclosure.getAttribute('type')],
        atom: atomImage && [atomImage.getAttribute('href'), atomImage.getAttribute('type')],
        json: parseJson(feeds.json).items[0]?.image,
      };
    };

    it('makes a site image absolute and types it', () => {
      const url = absoluteUrl('/images/blog/pic.png');
      expect(imageOf('/images/blog/pic.png')).toEqual({
        rss: [url, 'image/png'],
        atom: [url, 'image/png'],
        json: url,
      });
    });

    it("gives a protocol-relative (Contentful) image https, and keeps a .jpg out of Atom, which would call it 'image/jpg'", () => {
      const url = 'https://images.ctfassets.net/space/id/token/cover.jpg?w=1200&fm=webp';
      expect(imageOf('//images.ctfassets.net/space/id/token/cover.jpg?w=1200&fm=webp')).toEqual({
        rss: [url, 'image/jpeg'],
        atom: undefined,
        json: url,
      });
    });

    it('keeps an image of unknown type out of RSS and Atom, and drops a URL that is not http(s)', () => {
      expect(imageOf('https://images.example.com/photo')).toEqual({
        rss: undefined,
        atom: undefined,
        json: 'https://images.example.com/photo',
      });
      expect(imageOf('javascript:alert(1)')).toEqual({ rss: undefined, atom: undefined, json: undefined });
      expect(imageOf('https://[not a host/x.png')).toEqual({ rss: undefined, atom: undefined, json: undefined });
    });
  });
});

describe('FEED_TYPES', () => {
  it('are the registered media types, in UTF-8', () => {
    expect(FEED_TYPES).toEqual({
      rss: 'application/rss+xml; charset=utf-8',
      atom: 'application/atom+xml; charset=utf-8',
      json: 'application/feed+json; charset=utf-8',
    });
  });
});

describe('feedHeadLinks', () => {
  it('announces the three feeds with absolute URLs', () => {
    const head = new JSDOM(`<!doctype html><head>${feedHeadLinks().join('')}</head>`).window.document.head;
    const links = [...head.querySelectorAll('link')].map((link) => ({
      rel: link.getAttribute('rel'),
      type: link.getAttribute('type'),
      title: link.getAttribute('title'),
      href: link.getAttribute('href'),
    }));
    expect(links).toEqual([
      {
        rel: 'alternate',
        type: 'application/rss+xml',
        title: `${siteConfig.name} Blog (RSS)`,
        href: absoluteUrl('/blog/rss.xml'),
      },
      {
        rel: 'alternate',
        type: 'application/atom+xml',
        title: `${siteConfig.name} Blog (Atom)`,
        href: absoluteUrl('/blog/atom.xml'),
      },
      {
        rel: 'alternate',
        type: 'application/feed+json',
        title: `${siteConfig.name} Blog (JSON Feed)`,
        href: absoluteUrl('/blog/feed.json'),
      },
    ]);
  });
});
