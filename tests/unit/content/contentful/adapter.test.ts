// The CDA → domain adapter against recorded Contentful responses (tests/fixtures/contentful) and the
// validation messages of docs/requirements.md#entry-validation.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  adaptAsset,
  adaptAuthor,
  adaptBlogPost,
  adaptCategory,
  adaptItems,
  adaptTag,
  assertBlogPostEntry,
  createLinkResolver,
  fromLocalizedEntity,
} from '../../../../src/content/contentful/adapter';
import type { CdaCollection, CdaEntry, CdaIncludes } from '../../../../src/content/contentful/cdaTypes';
import type { RichTextNode } from '../../../../src/content/model';
import { richTextToPlain } from '../../../../src/content/text';

const FIXTURES = path.resolve(__dirname, '../../../fixtures/contentful');
const RICH_TEXT_DIR = path.join(FIXTURES, 'contentful-java-cda/rich_text');

type Dict = Record<string, unknown>;
const readJson = (file: string): Dict => JSON.parse(readFileSync(file, 'utf8')) as Dict;
const isObject = (value: unknown): value is Dict => typeof value === 'object' && value !== null;
const link = (linkType: 'Entry' | 'Asset', id: string) => ({ sys: { type: 'Link', linkType, id } });

interface Collection {
  items: Dict[];
  includes?: CdaIncludes;
}

/** Every link target (data.target) in a rich-text document, in document order. */
/** Every target in a document as { linkType, id }: a bare link's linkType or a snapshot's type. */
function richTextLinks(
  node: unknown,
  found: { linkType: string; id: string }[] = [],
): { linkType: string; id: string }[] {
  if (!isObject(node)) return found;
  const target = isObject(node.data) ? node.data.target : undefined;
  if (isObject(target) && isObject(target.sys)) {
    const linkType = target.sys.type === 'Link' ? target.sys.linkType : target.sys.type;
    found.push({ linkType: String(linkType), id: String(target.sys.id) });
  }
  for (const child of Array.isArray(node.content) ? node.content : []) richTextLinks(child, found);
  return found;
}

/**
 * A `rich` entry (fields name, rich) in our blogpost shape: the rich text becomes `content`, the
 * entries it links become authors and the first asset it links becomes the cover image, so the
 * adapter has real links to resolve from the response's includes.
 */
function richEntryAsBlogPost(entry: Dict): Dict {
  const fields = entry.fields as Dict;
  const sys = entry.sys as Dict;
  const links = richTextLinks(fields.rich);
  const firstAsset = links.find((target) => target.linkType === 'Asset');
  return {
    sys: { ...sys, contentType: link('Entry', 'blogpost') },
    fields: {
      title: fields.name,
      slug: String(fields.name).replace(/_/g, '-').toLowerCase(),
      content: fields.rich,
      publishDate: sys.createdAt,
      authors: links.filter((target) => target.linkType === 'Entry').map((target) => link('Entry', target.id)),
      ...(firstAsset ? { coverImage: link('Asset', firstAsset.id) } : {}),
    },
  };
}

/** What the SDK hands over by default: every link in fields swapped for the entity it points at. */
function resolveLikeTheSdk(collection: Collection): Dict[] {
  const index = new Map<string, unknown>();
  for (const item of [
    ...collection.items,
    ...(collection.includes?.Entry ?? []),
    ...(collection.includes?.Asset ?? []),
  ]) {
    if (isObject(item) && isObject(item.sys)) index.set(`${String(item.sys.type)}!${String(item.sys.id)}`, item);
  }
  const swap = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(swap);
    if (!isObject(value)) return value;
    if (isObject(value.sys) && value.sys.type === 'Link') {
      return index.get(`${String(value.sys.linkType)}!${String(value.sys.id)}`) ?? value;
    }
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, swap(child)]));
  };
  return collection.items.map((item) => ({ ...item, fields: swap(item.fields) }));
}

const includedName = (collection: Collection, id: string): unknown => {
  const all = [...collection.items, ...((collection.includes?.Entry ?? []) as Dict[])];
  const found = all.find((item) => (item.sys as Dict).id === id);
  return found ? (found.fields as Dict).name : undefined;
};

