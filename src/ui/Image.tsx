// The site-wide image (docs/requirements.md#image-states Image states, docs/requirements.md#image-failure image errors, docs/requirements.md#image-defaults images): a box of the
// image's aspect ratio (no layout shift), responsive Contentful variants in AVIF/WebP/JPEG chosen
// by the browser through <picture>, an optional blurred preview, a fade-in, and a placeholder with a
// readable message when the image fails.
//
// Hydration: the server markup and the first client render are identical (state 'initial', shown
// as data-state="loading", image visible so it paints without JavaScript). After mount an effect
// reads the <img> itself, because React attaches onLoad/onError only when it hydrates: an image
// that finished (or failed) before that is settled from `complete`/`naturalWidth`.
import { css } from '@emotion/react';
import type { CSSObject, SerializedStyles } from '@emotion/react';
import { startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Dispatch, JSX, SetStateAction } from 'react';
import {
  blurPlaceholderUrl,
  buildSrcSet,
  isContentfulImageUrl,
  optimizeImageUrl,
  preferredFormat,
  responsiveWidths,
  withProtocol,
} from '../content/images';
import { adoptServerImage } from './hydration';
import { colors, fontSizes, mq, space } from './theme';

export interface ImageProps {
  /** Absolute https URL, protocol-relative //images.ctfassets.net/…, or a local path like /images/blog/x.svg. */
  src: string;
  /** '' for a decorative image. */
  alt: string;
  /** Intrinsic/display ratio box; always rendered as width/height attributes (no layout shift). */
  width: number;
  height: number;
  /** Default '100vw'. */
  sizes?: string;
  /** The LCP image: loading="eager" + fetchpriority="high"; everything else loading="lazy" decoding="async". */
  priority?: boolean;
  /** Show the 40 px blurred version behind while loading (only when blurPlaceholderUrl gives one). */
  blurPlaceholder?: boolean;
  /** Default 80 (the image component default of docs/requirements.md#image-defaults). */
  quality?: number;
  /** object-fit, default 'cover'. */
  fit?: 'cover' | 'contain';
  /** So emotion's css prop works on <Image>. */
  className?: string;
}

export const IMAGE_FAILED_TEXT = 'Image failed to load';
export const IMAGE_ERROR_ALT = 'Error loading image';
export const PLACEHOLDER_SRC = '/images/placeholder.jpg';

/** docs/requirements.md#image-defaults: "Default quality 75; image component default 80." */
const COMPONENT_QUALITY = 80;
const FADE_MS = 300;

/**
 * 'initial' is the server render and the first client render: shown as loading, but not hidden, so
 * prerendered images paint before (and without) JavaScript. 'loading' hides the image until it fades in.
 */
type Status = 'initial' | 'loading' | 'loaded' | 'failed';

const wrapperStyle: CSSObject = {
  position: 'relative',
  display: 'block',
  width: '100%',
  height: 'auto',
  overflow: 'hidden',
  background: colors.surface,
};

const fillStyle: CSSObject = {
  position: 'absolute',
  inset: 0,
  display: 'block',
  width: '100%',
  height: '100%',
  maxWidth: 'none',
  margin: 0,
};

const imageStyle: CSSObject = {
  ...fillStyle,
  opacity: 1,
  transition: `opacity ${FADE_MS}ms ease-out`,
  [mq.reducedMotion]: { transition: 'none' },
};

const hiddenStyle: CSSObject = { opacity: 0 };

// The styles every image renders with, serialized once: a list of cards mounting on a slow phone pays for each
// style object it serializes, twice per image (a client-rendered image renders again to hide until it loads).
const styles = {
  wrapper: css(wrapperStyle),
  fill: { cover: css(fillStyle, { objectFit: 'cover' }), contain: css(fillStyle, { objectFit: 'contain' }) },
  image: { cover: css(imageStyle, { objectFit: 'cover' }), contain: css(imageStyle, { objectFit: 'contain' }) },
  hidden: css(hiddenStyle),
  invisible: css({ visibility: 'hidden' }),
};

/** The wrapper's aspect ratio, serialized once per size (a site has a handful). */
const ratioStyles = new Map<string, SerializedStyles>();
function ratioStyle(width: number, height: number): SerializedStyles {
  const key = `${width} / ${height}`;
  let style = ratioStyles.get(key);
  if (!style) {
    style = css({ aspectRatio: key });
    ratioStyles.set(key, style);
  }
  return style;
}

const blurStyle: CSSObject = {
  ...fillStyle,
  backgroundPosition: 'center',
  backgroundRepeat: 'no-repeat',
  filter: 'blur(20px)',
  // The blur fades the edges towards transparent; scaling up keeps them outside the box.
  transform: 'scale(1.1)',
  // Gone only once the image has faded in over it.
  transition: `opacity 0s linear ${FADE_MS}ms`,
  [mq.reducedMotion]: { transition: 'none' },
};

const captionStyle: CSSObject = {
  position: 'absolute',
  insetInline: 0,
  bottom: 0,
  padding: `${space.xs} ${space.sm}`,
  background: colors.band,
  color: colors.bandText,
  fontSize: fontSizes.xs,
  lineHeight: 1.4,
  textAlign: 'center',
};

/** The responsive width closest above the display width: what a browser without srcset gets. */
const fallbackWidth = (width: number): number =>
  responsiveWidths.find((candidate) => candidate >= width) ?? Math.max(...responsiveWidths);

interface Sources {
  /** The <img> fallback: JPEG for a Contentful image, else the file itself. */
  src: string;
  srcSet?: string;
  /** The <picture> <source>s, only for a Contentful image (other hosts have one file to offer). */
  avif?: string;
  webp?: string;
}

type ImageState = { src: string; status: Status };

