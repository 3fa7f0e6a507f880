// Contentful Images API URL helpers (docs/requirements.md#image-url-params).
import {
  blurPlaceholderUrl,
  buildSrcSet,
  DEFAULT_IMAGE_QUALITY,
  imagePresets,
  isContentfulImageUrl,
  optimizeImageUrl,
  preferredFormat,
  presetImageUrl,
  responsiveWidths,
} from '../../../../src/content/images';

const ASSET = 'https://images.ctfassets.net/space1/asset1/abc123/team.jpg';
const params = (url: string): Record<string, string> => Object.fromEntries(new URL(url).searchParams);

describe('isContentfulImageUrl', () => {
  it.each([
    ASSET,
    'http://images.ctfassets.net/a/b/c/d.png',
    '//images.ctfassets.net/a/b/c/d.png',
    'https://images.contentful.com/a/b/c/d.png',
  ])('is true for %s', (url) => {
    expect(isContentfulImageUrl(url)).toBe(true);
  });

  it.each([
    '/images/blog/cover.svg',
    'images/blog/cover.svg',
    'https://example.com/cover.jpg',
    'https://images.ctfassets.net.example.com/x.jpg',
    'https://downloads.ctfassets.net/a/b/c/file.pdf',
    'data:image/png;base64,AAAA',
    '',
  ])('is false for %j', (url) => {
    expect(isContentfulImageUrl(url)).toBe(false);
  });
});

describe('optimizeImageUrl', () => {
  it('appends q, fm, w, h and fit (and focus) as given', () => {
    expect(params(optimizeImageUrl(ASSET, { q: 60, fm: 'webp', w: 800, h: 600, fit: 'fill', f: 'face' }))).toEqual({
      q: '60',
      fm: 'webp',
      w: '800',
      h: '600',
      fit: 'fill',
      f: 'face',
    });
  });

  it('puts width first so srcset URLs read naturally, in a fixed order', () => {
    expect(optimizeImageUrl(ASSET, { q: 60, fm: 'webp', w: 800, h: 600, fit: 'fill', f: 'face' })).toBe(
      `${ASSET}?w=800&h=600&fit=fill&f=face&fm=webp&q=60`,
    );
  });

  it('uses quality 75 when none is given', () => {
    expect(DEFAULT_IMAGE_QUALITY).toBe(75);
    expect(optimizeImageUrl(ASSET)).toBe(`${ASSET}?q=75`);
    expect(params(optimizeImageUrl(ASSET, { w: 300 }))).toEqual({ w: '300', q: '75' });
  });

  it('keeps an existing query as written, replacing only the parameters it sets', () => {
    const url = `${ASSET}?token=a%20b&w=100&x=1`;

    expect(optimizeImageUrl(url, { w: 640 })).toBe(`${ASSET}?token=a%20b&x=1&w=640&q=75`);
  });

  it('keeps a fragment at the end', () => {
    expect(optimizeImageUrl(`${ASSET}#focus`, { w: 10 })).toBe(`${ASSET}?w=10&q=75#focus`);
  });

  it('adds https: to a protocol-relative Contentful URL', () => {
    expect(optimizeImageUrl('//images.ctfassets.net/s/a/t/x.png', { w: 200 })).toBe(
      'https://images.ctfassets.net/s/a/t/x.png?w=200&q=75',
    );
  });

  it('rounds and caps numbers to what the API accepts, and leaves out unusable ones', () => {
    expect(params(optimizeImageUrl(ASSET, { w: 640.6, h: 9000, q: 150 }))).toEqual({ w: '641', h: '4000', q: '100' });
    expect(params(optimizeImageUrl(ASSET, { w: 0, h: -1, q: -5 }))).toEqual({ q: '75' });
    expect(params(optimizeImageUrl(ASSET, { w: Number.NaN, h: Number.POSITIVE_INFINITY }))).toEqual({ q: '75' });
  });

  it.each(['/images/blog/cover.svg', 'https://example.com/photo.jpg?size=large', 'data:image/png;base64,AAAA', ''])(
    'returns %j unchanged: only Contentful images can be transformed',
    (url) => {
      expect(optimizeImageUrl(url, { w: 640, q: 50, fm: 'webp' })).toBe(url);
    },
  );

  it('still adds https: to another host given protocol-relative', () => {
    expect(optimizeImageUrl('//cdn.example.com/x.jpg', { w: 640 })).toBe('https://cdn.example.com/x.jpg');
  });
});

