// Which URLs content may link to, and which leave the site: shared by the sanitizer and the
// rich-text renderer, without pulling DOMPurify or marked into the renderer's chunk.

// What browsers ignore inside a URL (controls, spaces, tabs, newlines): 'java\tscript:' is javascript:.
// eslint-disable-next-line no-control-regex
const URL_IGNORED = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000\ufeff]/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);
const SAFE_IMAGE_DATA = /^data:image\/(?:png|jpe?g|gif|webp)[;,]/i;

/**
 * Whether `url` may be used as a link or media address: http(s), mailto, tel, relative or #anchor.
 * `allowImageData` also admits data:image/png|jpeg|gif|webp (for <img src> only).
 */
export function isAllowedUrl(url: string, options: { allowImageData?: boolean } = {}): boolean {
  const compact = url.replace(URL_IGNORED, '');
  if (options.allowImageData && SAFE_IMAGE_DATA.test(compact)) return true;
  const scheme = SCHEME.exec(compact)?.[1];
  // No scheme: a path, query or fragment relative to the page (or protocol-relative '//host').
  return scheme === undefined || SAFE_SCHEMES.has(scheme.toLowerCase());
}

const RELATIVE_BASE = 'https://relative.invalid';

export const originOf = (url: string | undefined): string | undefined => {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/**
 * Whether an allowed link leaves the site: an http(s) URL (absolute or protocol-relative) on an
 * origin other than `siteOrigin`. Relative links, #anchors, mailto: and tel: are not external.
 * Without a site origin every absolute http(s) URL counts as external.
 */
export function isExternalUrl(url: string, siteOrigin?: string): boolean {
  const base = originOf(siteOrigin) ?? RELATIVE_BASE;
  try {
    const resolved = new URL(url.trim(), base);
    if (resolved.protocol !== 'http:' && resolved.protocol !== 'https:') return false;
    return resolved.origin !== base;
  } catch {
    // Not parseable as a URL: treat as external, the cautious choice for rel/target.
    return true;
  }
}
