// Link targets of rich-text nodes: resolved entries and assets (also with Sync API locale maps),
// and null for bare links and anything malformed.
import { formatBytes, linkedAsset, linkedEntry } from '../../../../../src/features/blog/body/links';

const entry = (contentType: string, fields: Record<string, unknown>) => ({
  target: {
    sys: { id: 'e1', type: 'Entry', contentType: { sys: { type: 'Link', linkType: 'ContentType', id: contentType } } },
    fields,
  },
});
const asset = (fields: Record<string, unknown>) => ({ target: { sys: { id: 'a1', type: 'Asset' }, fields } });

describe('linkedEntry', () => {
  it('links a blog post to its page', () => {
    expect(linkedEntry(entry('blogpost', { title: 'Flow', slug: 'flow tips', excerpt: 'Why.' }))).toEqual({
      href: '/blog/flow%20tips',
      title: 'Flow',
      summary: 'Why.',
    });
    expect(linkedEntry(entry('blogPost', { title: 'Flow', slug: 'flow' }))?.href).toBe('/blog/flow');
  });

  it('gives other entries no page, but their title or name', () => {
    expect(linkedEntry(entry('rich', { name: 'Hello World', slug: 'hello' }))).toEqual({
      href: null,
      title: 'Hello World',
      summary: undefined,
    });
  });

  it('reads locale maps as the Sync API sends them', () => {
    expect(linkedEntry(entry('blogpost', { title: { 'en-US': 'Localized' }, slug: { 'en-US': 'loc' } }))).toMatchObject(
      {
        href: '/blog/loc',
        title: 'Localized',
      },
    );
  });

  it.each([
    ['a bare link', { target: { sys: { type: 'Link', linkType: 'Entry', id: 'x' } } }],
    ['an asset', asset({ title: 'x' })],
    ['no target', {}],
    ['a null target', { target: null }],
    ['no data', undefined],
    ['fields that are not an object', { target: { sys: { type: 'Entry' }, fields: 'x' } }],
  ])('is null for %s', (_name, data) => {
    expect(linkedEntry(data)).toBeNull();
  });
});

describe('linkedAsset', () => {
  it('reads the file, with https for protocol-relative URLs', () => {
    expect(
      linkedAsset(
        asset({
          title: 'cat',
          description: 'A cat',
          file: {
            url: '//images.ctfassets.net/s/a/b/cat.jpg',
            fileName: 'cat.jpg',
            contentType: 'image/JPEG',
            details: { size: 100, image: { width: 40, height: 30 } },
          },
        }),
      ),
    ).toEqual({
      url: 'https://images.ctfassets.net/s/a/b/cat.jpg',
      title: 'cat',
      description: 'A cat',
      fileName: 'cat.jpg',
      contentType: 'image/jpeg',
      width: 40,
      height: 30,
      size: 100,
    });
  });

  it('reads a localized file', () => {
    expect(linkedAsset(asset({ file: { 'en-US': { url: '/local/file.pdf' } } }))?.url).toBe('/local/file.pdf');
  });

  it.each([
    ['no file', asset({ title: 'x' })],
    ['a file without url', asset({ file: { fileName: 'x' } })],
    ['a javascript: url', asset({ file: { url: 'javascript:alert(1)' } })],
    ['a bare link', { target: { sys: { type: 'Link', linkType: 'Asset', id: 'x' } } }],
  ])('is null for %s', (_name, data) => {
    expect(linkedAsset(data)).toBeNull();
  });
});

it('formats file sizes', () => {
  expect(formatBytes(512)).toBe('512 B');
  expect(formatBytes(2048)).toBe('2 KB');
  expect(formatBytes(1009523)).toBe('986 KB');
  expect(formatBytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
});
