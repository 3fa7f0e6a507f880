// The client error form of docs/requirements.md#client-error-form, with the access token masked to its last 4 characters.
import { inspect } from 'node:util';
import {
  ContentfulError,
  describeError,
  maskAuthorization,
  toContentfulError,
} from '../../../../src/content/resilience/contentfulError';

/** Narrows, failing the test when the error was not brought into the client error form. */
const asContentful = (error: Error): ContentfulError => {
  if (error instanceof ContentfulError) return error;
  throw new Error(`expected a ContentfulError, got ${error.name}`);
};

const TOKEN = 'dGhpcy1pcy1hLXNlY3JldC10b2tlbi1wQ9z1';

const axiosError = (status: number, data: unknown, headers: Record<string, string> = {}) => ({
  isAxiosError: true,
  message: `Request failed with status code ${status}`,
  config: {
    url: 'https://cdn.contentful.com/spaces/mcc4blog2sim/environments/master/entries',
    method: 'get',
    headers: { Accept: 'application/json', Authorization: `Bearer ${TOKEN}` },
  },
  response: { status, statusText: status === 404 ? 'Not Found' : 'Too Many Requests', headers, data },
});

describe('toContentfulError', () => {
  it('names the error by sys.id and puts status, message, details, requestId and the masked request in a JSON message', () => {
    const error = toContentfulError(
      axiosError(404, {
        sys: { type: 'Error', id: 'NotFound' },
        message: 'The resource could not be found.',
        details: { type: 'Entry', id: 'x' },
        requestId: 'req-1',
      }),
    );
    expect(error).toBeInstanceOf(ContentfulError);
    expect(error.name).toBe('NotFound');
    expect(JSON.parse(error.message)).toEqual({
      status: 404,
      statusText: 'Not Found',
      message: 'The resource could not be found.',
      details: { type: 'Entry', id: 'x' },
      requestId: 'req-1',
      request: {
        url: 'https://cdn.contentful.com/spaces/mcc4blog2sim/environments/master/entries',
        headers: { Accept: 'application/json', Authorization: 'Bearer ...Q9z1' },
        method: 'get',
      },
    });
    expect(error.message).not.toContain(TOKEN);
    expect(error.message).not.toContain(TOKEN.slice(-5));
    // Not even in what a logger would print (no raw axios config kept as `cause`).
    expect(inspect(error, { depth: 20 })).not.toContain(TOKEN.slice(-5));
    expect(error).toMatchObject({
      status: 404,
      statusCode: 404,
      requestId: 'req-1',
      apiMessage: 'The resource could not be found.',
    });
    expect(asContentful(error).summary).toBe('NotFound (404): The resource could not be found.');
  });

  it('falls back to "{status} {statusText}" as the name when the body has no sys.id', () => {
    const error = toContentfulError(axiosError(404, 'Not here'));
    expect(error.name).toBe('404 Not Found');
    expect(JSON.parse(error.message)).toMatchObject({ status: 404, message: '', details: {} });
  });

  it('keeps X-Contentful-RateLimit-Reset of a 429', () => {
    const error = toContentfulError(
      axiosError(
        429,
        { sys: { id: 'RateLimitExceeded' }, message: 'slow down' },
        { 'x-contentful-ratelimit-reset': '7' },
      ),
    );
    expect(error).toMatchObject({ name: 'RateLimitExceeded', status: 429, rateLimitResetSeconds: 7 });
  });

  it("re-masks the SDK's own error form (it keeps 5 token characters) to the last 4", () => {
    const sdkForm = Object.assign(
      new Error(
        JSON.stringify({
          status: 401,
          statusText: 'Unauthorized',
          message: 'The access token you sent could not be found or is invalid.',
          details: {},
          requestId: 'req-2',
          request: { url: 'entries', headers: { Authorization: `Bearer ...${TOKEN.slice(-5)}` }, method: 'get' },
        }),
      ),
      { name: 'AccessTokenInvalid' },
    );
    const error = toContentfulError(sdkForm, { rateLimitResetSeconds: 4 });
    expect(error.name).toBe('AccessTokenInvalid');
    const parsed = JSON.parse(error.message) as { request: { headers: { Authorization: string } } };
    expect(parsed.request.headers.Authorization).toBe(`Bearer ...${TOKEN.slice(-4)}`);
    // A reset hint only applies to 429s.
    expect(asContentful(error).rateLimitResetSeconds).toBeUndefined();
    expect(describeError(sdkForm)).toBe(
      'AccessTokenInvalid (401): The access token you sent could not be found or is invalid.',
    );
  });

  it('turns a network failure into an error named by its code', () => {
    const error = toContentfulError({
      isAxiosError: true,
      code: 'ECONNABORTED',
      message: 'timeout of 200ms exceeded',
      config: { url: 'http://127.0.0.1:1/x', method: 'get', headers: { Authorization: `Bearer ${TOKEN}` } },
    });
    expect(error).toMatchObject({ name: 'ECONNABORTED', code: 'ECONNABORTED', status: undefined });
    expect(asContentful(error).summary).toBe('ECONNABORTED: timeout of 200ms exceeded');
    expect(error.message).not.toContain(TOKEN);
  });

  it('leaves our own errors alone', () => {
    const own = new Error('Invalid entry structure');
    expect(toContentfulError(own)).toBe(own);
    expect(toContentfulError('boom').message).toBe('boom');
  });
});

describe('maskAuthorization', () => {
  it('keeps only the last 4 characters', () => {
    expect(maskAuthorization('Bearer abcdefgh1234')).toBe('Bearer ...1234');
    expect(maskAuthorization('Bearer ...01234')).toBe('Bearer ...1234');
  });
});