describe('recorded rich-text responses (contentful.java test resources)', () => {
  const files = readdirSync(RICH_TEXT_DIR).filter((file) => file.endsWith('.json'));

  it('has the recorded files to loop over', () => {
    expect(files.length).toBeGreaterThanOrEqual(25);
  });

  describe.each(files)('%s', (file) => {
    const response = readJson(path.join(RICH_TEXT_DIR, file));
    const items = (response.items ?? []) as Dict[];
    const isSync = 'nextSyncUrl' in response || 'nextPageUrl' in response;

    if (isSync) {
      it('sync: every entry, flattened to en-US, adapts with its links resolved from the other items', () => {
        const flat = items.map((item) => fromLocalizedEntity(item) as Dict);
        const entries = flat.filter((item) => (item.sys as Dict).type === 'Entry');
        const assets = flat.filter((item) => (item.sys as Dict).type === 'Asset');
        const collection: Collection = { items: entries, includes: { Asset: assets } };
        const posts = entries.map((entry) => adaptBlogPost(richEntryAsBlogPost(entry), createLinkResolver(collection)));
        expect(posts).toHaveLength(entries.length);
        for (const [index, post] of posts.entries()) {
          const entry = entries[index]!;
          expect(post.contentFormat).toBe('richText');
          const original = (entry.fields as Dict).rich;
          expect(richTextToPlain(post.rawContent as RichTextNode)).toBe(richTextToPlain(original as RichTextNode));
          expect(richTextLinks(post.rawContent).map((target) => target.id)).toEqual(
            richTextLinks(original).map((target) => target.id),
          );
          expect(post.title).toBe((entry.fields as Dict).name);
          expect(JSON.parse(JSON.stringify(post))).toEqual(post);
        }
        if (items.length) {
          // The sync set links entries to each other (e.g. to "Hello World") and to the one asset.
          expect(posts.some((post) => post.authors.length > 0)).toBe(true);
          expect(posts.some((post) => post.coverImage?.source === 'contentful')).toBe(true);
        }
      });
      return;
    }

    const richItems = items.filter((item) => isObject(item.sys) && item.sys.type === 'Entry');
    if (richItems.length === 0) {
      it('is not an entries response: each item is refused with the spec message', () => {
        for (const item of items) {
          expect(() => adaptBlogPost(item)).toThrow(new Error('Invalid entry structure'));
        }
      });
      return;
    }

    const collection: Collection = {
      items: richItems.map(richEntryAsBlogPost),
      includes: response.includes as CdaIncludes,
    };

    it('adapts every entry with the rich text kept as the delivered document', () => {
      const links = createLinkResolver(collection);
      for (const [index, entry] of collection.items.entries()) {
        const post = adaptBlogPost(entry, links);
        const original = (richItems[index]!.fields as Dict).rich;
        expect(post.id).toBe((entry.sys as Dict).id);
        expect(post.contentFormat).toBe('richText');
        // The same document, its targets now resolved (or left as links when not included).
        expect(richTextToPlain(post.rawContent as RichTextNode)).toBe(richTextToPlain(original as RichTextNode));
        expect(richTextLinks(post.rawContent).map((target) => target.id)).toEqual(
          richTextLinks(original).map((target) => target.id),
        );
        expect(() => JSON.stringify(post.rawContent)).not.toThrow();
        expect(post.status).toBe('published');
        expect(post.readingTime).toBeGreaterThanOrEqual(1);
      }
    });

    it('resolves the entries and assets the post links from includes (or skips what is not there)', () => {
      const links = createLinkResolver(collection);
      for (const entry of collection.items) {
        const post = adaptBlogPost(entry, links);
        const fields = entry.fields as Dict;
        const linkedIds = (fields.authors as { sys: { id: string } }[]).map((target) => target.sys.id);
        const resolvable = linkedIds.filter((id) => includedName(collection, id) !== undefined);
        expect(post.authors.map((author) => author.id)).toEqual(resolvable);
        for (const author of post.authors) expect(author.name).toBe(includedName(collection, author.id));
        const cover = fields.coverImage as { sys: { id: string } } | undefined;
        const asset = (collection.includes?.Asset ?? []).find(
          (item) => isObject(item) && (item.sys as Dict).id === cover?.sys.id,
        );
        if (asset) {
          expect(post.coverImage).toMatchObject({
            source: 'contentful',
            url: expect.stringMatching(/^https:\/\/images\.ctfassets\.net\//) as string,
          });
        } else {
          expect(post.coverImage).toBeNull();
        }
      }
    });

    it('gives the same post from the SDK shape (links already resolved), with targets back as links', () => {
      const raw = collection.items.map((entry) => adaptBlogPost(entry, createLinkResolver(collection)));
      const resolved = resolveLikeTheSdk(collection).map((entry) => adaptBlogPost(entry));
      expect(resolved).toEqual(raw);
      for (const post of resolved) expect(() => JSON.stringify(post)).not.toThrow();
    });
  });

  it('simple_asset_block: the embedded cat picture becomes the cover image', () => {
    const response = readJson(path.join(RICH_TEXT_DIR, 'simple_asset_block.json'));
    const collection: Collection = {
      items: (response.items as Dict[]).map(richEntryAsBlogPost),
      includes: response.includes as CdaIncludes,
    };
    const post = adaptBlogPost(collection.items[0], createLinkResolver(collection));
    expect(post.coverImage).toEqual({
      url: 'https://images.ctfassets.net/<space_id>/47Q1142uaI6SuK8UoGeeQy/4136a21284ad31498f2cbb5996329396/Kittyply_edit1.jpg',
      alt: 'cat',
      width: 1728,
      height: 1152,
      source: 'contentful',
    });
  });

  it('inline_hyperlink_integration: both linked entries resolve, and the document names the asset it links', () => {
    const response = readJson(path.join(RICH_TEXT_DIR, 'inline_hyperlink_integration.json'));
    const collection: Collection = {
      items: (response.items as Dict[]).map(richEntryAsBlogPost),
      includes: response.includes as CdaIncludes,
    };
    const post = adaptBlogPost(collection.items[0], createLinkResolver(collection));
    expect(post.authors.map((author) => author.id)).toEqual(['4vg1cRFHtKaAgWYaAEUu6K', 'BvBm2SNTEs40wUwyoI0Qo']);
    expect(post.content).toContain('An entry with a regular hyperlink');
    const targets = richTextLinks(post.rawContent);
    expect(targets).toContainEqual({ linkType: 'Asset', id: '47Q1142uaI6SuK8UoGeeQy' });
  });
});

describe('the public demo space (cat, dog, human)', () => {
  const response = readJson(path.join(FIXTURES, 'contentful-java-cda/demo/entries.json'));
  const items = response.items as Dict[];
  const animalTypes = new Set(['cat', 'dog', 'human']);

  /** An animal as a blogpost: name → title, description → body, bestFriend → author, image → cover. */
  const asBlogPost = (entry: Dict): Dict => {
    const fields = entry.fields as Dict;
    const image = Array.isArray(fields.image) ? (fields.image[0] as unknown) : fields.image;
    return {
      sys: { ...(entry.sys as Dict), contentType: link('Entry', 'blogpost') },
      fields: {
        title: fields.name,
        slug: (entry.sys as Dict).id,
        body: fields.description,
        publishDate: fields.birthday,
        authors: fields.bestFriend ? [fields.bestFriend] : [],
        coverImage: image,
      },
    };
  };

  const animals = items.filter((item) =>
    animalTypes.has(String(((item.sys as Dict).contentType as CdaEntry['sys']['contentType'])?.sys.id)),
  );
  const collection = { items: animals.map(asBlogPost), includes: response.includes as CdaIncludes };
  const links = createLinkResolver({ items, includes: collection.includes });
  const posts = Object.fromEntries(
    collection.items.map((entry) => [String((entry.sys as Dict).id), adaptBlogPost(entry, links)]),
  );

  it('converts every cat, dog and human', () => {
    expect(Object.keys(posts).sort()).toEqual([
      '6KntaYXaHSyIw8M6eo26OK',
      'finn',
      'garfield',
      'happycat',
      'jake',
      'nyancat',
    ]);
  });

  it('resolves the best friend (an entry among the items) into authors', () => {
    expect(posts.happycat!.authors).toEqual([{ id: 'nyancat', name: 'Nyan Cat' }]);
    expect(posts.nyancat!.authors).toEqual([{ id: 'happycat', name: 'Happy Cat' }]);
    expect(posts.garfield!.authors).toEqual([]);
  });

  it('resolves image assets from includes into cover images with https URLs and sizes', () => {
    expect(posts.happycat!.coverImage).toEqual({
      url: 'https://images.contentful.com/cfexampleapi/3MZPnjZTIskAIIkuuosCss/382a48dfa2cb16c47aa2c72f7b23bf09/happycatw.jpg',
      alt: 'Happy Cat',
      width: 273,
      height: 397,
      source: 'contentful',
    });
    expect(posts.jake!.coverImage).toMatchObject({ alt: 'Jake', width: 100, height: 161 });
    // The asset's description wins over its title for alt text.
    expect(posts['6KntaYXaHSyIw8M6eo26OK']!.coverImage?.alt).toBe('nice picture');
    expect(posts.finn!.coverImage).toBeNull();
  });

  it('keeps text bodies, dates and the defaults', () => {
    expect(posts.jake!.content).toBe("Bacon pancakes, makin' bacon pancakes!");
    expect(posts.jake!.contentFormat).toBe('markdown');
    expect(posts.garfield!.publishDate).toBe('1979-06-18T23:00:00.000Z');
    expect(posts.garfield!.excerpt).toBe('');
    expect(posts.garfield!.featured).toBe(false);
  });

  it('refuses the other content types (cities) with the spec message', () => {
    const city = items.find((item) => (item.sys as Dict).id === '4MU1s3potiUEM2G4okYOqw');
    expect(() => adaptBlogPost(city)).toThrow(
      new Error("Invalid content type: 1t9IbcfdCk6m04uISSsaIK. Expected 'blogpost'."),
    );
  });
});

describe('a space export (starter-gatsby-blog, locale-keyed fields)', () => {
  const exported = readJson(path.join(FIXTURES, 'starter-gatsby-blog/export.json'));
  const entries = (exported.entries as Dict[]).map((entry) => fromLocalizedEntity(entry) as Dict);
  const assets = (exported.assets as Dict[]).map((asset) => fromLocalizedEntity(asset) as Dict);
  const links = createLinkResolver({ items: entries, includes: { Asset: assets } });
  const blogPosts = entries.filter(
    (entry) => ((entry.sys as Dict).contentType as { sys: { id: string } }).sys.id === 'blogPost',
  );

  it('adapts the blog posts with author, hero image and rich-text body', () => {
    expect(blogPosts).toHaveLength(3);
    for (const entry of blogPosts) {
      const fields = entry.fields as Dict;
      const post = adaptBlogPost(
        {
          sys: { ...(entry.sys as Dict), contentType: link('Entry', 'blogpost') },
          fields: {
            ...fields,
            content: fields.body,
            authors: [fields.author],
            coverImage: fields.heroImage,
            body: undefined,
          },
        },
        links,
      );
      expect(post.title).toBe(fields.title);
      expect(post.slug).toBe(fields.slug);
      expect(post.contentFormat).toBe('richText');
      expect(post.authors).toHaveLength(1);
      expect(post.authors[0]).toMatchObject({ name: 'John Doe', email: 'john@doe.com' });
      expect(post.coverImage?.url).toMatch(/^https:\/\/images\.contentful\.com\//);
      expect(post.coverImage?.width).toBeGreaterThan(0);
    }
  });

  it('adapts the person with the avatar from their image asset', () => {
    const person = entries.find(
      (entry) => ((entry.sys as Dict).contentType as { sys: { id: string } }).sys.id === 'person',
    )!;
    const fields = person.fields as Dict;
    const author = adaptAuthor({ ...person, fields: { ...fields, avatar: fields.image } }, links);
    expect(author.name).toBe('John Doe');
    expect(author.avatar).toMatch(/^https:\/\/images\.contentful\.com\//);
  });
});

describe('validation messages (docs/requirements.md#entry-validation)', () => {
  const post = (fields: Dict = {}, contentType = 'blogpost', id = 'post-1'): Dict => ({
    sys: { id, type: 'Entry', contentType: link('Entry', contentType) },
    fields,
  });

  it.each([
    ['null', null],
    ['a string', 'entry'],
    ['no sys', { fields: { title: 'x' } }],
    ['no fields', { sys: { id: 'x', type: 'Entry' } }],
    ['sys without id', { sys: { type: 'Entry' }, fields: {} }],
  ])('an entry with %s → "Invalid entry structure"', (_label, entry) => {
    expect(() => adaptBlogPost(entry)).toThrow(new Error('Invalid entry structure'));
    expect(() => adaptAuthor(entry)).toThrow(new Error('Invalid entry structure'));
    expect(() => adaptCategory(entry)).toThrow(new Error('Invalid entry structure'));
    expect(() => adaptTag(entry)).toThrow(new Error('Invalid entry structure'));
  });

  it('another content type in the blog adapter → the exact spec message', () => {
    expect(() => adaptBlogPost(post({ name: 'Priya' }, 'author'))).toThrow(
      new Error("Invalid content type: author. Expected 'blogpost'."),
    );
  });

  it("the service check → 'Entry {id} is not a blog post'", () => {
    expect(() => assertBlogPostEntry(post({}, 'tag', 'tag-flow'))).toThrow(
      new Error('Entry tag-flow is not a blog post'),
    );
    expect(() => assertBlogPostEntry(post())).not.toThrow();
  });

  it("an asset without a file → 'Invalid Contentful asset: missing file field'", () => {
    expect(() => adaptAsset({ sys: { id: 'a', type: 'Asset' }, fields: { title: 'x' } })).toThrow(
      new Error('Invalid Contentful asset: missing file field'),
    );
    expect(() => adaptAsset({ sys: { id: 'a', type: 'Asset' } })).toThrow(
      new Error('Invalid Contentful asset: missing file field'),
    );
  });

  it("a non-image asset logs 'Invalid asset type' and yields the placeholder", () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const image = adaptAsset(
      {
        sys: { id: 'pdf', type: 'Asset' },
        fields: {
          title: 'Salesforce pricing sheet',
          file: { url: '//assets.ctfassets.net/s/pdf/x/pricing.pdf', contentType: 'application/pdf' },
        },
      },
      'fallback alt',
    );
    expect(image).toEqual({
      url: '/images/placeholder.jpg',
      alt: 'Salesforce pricing sheet',
      width: 800,
      height: 600,
      source: 'other',
    });
    expect(error).toHaveBeenCalledWith('Invalid asset type', { assetId: 'pdf', contentType: 'application/pdf' });
    error.mockRestore();
  });

  it('a post keeps going when its cover asset is broken (no file): cover null, error logged', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const entry = post({
      title: 'T',
      coverImage: { sys: { id: 'broken', type: 'Asset' }, fields: { title: 'no file' } },
    });
    expect(adaptBlogPost(entry).coverImage).toBeNull();
    expect(error).toHaveBeenCalledWith('Invalid Contentful asset: missing file field', { assetId: 'broken' });
    error.mockRestore();
  });
});

describe('links, defaults and body selection', () => {
  const author = {
    sys: { id: 'author-1', type: 'Entry', contentType: link('Entry', 'author') },
    fields: { name: 'Priya Raman' },
  };
  const nameless = { sys: { id: 'author-2', type: 'Entry', contentType: link('Entry', 'author') }, fields: {} };
  const category = { sys: { id: 'cat-1', type: 'Entry', contentType: link('Entry', 'category') }, fields: {} };
  const tag = { sys: { id: 'tag-1', type: 'Entry', contentType: link('Entry', 'tag') }, fields: { slug: 'flow' } };
  const base = (fields: Dict): Dict => ({
    sys: {
      id: 'p',
      type: 'Entry',
      createdAt: '2025-01-02T03:04:05.000Z',
      updatedAt: '2025-02-01T00:00:00.000Z',
      contentType: link('Entry', 'blogpost'),
    },
    fields,
  });
  const includes: CdaIncludes = { Entry: [author, nameless, category, tag] };
  const links = createLinkResolver({ items: [], includes });

  it('skips links that resolve to nothing and defaults missing names', () => {
    const post = adaptBlogPost(
      base({
        authors: [link('Entry', 'author-1'), link('Entry', 'deleted-author'), link('Entry', 'author-2'), 'junk'],
        category: link('Entry', 'cat-1'),
        tags: [link('Entry', 'tag-1'), link('Entry', 'gone')],
        coverImage: link('Asset', 'gone'),
      }),
      links,
    );
    expect(post.authors).toEqual([
      { id: 'author-1', name: 'Priya Raman' },
      { id: 'author-2', name: 'Unnamed Author' },
    ]);
    expect(post.category).toEqual({ id: 'cat-1', name: 'Unnamed Category', slug: 'cat-1' });
    expect(post.tags).toEqual([{ id: 'tag-1', name: 'Unnamed Tag', slug: 'flow' }]);
    expect(post.coverImage).toBeNull();
    expect(post.title).toBe('Untitled');
    expect(post.slug).toBe('p');
    expect(post.publishDate).toBe('2025-01-02T03:04:05.000Z');
    expect(post.modifiedDate).toBe('2025-02-01T00:00:00.000Z');
  });

  it('an unresolvable category link gives null, never a crash', () => {
    expect(adaptBlogPost(base({ category: link('Entry', 'nope') }), links).category).toBeNull();
  });

  it('uses `body` (markdown or HTML) when `content` is empty, `content` otherwise', () => {
    const emptyDoc = {
      nodeType: 'document',
      data: {},
      content: [{ nodeType: 'paragraph', data: {}, content: [{ nodeType: 'text', value: ' ', marks: [], data: {} }] }],
    };
    const fullDoc = {
      nodeType: 'document',
      data: {},
      content: [
        { nodeType: 'paragraph', data: {}, content: [{ nodeType: 'text', value: 'Rich words', marks: [], data: {} }] },
      ],
    };
    expect(adaptBlogPost(base({ content: emptyDoc, body: '## Heading\n\nSome **markdown**' })).contentFormat).toBe(
      'markdown',
    );
    expect(adaptBlogPost(base({ content: emptyDoc, body: '<p>Some <em>HTML</em></p>' })).contentFormat).toBe('html');
    const rich = adaptBlogPost(base({ content: fullDoc, body: 'ignored' }));
    expect(rich.contentFormat).toBe('richText');
    expect(rich.content).toBe('Rich words');
  });

  it('keeps an explicit reading time and the featured flag', () => {
    const post = adaptBlogPost(base({ body: 'short', readingTime: 7, featured: true }));
    expect(post.readingTime).toBe(7);
    expect(post.featured).toBe(true);
  });

  it('keeps resolved rich-text targets as small plain snapshots (serializable even with cycles)', () => {
    const other: Dict = {
      sys: { id: 'other', type: 'Entry', contentType: link('Entry', 'blogpost') },
      fields: { title: 'Other' },
    };
    const document: RichTextNode = {
      nodeType: 'document',
      data: {},
      content: [{ nodeType: 'embedded-entry-block', data: { target: other }, content: [] }],
    };
    (other.fields as Dict).related = document; // a cycle, as SDK link resolution can produce
    const post = adaptBlogPost(base({ content: document }));
    expect(JSON.stringify(post.rawContent)).toBe(
      JSON.stringify({
        nodeType: 'document',
        data: {},
        content: [
          {
            nodeType: 'embedded-entry-block',
            data: {
              target: {
                sys: {
                  type: 'Entry',
                  id: 'other',
                  contentType: { sys: { type: 'Link', linkType: 'ContentType', id: 'blogpost' } },
                },
                fields: { title: 'Other' },
              },
            },
            content: [],
          },
        ],
      }),
    );
  });

  it('author details: bio, role, email, social (strings only) and avatar URL', () => {
    const avatar = {
      sys: { id: 'img', type: 'Asset' },
      fields: {
        title: 'Portrait',
        file: {
          url: '//images.ctfassets.net/s/img/h/p.jpg',
          contentType: 'image/jpeg',
          details: { image: { width: 400, height: 400 } },
        },
      },
    };
    const entry = {
      sys: { id: 'a', type: 'Entry', contentType: link('Entry', 'author') },
      fields: {
        name: ' Marcus Webb ',
        bio: 'Integration lead',
        role: 'Integration Lead',
        email: 'marcus@example.com',
        social: { github: 'https://github.com/x', followers: 12 },
        avatar: link('Asset', 'img'),
      },
    };
    expect(adaptAuthor(entry, createLinkResolver({ includes: { Asset: [avatar] } }))).toEqual({
      id: 'a',
      name: 'Marcus Webb',
      bio: 'Integration lead',
      role: 'Integration Lead',
      email: 'marcus@example.com',
      social: { github: 'https://github.com/x' },
      avatar: 'https://images.ctfassets.net/s/img/h/p.jpg',
    });
  });

  it('adaptItems reports a broken entry instead of failing the page', () => {
    const collection: Pick<CdaCollection, 'items' | 'includes'> = {
      items: [base({ title: 'Good' }), { sys: { id: 'bad', type: 'Entry' } }],
    };
    const { items, rejected } = adaptItems(collection, adaptBlogPost);
    expect(items.map((item) => item.title)).toEqual(['Good']);
    expect(rejected).toEqual([{ id: 'bad', error: new Error('Invalid entry structure') }]);
  });
});
