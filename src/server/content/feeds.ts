// The blog's feeds (RSS 2.0, Atom 1.0, JSON Feed 1.0) from its newest posts, with the `feed` package. Pure: the caller
// reads the posts and serves the strings.
//
// What `feed` 6.0.0 leaves to its caller, and is therefore done here before any text reaches it:
// - it writes titles and summaries as CDATA and escapes only the first `]]>` of each, and Atom declares both
//   type="html", while JSON Feed's content_html is HTML too: titles (in RSS and Atom) and excerpts are plain text here,
//   so they go in HTML-escaped, which also leaves no `]]>` in any CDATA section;
// - it escapes `&` but not `<` in attribute values (Atom's category term): `<` becomes U+FF1C there;
// - it writes characters XML 1.0 does not allow (C0 controls, lone surrogates, U+FFFE/U+FFFF) as they are: every
//   text is cleaned of control characters and those first;
// - it throws on a URL it cannot parse and guesses an image's type from its file extension ('image/jpg',
//   'image/svg'): images are made absolute here, and typed from a known extension or left out of RSS and Atom;
// - Date#toISOString throws on an invalid date: a post without a valid date is left out.
import { Feed } from 'feed';
import type { Author as FeedAuthor, Category as FeedCategory, FeedOptions, Item } from 'feed';
import { withProtocol } from '../../content/images';
import type { Author, Category, Image, PostTeaser, Tag } from '../../content/model';
import { DEFAULTS } from '../../content/model';
import { escapeHtml } from '../html';
import { withoutControlCharacters } from '../text';
import { siteConfig } from '../../shared/config';
import { FEED_TITLE, feedUrls } from '../../shared/feeds';
import { absoluteUrl } from '../../shared/meta';
import { paths } from '../../shared/paths';

const site = siteConfig;
const blogPostPath = paths.blogPost;

/** How many posts each feed carries: the newest. */
export const FEED_SIZE = 20;

/** What a feed reads of a post; a PostTeaser (or a whole post) is one. */
export interface FeedPost {
  title: PostTeaser['title'];
  slug: PostTeaser['slug'];
  /** Plain text. */
  excerpt: PostTeaser['excerpt'];
  /** ISO 8601. */
  publishDate: PostTeaser['publishDate'];
  /** ISO 8601. */
  modifiedDate: PostTeaser['modifiedDate'];
  authors: readonly Pick<Author, 'name'>[];
  category: Pick<Category, 'name'> | null;
  tags: readonly Pick<Tag, 'name'>[];
  coverImage: Pick<Image, 'url'> | null;
}

export interface RenderedFeeds {
  rss: string;
  atom: string;
  json: string;
}

export interface RenderFeedsOptions {
  /** The feeds' own date (RSS lastBuildDate, Atom updated); defaults to the latest date of the posts they carry. */
  updated?: Date;
}

/** A post as the three feeds share it, every text cleaned and every URL absolute. */
interface Entry {
  url: string;
  /** Plain text. */
  title: string;
  /** Plain text. */
  excerpt: string;
  published: Date;
  /** The modified date, never before `published`. */
  updated: Date;
  authors: string[];
  categories: string[];
  image: { url: string; type: string | undefined; atom: boolean } | undefined;
}

