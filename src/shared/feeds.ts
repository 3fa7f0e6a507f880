// The blog's feeds as every page announces them (`<link rel="alternate">` in `<head>`); the server renders them
// (src/server/content/feeds.ts) at these stable URLs.
import { siteConfig } from './config';
import { absoluteUrl } from './meta';

export const FEED_PATHS = { rss: '/blog/rss.xml', atom: '/blog/atom.xml', json: '/blog/feed.json' } as const;

export type FeedFormat = keyof typeof FEED_PATHS;

/** Content-Type of each feed's response. */
export const FEED_TYPES = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
  json: 'application/feed+json; charset=utf-8',
} as const satisfies Record<FeedFormat, string>;

export const FEED_TITLE = `${siteConfig.name} Blog`;

export const FEED_FORMATS: readonly FeedFormat[] = ['rss', 'atom', 'json'];
const FORMAT_NAMES: Readonly<Record<FeedFormat, string>> = { rss: 'RSS', atom: 'Atom', json: 'JSON Feed' };

export const feedUrls = (): Record<FeedFormat, string> => ({
  rss: absoluteUrl(FEED_PATHS.rss),
  atom: absoluteUrl(FEED_PATHS.atom),
  json: absoluteUrl(FEED_PATHS.json),
});

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The three `<link rel="alternate">` tags that announce the feeds in a page's `<head>`. */
export function feedHeadLinks(): string[] {
  const urls = feedUrls();
  return FEED_FORMATS.map((format) => {
    const type = FEED_TYPES[format].split(';')[0] ?? '';
    const title = `${FEED_TITLE} (${FORMAT_NAMES[format]})`;
    return `<link rel="alternate" type="${type}" title="${escapeAttribute(title)}" href="${escapeAttribute(urls[format])}">`;
  });
}
