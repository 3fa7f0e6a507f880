import { chooseSourceKind, contentOrigins } from '../../../src/content/source';

describe('content source selection', () => {
  it('uses Contentful only with both credentials, unless CONTENT_SOURCE forces a source', () => {
    expect(chooseSourceKind({})).toBe('mock');
    expect(chooseSourceKind({ CONTENTFUL_SPACE_ID: 's' })).toBe('mock');
    expect(chooseSourceKind({ CONTENTFUL_SPACE_ID: 's', CONTENTFUL_ACCESS_TOKEN: 't' })).toBe('contentful');
    expect(chooseSourceKind({ CONTENT_SOURCE: 'mock', CONTENTFUL_SPACE_ID: 's', CONTENTFUL_ACCESS_TOKEN: 't' })).toBe(
      'mock',
    );
    expect(chooseSourceKind({ CONTENT_SOURCE: 'contentful' })).toBe('contentful');
  });

  it('names the origins the browser fetches content from, for the CSP', () => {
    const creds = { CONTENTFUL_SPACE_ID: 's', CONTENTFUL_ACCESS_TOKEN: 't' };
    expect(contentOrigins({})).toEqual([]);
    expect(contentOrigins(creds)).toEqual(['https://cdn.contentful.com']);
    expect(contentOrigins({ ...creds, CONTENTFUL_HOST: '127.0.0.1:8787' })).toEqual(['http://127.0.0.1:8787']);
    expect(contentOrigins({ ...creds, CONTENTFUL_HOST: 'cdn.eu.contentful.com' })).toEqual([
      'https://cdn.eu.contentful.com',
    ]);
    expect(contentOrigins({ ...creds, CONTENTFUL_HOST: 'https://cms.example.com/base' })).toEqual([
      'https://cms.example.com',
    ]);
  });
});
