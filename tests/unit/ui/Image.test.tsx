// The site-wide <Image>: states, attributes, responsive sources, blur placeholder and hydration.
// The contract is markup (<picture>/<source>, srcset, data-state), which has no role to query by,
// so these tests read the DOM directly.
/* eslint-disable testing-library/no-node-access, testing-library/no-container */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import type { ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { responsiveWidths } from '../../../src/content/images';
import { IMAGE_ERROR_ALT, IMAGE_FAILED_TEXT, Image, PLACEHOLDER_SRC } from '../../../src/ui/Image';
import { recordServerImages } from '../../../src/ui/hydration';

const CONTENTFUL = '//images.ctfassets.net/space1/asset1/token1/cover.jpg';
const CONTENTFUL_HTTPS = 'https://images.ctfassets.net/space1/asset1/token1/cover.jpg';
const LOCAL = '/images/blog/planning-a-sales-cloud-rollout.svg';

const wrapperOf = (img: HTMLElement): HTMLElement => img.closest<HTMLElement>('[data-state]')!;
const stateOf = (img: HTMLElement) => wrapperOf(img).getAttribute('data-state');
const candidates = (srcset: string | null) => (srcset ?? '').split(', ').map((candidate) => candidate.split(' '));

/**
 * Markup as the DOM serializes it, so server text (srcSet=, style="a:b") and client-built elements
 * (srcset=, style="a: b;") compare by what they mean.
 */
function normalize(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const element of template.content.querySelectorAll<HTMLElement>('*')) {
    // React's client sets src and srcset last; the order of attributes means nothing.
    const attributes = [...element.attributes].map(({ name, value }) => [name, value] as const);
    for (const [name] of attributes) element.removeAttribute(name);
    for (const [name, value] of attributes.sort(([a], [b]) => a.localeCompare(b))) element.setAttribute(name, value);
    if (element.hasAttribute('style')) element.setAttribute('style', element.style.cssText);
  }
  return template.innerHTML;
}

/** What the prerender sends for `element`. */
const serverRender = (element: ReactElement) => ({ html: renderToString(element) });

/** The CSS of the rules that apply to `element` (jsdom computes no aspect-ratio, so read the rules). */
const cssOf = (element: Element): string =>
  [...document.styleSheets]
    .flatMap((sheet) => [...sheet.cssRules])
    .filter((rule): rule is CSSStyleRule => rule instanceof CSSStyleRule && element.matches(rule.selectorText))
    .map((rule) => rule.cssText)
    .join('\n');

/** Makes an <img> look like one the browser finished before React could listen to it. */
function finishEarly(img: HTMLImageElement, naturalWidth: number, decode?: () => Promise<void>) {
  Object.defineProperty(img, 'complete', { configurable: true, get: () => true });
  Object.defineProperty(img, 'naturalWidth', { configurable: true, get: () => naturalWidth });
  if (decode) Object.defineProperty(img, 'decode', { configurable: true, value: decode });
}

