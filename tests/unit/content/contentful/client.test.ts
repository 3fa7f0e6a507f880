// The client's configuration (docs/requirements.md#client-validation validation, docs/requirements.md#client-defaults client defaults) without a network.
import type { ContentfulClientConfig } from '../../../../src/content/contentful/client';
import {
  assertValidQuery,
  buildClientParams,
  clampThrottle,
  CLIENT_DEFAULTS,
  createContentfulClient,
  resolveHost,
} from '../../../../src/content/contentful/client';

const base: ContentfulClientConfig = { space: 'mcc4blog2sim', accessToken: 'delivery-token' };

describe('buildClientParams', () => {
  it('applies the spec defaults: master, 30 s timeout, SDK retry on with retryLimit 5, throttle auto, https CDN', () => {
    const params = buildClientParams(base);
    expect(params).toMatchObject({
      space: 'mcc4blog2sim',
      accessToken: 'delivery-token',
      environment: 'master',
      timeout: 30000,
      retryOnError: true,
      retryLimit: 5,
      throttle: 'auto',
      insecure: false,
    });
    expect(params.host).toBeUndefined(); // the SDK's cdn.contentful.com
    expect(CLIENT_DEFAULTS.locale).toBe('en-US');
  });

  it('preview mode uses the preview token and preview.contentful.com unless a host is set', () => {
    expect(buildClientParams({ ...base, preview: true, previewToken: 'preview-token' })).toMatchObject({
      accessToken: 'preview-token',
      host: 'preview.contentful.com',
      insecure: false,
    });
    expect(
      buildClientParams({ ...base, preview: true, previewToken: 'preview-token', host: '127.0.0.1:8787' }),
    ).toMatchObject({
      accessToken: 'preview-token',
      host: '127.0.0.1:8787',
      insecure: true,
    });
  });

  it('keeps an explicit environment, timeout and retry setting', () => {
    expect(
      buildClientParams({ ...base, environment: 'staging', timeout: 500, retryOnError: false, retryLimit: 2 }),
    ).toMatchObject({
      environment: 'staging',
      timeout: 500,
      retryOnError: false,
      retryLimit: 2,
    });
  });

  it.each([
    [{ ...base, accessToken: '' }, 'Contentful client requires an accessToken (CONTENTFUL_ACCESS_TOKEN)'],
    [{ ...base, accessToken: '   ' }, 'Contentful client requires an accessToken (CONTENTFUL_ACCESS_TOKEN)'],
    [{ ...base, space: '' }, 'Contentful client requires a space (CONTENTFUL_SPACE_ID)'],
    [{ ...base, preview: true }, 'Contentful preview mode requires a previewToken (CONTENTFUL_PREVIEW_TOKEN)'],
    [{ ...base, locale: '*' }, "The locale '*' is not supported: request one locale at a time."],
  ])('refuses %p', (config, message) => {
    expect(() => buildClientParams(config)).toThrow(new Error(message));
    expect(() => createContentfulClient(config)).toThrow(new Error(message));
  });

  it.each(['resolveLinks', 'removeUnresolved'])('refuses the deprecated option %s', (option) => {
    const config: ContentfulClientConfig = { ...base, [option]: true };
    expect(() => createContentfulClient(config)).toThrow(`The '${option}' option is no longer supported`);
  });
});

describe('resolveHost', () => {
  it.each([
    [undefined, { host: undefined, insecure: false }],
    ['cdn.eu.contentful.com', { host: 'cdn.eu.contentful.com', insecure: false }],
    ['127.0.0.1:8787', { host: '127.0.0.1:8787', insecure: true }],
    ['localhost:8787', { host: 'localhost:8787', insecure: true }],
    ['http://cda.internal:8080', { host: 'cda.internal:8080', insecure: true }],
    [
      'https://gateway.example.com/contentful/',
      { host: 'gateway.example.com', insecure: false, basePath: '/contentful' },
    ],
  ])('%s', (host, expected) => {
    expect(resolveHost(host)).toEqual(expected);
  });
});

describe('clampThrottle (1 to 30 requests per second)', () => {
  it.each([
    [0, 1],
    [-5, 1],
    [12.4, 12],
    [30, 30],
    [100, 30],
    [Number.NaN, 1],
  ])('%p → %p', (value, expected) => {
    expect(clampThrottle(value)).toBe(expected);
  });

  it("leaves 'auto' to the SDK, which clamps to the same range", () => {
    expect(clampThrottle('auto')).toBe('auto');
    expect(buildClientParams({ ...base, throttle: 99 }).throttle).toBe(30);
  });
});

describe('the query guard', () => {
  it('accepts flat CDA parameters and lists', () => {
    expect(() =>
      assertValidQuery({ content_type: 'blogpost', 'fields.slug': 'x', limit: 1, 'sys.id[in]': ['a', 'b'] }),
    ).not.toThrow();
  });

  it.each([
    [{ resolveLinks: true }, "The 'resolveLinks' option is no longer supported"],
    [{ removeUnresolved: true }, "The 'removeUnresolved' option is no longer supported"],
    [{ locale: '*' }, "The locale '*' is not supported"],
    [
      { 'fields.author': { name: 'x' } as unknown as string },
      'Objects are not supported as query parameter values ("fields.author").',
    ],
  ])('refuses %p', (query, message) => {
    expect(() => assertValidQuery(query)).toThrow(message);
  });

  it('runs before any request is made', async () => {
    const client = createContentfulClient({ ...base, host: '127.0.0.1:9' });
    await expect(client.getEntries({ 'fields.x': { a: 1 } as unknown as string })).rejects.toThrow(
      'Objects are not supported',
    );
    await expect(client.getEntries({ locale: '*' })).rejects.toThrow("The locale '*' is not supported");
  });
});