/**
 * Settles an image from the element: loaded if it has pixels, failed if it finished without any
 * (an SVG without intrinsic size has none either, which decode() tells apart). Still loading: hidden
 * to fade in later (`hideWhileLoading`), or left as it is for onLoad/onError to settle.
 */
function readImage(
  img: HTMLImageElement | null,
  src: string,
  setState: Dispatch<SetStateAction<ImageState>>,
  { hideWhileLoading }: { hideWhileLoading: boolean },
): (() => void) | undefined {
  if (!img) return undefined;
  const move = (next: Status, from?: Status) =>
    setState((current) =>
      current.src === src && (from === undefined || current.status === from) ? { src, status: next } : current,
    );
  if (!img.complete) {
    if (hideWhileLoading) move('loading', 'initial');
    return undefined;
  }
  if (img.naturalWidth > 0) {
    move('loaded');
    return undefined;
  }
  let active = true;
  const decode = (img as Partial<HTMLImageElement>).decode?.bind(img);
  (decode ? decode() : Promise.reject(new Error('decode() is unavailable'))).then(
    () => active && move('loaded'),
    () => active && move('failed'),
  );
  return () => {
    active = false;
  };
}

/** What the img and its <source>s request; pure, so the server and the first client render agree. */
function imageSources(src: string, width: number, quality: number): Sources {
  if (!isContentfulImageUrl(src)) return { src: withProtocol(src) };
  // Fixed, not sniffed: the browser takes the first <source> type it decodes.
  const avif = preferredFormat({ avif: true, webp: true }, src) === 'avif';
  return {
    src: optimizeImageUrl(src, { w: fallbackWidth(width), fm: 'jpg', q: quality }),
    srcSet: buildSrcSet(src, { format: 'jpg', quality }),
    avif: avif ? buildSrcSet(src, { format: 'avif', quality }) : undefined,
    webp: buildSrcSet(src, { format: 'webp', quality }),
  };
}

export function Image({
  src,
  alt,
  width,
  height,
  sizes = '100vw',
  priority = false,
  blurPlaceholder = false,
  quality = COMPONENT_QUALITY,
  fit = 'cover',
  className,
}: ImageProps): JSX.Element {
  const imgRef = useRef<HTMLImageElement>(null);
  const [state, setState] = useState<ImageState>({ src, status: 'initial' });
  const [placeholderBroken, setPlaceholderBroken] = useState(false);

  // A new src on a mounted image starts over (adjusting state while rendering, not in an effect).
  let status = state.status;
  if (state.src !== src) {
    status = 'loading';
    setState({ src, status });
    setPlaceholderBroken(false);
  }

  const settle = (next: 'loaded' | 'failed') =>
    setState((current) => (current.src === src ? { src, status: next } : current));

  // Reads the <img> itself after mount, for a load or error that happened before React listened.
  // Client-rendered images do it before the first paint (a layout effect), hiding one still on its
  // way so it fades in. An image the server drew is adopted as it is (it keeps painting as it loads)
  // and read in a passive effect, so the commit that hydrates it runs no extra render (hydration.ts).
  const adopted = useRef(false);
  useLayoutEffect(() => {
    if (adoptServerImage(imgRef.current)) {
      adopted.current = true;
      return;
    }
    return readImage(imgRef.current, src, setState, { hideWhileLoading: true });
  }, [src]);
  // Its new state only changes attributes (data-state, the blur's opacity): a transition, so the renders the images of a
  // freshly hydrated page ask for yield to the browser like the hydration did (a plain update from an effect renders
  // in one task, from the root down).
  useEffect(() => {
    if (!adopted.current) return;
    adopted.current = false;
    const settleInTransition: Dispatch<SetStateAction<ImageState>> = (update) =>
      startTransition(() => setState(update));
    return readImage(imgRef.current, src, settleInTransition, { hideWhileLoading: false });
  }, [src]);

  const ratio = ratioStyle(width, height);
  const decorative = alt === '';

  if (status === 'failed') {
    return (
      <span css={[styles.wrapper, ratio]} className={className} data-state="failed">
        <img
          src={PLACEHOLDER_SRC}
          alt={decorative ? '' : IMAGE_ERROR_ALT}
          width={width}
          height={height}
          decoding="async"
          // Never a broken-image icon, even if the placeholder itself is missing.
          onError={() => setPlaceholderBroken(true)}
          css={[styles.fill[fit], placeholderBroken && styles.invisible]}
        />
        <span css={captionStyle} aria-hidden={decorative ? true : undefined}>
          {IMAGE_FAILED_TEXT}
        </span>
      </span>
    );
  }

  const sources = imageSources(src, width, quality);
  const responsive = sources.srcSet !== undefined;
  const blurUrl = blurPlaceholder ? blurPlaceholderUrl(src) : null;
  const img = (
    <img
      ref={imgRef}
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={responsive ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? undefined : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      onLoad={() => settle('loaded')}
      onError={() => settle('failed')}
      css={[styles.image[fit], status === 'loading' && styles.hidden]}
    />
  );

  return (
    <span css={[styles.wrapper, ratio]} className={className} data-state={status === 'loaded' ? 'loaded' : 'loading'}>
      {blurUrl && (
        <span
          aria-hidden="true"
          data-image-blur=""
          style={{ backgroundImage: `url(${JSON.stringify(blurUrl)})` }}
          css={[blurStyle, { backgroundSize: fit }, status === 'loaded' && styles.hidden]}
        />
      )}
      {responsive ? (
        <picture>
          {sources.avif && <source type="image/avif" srcSet={sources.avif} sizes={sizes} />}
          {sources.webp && <source type="image/webp" srcSet={sources.webp} sizes={sizes} />}
          {img}
        </picture>
      ) : (
        img
      )}
    </span>
  );
}