describe('Image states', () => {
  it('is loading (hidden, to fade in) until the load event, then loaded and visible', () => {
    render(<Image src={LOCAL} alt="A winding road" width={1200} height={900} />);
    const img = screen.getByRole('img', { name: 'A winding road' });
    expect(stateOf(img)).toBe('loading');
    expect(img).not.toBeVisible();
    fireEvent.load(img);
    expect(stateOf(img)).toBe('loaded');
    expect(img).toBeVisible();
  });

  it('fails to the placeholder with the exact alt and a readable message, never a broken image', () => {
    render(<Image src={CONTENTFUL} alt="Cover" width={1200} height={630} blurPlaceholder />);
    fireEvent.error(screen.getByRole('img', { name: 'Cover' }));
    const placeholder = screen.getByRole('img', { name: IMAGE_ERROR_ALT });
    expect(IMAGE_ERROR_ALT).toBe('Error loading image');
    expect(IMAGE_FAILED_TEXT).toBe('Image failed to load');
    expect(placeholder).toHaveAttribute('src', PLACEHOLDER_SRC);
    expect(PLACEHOLDER_SRC).toBe('/images/placeholder.jpg');
    expect(placeholder).toHaveAttribute('width', '1200');
    expect(placeholder).toHaveAttribute('height', '630');
    expect(placeholder).not.toHaveAttribute('srcset');
    expect(screen.getByText(IMAGE_FAILED_TEXT)).toBeVisible();
    expect(screen.queryByRole('img', { name: 'Cover' })).not.toBeInTheDocument();
    const wrapper = wrapperOf(placeholder);
    expect(wrapper).toHaveAttribute('data-state', 'failed');
    // The responsive sources would override the placeholder's src; the blur has nothing left to preview.
    expect(wrapper.querySelector('picture, source, [data-image-blur]')).toBeNull();
  });

  it('hides the placeholder if it is missing too, keeping the message', () => {
    const { container } = render(<Image src={LOCAL} alt="Road" width={400} height={300} />);
    fireEvent.error(screen.getByRole('img', { name: 'Road' }));
    fireEvent.error(screen.getByRole('img', { name: IMAGE_ERROR_ALT }));
    expect(container.querySelector(`img[src="${PLACEHOLDER_SRC}"]`)).not.toBeVisible();
    expect(screen.getByText(IMAGE_FAILED_TEXT)).toBeVisible();
  });

  it('keeps a decorative image silent for assistive technology when it fails', () => {
    const { container } = render(<Image src={LOCAL} alt="" width={400} height={300} />);
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('alt', '');
    fireEvent.error(img);
    const placeholder = container.querySelector('img')!;
    expect(placeholder).toHaveAttribute('src', PLACEHOLDER_SRC);
    expect(placeholder).toHaveAttribute('alt', '');
    expect(screen.getByText(IMAGE_FAILED_TEXT)).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows the failure message to assistive technology for an informative image', () => {
    render(<Image src={LOCAL} alt="Road" width={400} height={300} />);
    fireEvent.error(screen.getByRole('img', { name: 'Road' }));
    expect(screen.getByText(IMAGE_FAILED_TEXT)).not.toHaveAttribute('aria-hidden');
  });

  it('starts over when the src changes', () => {
    const { rerender } = render(<Image src={LOCAL} alt="Road" width={400} height={300} />);
    fireEvent.error(screen.getByRole('img', { name: 'Road' }));
    rerender(<Image src={CONTENTFUL} alt="Road" width={400} height={300} />);
    const img = screen.getByRole('img', { name: 'Road' });
    expect(stateOf(img)).toBe('loading');
    expect(screen.queryByText(IMAGE_FAILED_TEXT)).not.toBeInTheDocument();
    fireEvent.load(img);
    expect(stateOf(img)).toBe('loaded');
  });
});

describe('Image attributes', () => {
  it('loads the priority (LCP) image eagerly with high fetch priority', () => {
    render(<Image src={LOCAL} alt="Hero" width={1200} height={900} priority />);
    const img = screen.getByRole('img', { name: 'Hero' });
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).not.toHaveAttribute('decoding');
  });

  it('loads every other image lazily and decodes it asynchronously', () => {
    render(<Image src={LOCAL} alt="Card" width={600} height={400} />);
    const img = screen.getByRole('img', { name: 'Card' });
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).not.toHaveAttribute('fetchpriority');
  });

  it('always sets width and height, and gives the wrapper the aspect ratio (no layout shift)', () => {
    render(<Image src={CONTENTFUL} alt="Cover" width={1200} height={630} />);
    const img = screen.getByRole('img', { name: 'Cover' });
    expect(img).toHaveAttribute('width', '1200');
    expect(img).toHaveAttribute('height', '630');
    expect(wrapperOf(img)).toHaveStyle({ width: '100%', height: 'auto' });
    expect(cssOf(wrapperOf(img))).toMatch(/aspect-ratio: ?1200 ?\/ ?630;/);
    fireEvent.load(img);
    expect(img).toHaveAttribute('width', '1200');
    expect(img).toHaveAttribute('height', '630');
  });

  it('passes the alt text through and puts className on the wrapper', () => {
    render(<Image src={LOCAL} alt="Milestones on a road" width={10} height={10} className="hero-image" />);
    const img = screen.getByRole('img', { name: 'Milestones on a road' });
    expect(wrapperOf(img)).toHaveClass('hero-image');
  });

  it('applies emotion css given to <Image> to the wrapper, over its own styles', () => {
    render(<Image src={LOCAL} alt="Rounded" width={16} height={9} css={{ aspectRatio: '1 / 1', borderRadius: 12 }} />);
    const wrapper = wrapperOf(screen.getByRole('img', { name: 'Rounded' }));
    expect(wrapper).toHaveStyle({ borderRadius: '12px' });
    expect(cssOf(wrapper)).toMatch(/aspect-ratio: ?1 ?\/ ?1;/);
    expect(cssOf(wrapper)).not.toMatch(/aspect-ratio: ?16/);
  });

  it('uses object-fit cover by default and contain on request', () => {
    render(
      <>
        <Image src={LOCAL} alt="Covered" width={10} height={10} />
        <Image src={LOCAL} alt="Contained" width={10} height={10} fit="contain" />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Covered' })).toHaveStyle({ objectFit: 'cover' });
    expect(screen.getByRole('img', { name: 'Contained' })).toHaveStyle({ objectFit: 'contain' });
  });
});

