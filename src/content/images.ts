// Contentful Images API URL helpers (docs/requirements.md#image-url-params): resize, recompress and reformat on the CDN.

/** Output formats the Images API can produce (`fm`); 'jpg' is how it spells JPEG. */
export type ImageFormat = 'avif' | 'webp' | 'jpg' | 'png';

/** Resizing behaviour (`fit`) of the Images API. */
export type ImageFit = 'pad' | 'fill' | 'scale' | 'crop' | 'thumb';

/** Focus area (`f`) used by the 'fill', 'crop' and 'thumb' fits. */
export type ImageFocus =
  | 'center'
  | 'top'
  | 'right'
  | 'left'
  | 'bottom'
  | 'top_right'
  | 'top_left'
  | 'bottom_right'
  | 'bottom_left'
  | 'face'
  | 'faces';

export interface ImageOptions {
  /** Quality 1–100; 75 when absent or unusable. */
  q?: number;
  fm?: ImageFormat;
  /** Width in pixels (1–4000; larger is capped, unusable values are left out). */
  w?: number;
  /** Height in pixels (1–4000; larger is capped, unusable values are left out). */
  h?: number;
  fit?: ImageFit;
  f?: ImageFocus;
}

export type ImagePreset = 'cover' | 'avatar' | 'thumbnail' | 'inline';

export const DEFAULT_IMAGE_QUALITY = 75;

/**
 * The docs/requirements.md#image-presets presets; cover crops around the centre, avatars around a face. "Crop centre" is the Images
 * API's `fit=fill&f=center`: scale the image to cover 1200x630, then cut what overflows evenly from
 * both sides. Its `fit=crop` does not scale: it cuts a 1200x630 piece out of the original at full
 * size, so a 4000 px photo would show only a detail from its middle.
 */
export const imagePresets = {
  cover: { w: 1200, h: 630, q: 80, fm: 'webp', fit: 'fill', f: 'center' },
  avatar: { w: 400, h: 400, q: 85, fm: 'webp', fit: 'thumb', f: 'face' },
  thumbnail: { w: 300, h: 200, q: 75 },
  inline: { w: 800, q: 80, fit: 'scale' },
} as const satisfies Record<ImagePreset, ImageOptions>;

/** srcset candidate widths, matching the common layout breakpoints. */
export const responsiveWidths = [640, 768, 1024, 1280, 1536] as const;

export const BLUR_PLACEHOLDER_WIDTH = 40;
/** The blur placeholder is scaled up and blurred by the UI, so detail is wasted bytes. */
export const BLUR_PLACEHOLDER_QUALITY = 20;

const CONTENTFUL_IMAGE_HOSTS = new Set(['images.ctfassets.net', 'images.contentful.com']);
/** The Images API rejects dimensions above 4000 px. */
const MAX_DIMENSION = 4000;

/** Contentful asset URLs are often protocol-relative ('//images.ctfassets.net/…'); browsers need a scheme. */
export const withProtocol = (url: string): string => (url.startsWith('//') ? `https:${url}` : url);

export function isContentfulImageUrl(url: string): boolean {
  try {
    const parsed = new URL(withProtocol(url));
    return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && CONTENTFUL_IMAGE_HOSTS.has(parsed.hostname);
  } catch {
    // Relative paths (local images) and garbage are not Contentful URLs.
    return false;
  }
}

/** A whole number of at least 1, capped at `max`; undefined for anything unusable (0, negatives, NaN). */
const wholeNumberUpTo = (value: number | undefined, max: number): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= 1 ? Math.min(max, Math.round(value)) : undefined;

/** The parameters in a fixed order (width first), so equal options always give the identical URL and cache key. */
function transformParams(options: ImageOptions): [string, string][] {
  const params: [string, string | number | undefined][] = [
    ['w', wholeNumberUpTo(options.w, MAX_DIMENSION)],
    ['h', wholeNumberUpTo(options.h, MAX_DIMENSION)],
    ['fit', options.fit],
    ['f', options.f],
    ['fm', options.fm],
    ['q', wholeNumberUpTo(options.q, 100) ?? DEFAULT_IMAGE_QUALITY],
  ];
  return params.flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]]));
}

const paramName = (pair: string): string => {
  const name = pair.split('=')[0] ?? '';
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    // A malformed escape can't name one of our parameters; keep the pair untouched.
    return name;
  }
};

/**
 * The URL with Images API parameters appended. Existing query parameters are kept as written;
 * one the options set again is replaced. URLs of other hosts can't be transformed and come back
 * unchanged, apart from a protocol-relative '//' becoming 'https://'.
 */
export function optimizeImageUrl(url: string, options: ImageOptions = {}): string {
  const absolute = withProtocol(url);
  if (!isContentfulImageUrl(absolute)) return absolute;
  const hashAt = absolute.indexOf('#');
  const hash = hashAt === -1 ? '' : absolute.slice(hashAt);
  const beforeHash = hashAt === -1 ? absolute : absolute.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const base = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const existing = queryAt === -1 ? '' : beforeHash.slice(queryAt + 1);
  const added = transformParams(options);
  const overridden = new Set(added.map(([key]) => key));
  // Kept verbatim rather than re-serialized through URLSearchParams, which would re-encode them.
  const kept = existing.split('&').filter((pair) => pair && !overridden.has(paramName(pair)));
  const query = [...kept, ...added.map(([key, value]) => `${key}=${encodeURIComponent(value)}`)].join('&');
  return `${base}${query ? `?${query}` : ''}${hash}`;
}

/** A preset's URL, with `overrides` (e.g. a format the browser prefers) on top. */
export const presetImageUrl = (url: string, preset: ImagePreset, overrides: ImageOptions = {}): string =>
  optimizeImageUrl(url, { ...imagePresets[preset], ...overrides });

export interface SrcSetOptions {
  format?: ImageFormat;
  quality?: number;
  widths?: readonly number[];
}

/**
 * A srcset of the responsive widths ('…?w=640&… 640w, …'). A local image has only the one
 * file, so its srcset is the URL alone: advertising widths that don't exist would mislead the browser.
 */
export function buildSrcSet(url: string, { format, quality, widths = responsiveWidths }: SrcSetOptions = {}): string {
  if (!isContentfulImageUrl(url)) return withProtocol(url);
  return widths.map((w) => `${optimizeImageUrl(url, { w, fm: format, q: quality })} ${w}w`).join(', ');
}

export interface FormatSupport {
  webp: boolean;
  avif: boolean;
}

/**
 * The best format the browser decodes: AVIF when it does and the source can produce it (the
 * Images API can; when `url` is given and isn't a Contentful image, it can't), else WebP, else JPEG.
 */
export function preferredFormat(support: FormatSupport, url?: string): ImageFormat {
  const sourceMakesAvif = url === undefined || isContentfulImageUrl(url);
  if (support.avif && sourceMakesAvif) return 'avif';
  if (support.webp) return 'webp';
  return 'jpg';
}

/**
 * A tiny, low-quality version to show blurred while the real image loads; null for an image that
 * can't be resized, whose "placeholder" would be the full file downloaded twice.
 */
export const blurPlaceholderUrl = (url: string): string | null =>
  isContentfulImageUrl(url) ? optimizeImageUrl(url, { w: BLUR_PLACEHOLDER_WIDTH, q: BLUR_PLACEHOLDER_QUALITY }) : null;