// Characters XML 1.0 does not allow that \p{Cc} does not cover: lone surrogates and the noncharacters U+FFFE/U+FFFF.
const NOT_XML_CHARACTER = /[\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A one-line text any of the three formats can carry: line breaks and tabs are spaces, other controls are dropped. */
function cleanText(value: string): string {
  return withoutControlCharacters(value.replace(/[\t\n\r]+/g, ' '))
    .replace(NOT_XML_CHARACTER, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** `feed` escapes `&` in attributes but not `<`, which XML forbids there. */
const attributeText = (value: string): string => value.replace(/</g, '\uFF1C');

function validDate(value: string): Date | undefined {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

// Types by extension. Atom's link type is always `image/<extension>` in `feed`, right only for these:
const IMAGE_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
};
const ATOM_IMAGE_EXTENSIONS: ReadonlySet<string> = new Set(['jpeg', 'png', 'gif', 'webp', 'avif']);

function coverImage(image: FeedPost['coverImage']): Entry['image'] {
  if (!image?.url) return undefined;
  let url: URL;
  try {
    url = new URL(withProtocol(image.url), site.url);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  // As `feed` reads it: the text after the path's last dot.
  const extension = url.pathname.split('.').slice(-1)[0] ?? '';
  return {
    url: url.toString(),
    type: IMAGE_TYPES[extension.toLowerCase()],
    atom: ATOM_IMAGE_EXTENSIONS.has(extension),
  };
}

const uniqueNonEmpty = (values: Iterable<string>): string[] => [...new Set(values)].filter((value) => value !== '');

function toEntry(post: FeedPost): Entry | undefined {
  const published = validDate(post.publishDate) ?? validDate(post.modifiedDate);
  if (published === undefined) return undefined;
  const modified = validDate(post.modifiedDate);
  const updated = modified !== undefined && modified > published ? modified : published;
  // encodeURIComponent throws on a lone surrogate; as the UTF-8 encoding would, it becomes U+FFFD.
  const slug = post.slug.replace(NOT_XML_CHARACTER, '\uFFFD');
  return {
    url: absoluteUrl(blogPostPath(slug)),
    title: cleanText(post.title) || DEFAULTS.postTitle,
    excerpt: cleanText(post.excerpt),
    published,
    updated,
    authors: uniqueNonEmpty(post.authors.map((author) => cleanText(author.name))),
    categories: uniqueNonEmpty(
      [...(post.category ? [post.category] : []), ...post.tags].map((category) => cleanText(category.name)),
    ),
    image: coverImage(post.coverImage),
  };
}

/** The newest FEED_SIZE posts with a valid date, newest first, one entry per URL. */
function newestEntries(posts: readonly FeedPost[]): Entry[] {
  const entries = posts.map(toEntry).filter((entry) => entry !== undefined);
  // Array#sort is stable: posts published at the same moment keep the caller's order.
  entries.sort((a, b) => b.published.getTime() - a.published.getTime());
  const seen = new Set<string>();
  const newest: Entry[] = [];
  for (const entry of entries) {
    if (newest.length === FEED_SIZE) break;
    if (seen.has(entry.url)) continue;
    seen.add(entry.url);
    newest.push(entry);
  }
  return newest;
}

function feedOptions(updated: Date): FeedOptions {
  const blogUrl = absoluteUrl(paths.blog);
  return {
    id: blogUrl,
    link: blogUrl,
    title: FEED_TITLE,
    description: site.description,
    // 'en_US' is a POSIX locale; RSS wants a language tag.
    language: site.locale.replace('_', '-'),
    updated,
    generator: false,
    feedLinks: feedUrls(),
    // Atom needs an author for every entry: the site stands in for a post without one.
    author: { name: site.name, link: absoluteUrl('/') },
  };
}

const DUBLIN_CORE = 'http://purl.org/dc/elements/1.1/';

function rssItem(entry: Entry): Item {
  return {
    // RSS readers mostly read titles as HTML, as Atom's type="html" says outright.
    title: escapeHtml(entry.title),
    link: entry.url,
    date: entry.updated,
    published: entry.published,
    description: escapeHtml(entry.excerpt),
    category: entry.categories.map((name): FeedCategory => ({ name })),
    // RSS's <author> is an e-mail address; names go in dc:creator, its namespace declared on the element itself
    // (`feed` declares xmlns:dc on <rss> only for content:encoded).
    ...(entry.authors.length > 0 && {
      extensions: [
        { name: 'dc:creator', objects: { _attributes: { 'xmlns:dc': DUBLIN_CORE }, _text: entry.authors.join(', ') } },
      ],
    }),
    ...(entry.image?.type !== undefined && { image: { url: entry.image.url, type: entry.image.type } }),
  };
}

function atomItem(entry: Entry): Item {
  return {
    title: escapeHtml(entry.title),
    id: entry.url,
    link: entry.url,
    date: entry.updated,
    published: entry.published,
    description: escapeHtml(entry.excerpt),
    category: entry.categories.map((name): FeedCategory => ({ term: attributeText(name) })),
    ...(entry.authors.length > 0 && { author: entry.authors.map((name): FeedAuthor => ({ name })) }),
    ...(entry.image?.atom === true && { image: entry.image.url }),
  };
}

function jsonItem(entry: Entry): Item {
  return {
    title: entry.title,
    id: entry.url,
    link: entry.url,
    date: entry.updated,
    published: entry.published,
    // content_html from `content`, summary (plain text) from `description`.
    content: escapeHtml(entry.excerpt),
    description: entry.excerpt,
    category: entry.categories.map((name): FeedCategory => ({ name })),
    // JSON Feed 1.0 has one author per item.
    ...(entry.authors.length > 0 && { author: [{ name: entry.authors.join(', ') }] }),
    ...(entry.image !== undefined && { image: entry.image.url }),
  };
}

function render(options: FeedOptions, entries: readonly Entry[], item: (entry: Entry) => Item): Feed {
  const feed = new Feed(options);
  for (const entry of entries) feed.addItem(item(entry));
  return feed;
}

/**
 * The three feeds of the blog's newest FEED_SIZE posts (any order in, newest first out). Without posts and without
 * `options.updated` the feeds' date is the epoch, so the same posts always give the same bytes.
 */
export function renderFeeds(posts: readonly FeedPost[], options: RenderFeedsOptions = {}): RenderedFeeds {
  const entries = newestEntries(posts);
  const latest = entries.reduce((time, entry) => Math.max(time, entry.updated.getTime()), 0);
  const base = feedOptions(options.updated ?? new Date(latest));
  return {
    rss: render(base, entries, rssItem).rss2(),
    atom: render(base, entries, atomItem).atom1(),
    json: render(base, entries, jsonItem).json1(),
  };
}