describe('Image sources', () => {
  it('offers a Contentful image in the five widths as AVIF and WebP sources with a JPEG fallback', () => {
    const { container } = render(
      <Image src={CONTENTFUL} alt="Cover" width={1200} height={630} sizes="(min-width: 1024px) 50vw, 100vw" />,
    );
    const img = screen.getByRole('img', { name: 'Cover' });
    expect(img.parentElement?.tagName).toBe('PICTURE');
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    const formats = [...sources, img].map((element) => {
      expect(element).toHaveAttribute('sizes', '(min-width: 1024px) 50vw, 100vw');
      const widths = candidates(element.getAttribute('srcset'));
      expect(widths.map(([, descriptor]) => descriptor)).toEqual(responsiveWidths.map((w) => `${w}w`));
      for (const [url, descriptor] of widths) {
        const parsed = new URL(url!);
        expect(`${parsed.origin}${parsed.pathname}`).toBe(CONTENTFUL_HTTPS);
        expect(`${parsed.searchParams.get('w')}w`).toBe(descriptor);
        expect(parsed.searchParams.get('q')).toBe('80');
      }
      return new Set(widths.map(([url]) => new URL(url!).searchParams.get('fm')));
    });
    expect(formats).toEqual([new Set(['avif']), new Set(['webp']), new Set(['jpg'])]);
    const fallback = new URL(img.getAttribute('src')!);
    expect(fallback.searchParams.get('fm')).toBe('jpg');
    expect(fallback.searchParams.get('w')).toBe('1280');
  });

  it('defaults sizes to 100vw and honours the quality prop', () => {
    render(<Image src={CONTENTFUL_HTTPS} alt="Cover" width={640} height={480} quality={60} />);
    const img = screen.getByRole('img', { name: 'Cover' });
    expect(img).toHaveAttribute('sizes', '100vw');
    for (const [url] of candidates(img.getAttribute('srcset'))) expect(new URL(url!).searchParams.get('q')).toBe('60');
  });

  it('gives a local image just its src: no srcset, sizes, <picture> or <source>', () => {
    const { container } = render(<Image src={LOCAL} alt="Road" width={1200} height={900} sizes="50vw" />);
    const img = screen.getByRole('img', { name: 'Road' });
    expect(img).toHaveAttribute('src', LOCAL);
    expect(img).not.toHaveAttribute('srcset');
    expect(img).not.toHaveAttribute('sizes');
    expect(container.querySelector('picture, source')).toBeNull();
  });

  it('gives an image of another host its URL unchanged, with a scheme if it was protocol-relative', () => {
    render(<Image src="//cdn.example.com/photo.jpg" alt="Photo" width={10} height={10} />);
    const img = screen.getByRole('img', { name: 'Photo' });
    expect(img).toHaveAttribute('src', 'https://cdn.example.com/photo.jpg');
    expect(img).not.toHaveAttribute('srcset');
  });
});