describe('presets', () => {
  it('are those of docs/requirements.md#image-presets', () => {
    expect(imagePresets).toEqual({
      cover: { w: 1200, h: 630, q: 80, fm: 'webp', fit: 'fill', f: 'center' },
      avatar: { w: 400, h: 400, q: 85, fm: 'webp', fit: 'thumb', f: 'face' },
      thumbnail: { w: 300, h: 200, q: 75 },
      inline: { w: 800, q: 80, fit: 'scale' },
    });
  });

  it.each([
    ['cover', { w: '1200', h: '630', q: '80', fm: 'webp', fit: 'fill', f: 'center' }],
    ['avatar', { w: '400', h: '400', q: '85', fm: 'webp', fit: 'thumb', f: 'face' }],
    ['thumbnail', { w: '300', h: '200', q: '75' }],
    ['inline', { w: '800', q: '80', fit: 'scale' }],
  ] as const)('builds the %s URL', (preset, expected) => {
    expect(params(presetImageUrl(ASSET, preset))).toEqual(expected);
  });

  // "Crop centre": scaled to cover 1200x630, the overflow cut around the centre (fit=fill, f=center).
  // fit=crop would cut a 1200x630 piece from the unscaled original: a detail, not the picture.
  it('crops the cover around the centre after scaling it to 1200x630', () => {
    expect(presetImageUrl(ASSET, 'cover')).toBe(`${ASSET}?w=1200&h=630&fit=fill&f=center&fm=webp&q=80`);
  });

  it('lets overrides replace preset values', () => {
    expect(params(presetImageUrl(ASSET, 'cover', { fm: 'avif' }))).toMatchObject({ fm: 'avif', w: '1200' });
  });

  it('leaves local images alone', () => {
    expect(presetImageUrl('/images/authors/dana-whitfield.svg', 'avatar')).toBe('/images/authors/dana-whitfield.svg');
  });
});

describe('buildSrcSet', () => {
  it('lists the five responsive widths', () => {
    expect(responsiveWidths).toEqual([640, 768, 1024, 1280, 1536]);
    const candidates = buildSrcSet(ASSET).split(', ');

    expect(candidates).toHaveLength(5);
    candidates.forEach((candidate, index) => {
      const [url, descriptor] = candidate.split(' ');
      const width = responsiveWidths[index]!;
      expect(descriptor).toBe(`${width}w`);
      expect(url).toBe(`${ASSET}?w=${width}&q=75`);
    });
  });

  it('applies the format and quality to every candidate', () => {
    const srcset = buildSrcSet(ASSET, { format: 'avif', quality: 60 });

    expect(srcset.startsWith(`${ASSET}?w=640&fm=avif&q=60 640w, `)).toBe(true);
    expect(srcset.endsWith(`${ASSET}?w=1536&fm=avif&q=60 1536w`)).toBe(true);
  });

  it('takes other widths', () => {
    expect(buildSrcSet(ASSET, { widths: [100] })).toBe(`${ASSET}?w=100&q=75 100w`);
  });

  it('is just the URL for a local image, with no made-up widths', () => {
    expect(buildSrcSet('/images/blog/cover.svg')).toBe('/images/blog/cover.svg');
    expect(buildSrcSet('https://example.com/x.jpg', { format: 'webp' })).toBe('https://example.com/x.jpg');
  });
});

describe('preferredFormat', () => {
  it('prefers AVIF when the browser decodes it', () => {
    expect(preferredFormat({ webp: true, avif: true })).toBe('avif');
    expect(preferredFormat({ webp: true, avif: true }, ASSET)).toBe('avif');
  });

  it('uses WebP when AVIF is not supported', () => {
    expect(preferredFormat({ webp: true, avif: false })).toBe('webp');
  });

  it('falls back to JPEG', () => {
    expect(preferredFormat({ webp: false, avif: false })).toBe('jpg');
  });

  it('does not choose AVIF for a source that cannot produce it', () => {
    expect(preferredFormat({ webp: true, avif: true }, '/images/blog/cover.svg')).toBe('webp');
    expect(preferredFormat({ webp: false, avif: true }, 'https://example.com/x.png')).toBe('jpg');
  });
});

describe('blurPlaceholderUrl', () => {
  it('asks for a 40 px wide, low-quality version', () => {
    const url = blurPlaceholderUrl(ASSET);

    expect(url).not.toBeNull();
    const { w, q } = params(url!);
    expect(w).toBe('40');
    expect(Number(q)).toBeLessThan(DEFAULT_IMAGE_QUALITY);
  });

  it('gives null for an image that cannot be resized', () => {
    expect(blurPlaceholderUrl('/images/placeholder.jpg')).toBeNull();
  });
});
