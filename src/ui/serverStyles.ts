// The prerendered page's <style> tags, and the browser's style cache that adopts them where they are (issue #21).
//
// Emotion's own adoption moves every server <style> tag it finds: its default cache appends each to the end of <head>
// when @emotion/react loads, then its sheet inserts each again, and <Global> moves its own. A moved style sheet is a
// removed and an added one: the browser matches all of their rules against the whole page again, a style recalc of
// 15-35 ms on Lighthouse's 4x slower CPU, in the middle of the app's start. So the server's tags name what they hold
// in an attribute emotion does not look for, SERVER_STYLES_ATTRIBUTE, which adoptServerStyles reads into a cache of
// its own; the global styles' tag stays as it is, as the app renders no <Global> over server markup (AppProviders).
// Classes the page makes later go into new tags at the end of <head>, as emotion's would. The keyframes the server
// wrote (in the global styles' chunk) are adopted with the classes.
import createCache from '@emotion/cache';
import type { EmotionCache } from '@emotion/cache';

/** On each tag: "<cache key> <id> <id> …", what emotion's data-emotion holds ("css-global …": global styles, keyframes). */
export const SERVER_STYLES_ATTRIBUTE = 'data-css';

export interface ServerStyleChunk {
  key: string;
  ids: readonly string[];
  css: string;
}

/** The server's <style> tags for the critical styles emotion's server extracted (the global ones, then the classes). */
export const serverStyleTags = (chunks: readonly ServerStyleChunk[]): string =>
  chunks
    .filter(({ css }) => css !== '')
    .map(({ key, ids, css }) => `<style ${SERVER_STYLES_ATTRIBUTE}="${[key, ...ids].join(' ')}">${css}</style>`)
    .join('');

/**
 * A cache (key "css", as the server's) that knows every class and keyframes the server's tags hold, and moves none of
 * them. The global styles' own ids are never looked up: the app renders no <Global> over server markup.
 */
export function adoptServerStyles(doc: Document): EmotionCache {
  const cache = createCache({ key: 'css' });
  for (const tag of doc.querySelectorAll(`style[${SERVER_STYLES_ATTRIBUTE}]`)) {
    const [, ...ids] = (tag.getAttribute(SERVER_STYLES_ATTRIBUTE) ?? '').split(' ');
    for (const id of ids) cache.inserted[id] = true;
  }
  return cache;
}