describe('Image blur placeholder', () => {
  it('shows the 40 px version behind a Contentful image when asked, until the image has loaded', () => {
    const { container } = render(<Image src={CONTENTFUL} alt="Cover" width={1200} height={630} blurPlaceholder />);
    const blur = container.querySelector<HTMLElement>('[data-image-blur]')!;
    expect(blur).toHaveAttribute('aria-hidden', 'true');
    expect(blur.style.backgroundImage).toContain(`${CONTENTFUL_HTTPS}?w=40&q=20`);
    expect(blur).toBeVisible();
    fireEvent.load(screen.getByRole('img', { name: 'Cover' }));
    expect(blur).not.toBeVisible();
  });

  it('has no blur unless asked', () => {
    const { container } = render(<Image src={CONTENTFUL} alt="Cover" width={1200} height={630} />);
    expect(container.querySelector('[data-image-blur]')).toBeNull();
  });

  it('has no blur for an image that cannot be resized (a local file)', () => {
    const { container } = render(<Image src={LOCAL} alt="Road" width={1200} height={900} blurPlaceholder />);
    expect(container.querySelector('[data-image-blur]')).toBeNull();
  });
});

describe('Image hydration', () => {
  let container: HTMLElement;
  let root: Root | undefined;
  let consoleError: jest.SpyInstance;
  let recoverable: unknown[];

  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    recoverable = [];
    consoleError = jest.spyOn(console, 'error');
  });

  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    container.remove();
    consoleError.mockRestore();
  });

  /**
   * Puts the server's HTML in the container, lets `before` touch it, then hydrates the same element;
   * `marked` hydrates the way the browser entry does, recording the server's images first.
   */
  function hydrate(element: ReactElement, before?: (img: HTMLImageElement) => void, { marked = false } = {}) {
    const { html } = serverRender(element);
    container.innerHTML = html;
    const serverImg = container.querySelector('img')!;
    before?.(serverImg);
    if (marked) recordServerImages(container);
    act(() => {
      root = hydrateRoot(container, element, { onRecoverableError: (error) => recoverable.push(error) });
    });
    return { html, serverImg };
  }

  const variants: [string, ReactElement][] = [
    [
      'a priority Contentful image with a blur',
      <Image key="1" src={CONTENTFUL} alt="Cover" width={1200} height={630} priority blurPlaceholder />,
    ],
    [
      'a lazy Contentful image',
      <Image key="2" src={CONTENTFUL_HTTPS} alt="Card" width={600} height={400} sizes="33vw" />,
    ],
    ['a lazy local image', <Image key="3" src={LOCAL} alt="Road" width={1200} height={900} fit="contain" />],
    ['a priority local image', <Image key="4" src={LOCAL} alt="Hero" width={1200} height={900} priority />],
    ['a decorative image', <Image key="5" src={LOCAL} alt="" width={40} height={40} className="avatar" />],
  ];

  it.each(variants)('hydrates the server markup of %s without a mismatch', (_, element) => {
    const { html, serverImg } = hydrate(element);
    expect(html).toContain('data-state="loading"');
    expect(consoleError).not.toHaveBeenCalled();
    expect(recoverable).toEqual([]);
    // The server's <img> was adopted, not replaced by a client render.
    expect(container.querySelector('img')).toBe(serverImg);
    expect(stateOf(serverImg)).toBe('loading');
  });

  it('renders on the server exactly what the first client render produces', () => {
    const element = <Image src={CONTENTFUL} alt="Cover" width={1200} height={630} blurPlaceholder />;
    const { html } = serverRender(element);
    // The first client render, before any effect can change it: render it into a detached root
    // and read it from the layout effect phase of a sibling that runs first.
    let firstClientMarkup = '';
    function Probe() {
      return (
        <div
          ref={(node) => {
            firstClientMarkup = node?.innerHTML ?? firstClientMarkup;
          }}
        >
          {element}
        </div>
      );
    }
    render(<Probe />);
    expect(normalize(firstClientMarkup)).toBe(normalize(html));
    expect(firstClientMarkup).toContain('data-state="loading"');
  });

  it('fires onLoad after hydration for an image still on its way', () => {
    const { serverImg } = hydrate(<Image src={CONTENTFUL} alt="Cover" width={1200} height={630} />);
    expect(serverImg).not.toBeVisible();
    fireEvent.load(serverImg);
    expect(stateOf(serverImg)).toBe('loaded');
    expect(serverImg).toBeVisible();
  });

  it("adopts an image the server drew as it is during the entry's hydration: visible while it loads, then loaded", () => {
    const { serverImg } = hydrate(<Image src={CONTENTFUL} alt="Cover" width={1200} height={630} />, undefined, {
      marked: true,
    });
    expect(container.querySelector('img')).toBe(serverImg);
    expect(serverImg).toBeVisible();
    expect(stateOf(serverImg)).toBe('loading');
    fireEvent.load(serverImg);
    expect(stateOf(serverImg)).toBe('loaded');
    expect(serverImg).toBeVisible();
    expect(recoverable).toEqual([]);
  });

  it('adopts a server image whose Suspense boundary hydrates after the first commit, without hiding it', async () => {
    // The home page's lower sections: their boundary hydrates in a later pass, once their chunk has come.
    const Cover = () => <Image src={LOCAL} alt="Road" width={1200} height={900} />;
    let arrive!: () => void;
    const chunk = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    const LateCover = lazy(() => chunk.then(() => ({ default: Cover })));
    container.innerHTML = renderToString(
      <Suspense fallback={null}>
        <Cover />
      </Suspense>,
    );
    const serverImg = container.querySelector('img')!;
    recordServerImages(container);
    act(() => {
      root = hydrateRoot(
        container,
        <Suspense fallback={null}>
          <LateCover />
        </Suspense>,
        { onRecoverableError: (error) => recoverable.push(error) },
      );
    });
    await act(async () => {
      arrive();
      await chunk;
    });
    await waitFor(() => expect(Object.keys(serverImg).some((key) => key.startsWith('__reactProps$'))).toBe(true));
    expect(container.querySelector('img')).toBe(serverImg);
    expect(serverImg).toBeVisible();
    expect(stateOf(serverImg)).toBe('loading');
    fireEvent.load(serverImg);
    expect(stateOf(serverImg)).toBe('loaded');
    expect(recoverable).toEqual([]);
  });

  it("settles an adopted image that loaded or failed before the entry's hydration", async () => {
    const loaded = hydrate(
      <Image src={CONTENTFUL} alt="Cover" width={1200} height={630} priority />,
      (img) => finishEarly(img, 1200),
      { marked: true },
    );
    expect(stateOf(loaded.serverImg)).toBe('loaded');
    act(() => root?.unmount());
    root = undefined;
    hydrate(<Image src={LOCAL} alt="Road" width={1200} height={900} />, (img) => finishEarly(img, 0), {
      marked: true,
    });
    expect(await screen.findByText(IMAGE_FAILED_TEXT)).toBeInTheDocument();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('ends loaded when the image had already loaded before hydration (its load event missed)', () => {
    const { serverImg } = hydrate(<Image src={CONTENTFUL} alt="Cover" width={1200} height={630} priority />, (img) =>
      finishEarly(img, 1200),
    );
    expect(stateOf(serverImg)).toBe('loaded');
    expect(serverImg).toBeVisible();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('ends failed when the image had already failed before hydration (its error event missed)', async () => {
    const { serverImg } = hydrate(<Image src={LOCAL} alt="Road" width={1200} height={900} />, (img) =>
      finishEarly(img, 0, () => Promise.reject(new Error('EncodingError'))),
    );
    await waitFor(() =>
      expect(screen.getByRole('img', { name: IMAGE_ERROR_ALT })).toHaveAttribute('src', PLACEHOLDER_SRC),
    );
    expect(serverImg).not.toBeInTheDocument();
    expect(screen.getByText(IMAGE_FAILED_TEXT)).toBeVisible();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('treats a finished image without pixels as failed where decode() is unavailable (jsdom)', async () => {
    const { serverImg } = hydrate(<Image src={LOCAL} alt="Road" width={1200} height={900} />, (img) =>
      finishEarly(img, 0),
    );
    expect('decode' in serverImg).toBe(false);
    expect(await screen.findByText(IMAGE_FAILED_TEXT)).toBeInTheDocument();
  });

  it('ends loaded for a finished image without intrinsic width that decodes (an SVG with only a viewBox)', async () => {
    const { serverImg } = hydrate(<Image src={LOCAL} alt="Road" width={1200} height={900} />, (img) =>
      finishEarly(img, 0, () => Promise.resolve()),
    );
    await waitFor(() => expect(stateOf(serverImg)).toBe('loaded'));
    expect(screen.queryByText(IMAGE_FAILED_TEXT)).not.toBeInTheDocument();
  });
});
