// The snapshot's own bookkeeping with a fake read: paging through a space that changes while it is
// read, and handing to the per-request source what the snapshot cannot answer exactly.
import type { CdaCollection, CdaQuery } from '../../../../src/content/contentful/cdaTypes';
import { createSnapshotSource } from '../../../../src/content/contentful/snapshot';
import type { BlogPost, Page } from '../../../../src/content/model';
import type { ContentSource } from '../../../../src/content/source';

const post = (id: string, publishDate: string) => ({
  sys: { id, type: 'Entry', contentType: { sys: { type: 'Link', linkType: 'ContentType', id: 'blogpost' } } },
  fields: {
    title: `Post ${id}`,
    slug: id,
    publishDate,
    body: `About ${id}`,
    category: { sys: { type: 'Link', linkType: 'Entry', id: 'cat-1' } },
    authors: [{ sys: { type: 'Link', linkType: 'Entry', id: 'author-1' } }],
  },
});
const author = {
  sys: { id: 'author-1', type: 'Entry', contentType: { sys: { type: 'Link', linkType: 'ContentType', id: 'author' } } },
  fields: { name: 'Ada Author' },
};
const collection = (items: unknown[], total: number, skip: number): CdaCollection => ({
  sys: { type: 'Array' },
  total,
  skip,
  limit: 2,
  items,
  includes: { Entry: [author] },
});

const livePage: Page<BlogPost> = { items: [], total: 99, skip: 0, limit: 10, hasNextPage: false };
function fakeLive(): ContentSource & { getPosts: jest.Mock; searchPosts: jest.Mock } {
  return {
    kind: 'contentful',
    getPosts: jest.fn(() => Promise.resolve(livePage)),
    getPostBySlug: jest.fn(),
    getRelatedPosts: jest.fn(),
    getTrendingPosts: jest.fn(),
    searchPosts: jest.fn(() => Promise.resolve(livePage)),
    getCategories: jest.fn(),
    getTags: jest.fn(),
    getAuthors: jest.fn(),
    getConnectionStatus: jest.fn(),
    reconnect: jest.fn(),
  } as unknown as ContentSource & { getPosts: jest.Mock; searchPosts: jest.Mock };
}

const [a, b, c, d] = [
  post('a', '2025-04-01'),
  post('b', '2025-03-01'),
  post('c', '2025-02-01'),
  post('d', '2025-01-01'),
];

describe('createSnapshotSource', () => {
  it('reads page after page, advancing by what came back; an entry met twice keeps its first place', async () => {
    // 'new' was published between the first and second read, pushing 'b' onto the second page.
    const pages: Record<string, CdaCollection> = {
      '0': collection([a, b], 5, 0),
      '2': collection([b], 5, 2), // a short page: the next read starts right after it
      '3': collection([c, d], 5, 3),
    };
    const read = jest.fn((query: CdaQuery) => Promise.resolve(pages[String(query.skip)] ?? collection([], 5, 5)));
    const source = createSnapshotSource(fakeLive(), read, { postPageSize: 2 });
    const page = await source.getPosts();
    expect(page.items.map((item) => item.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(page.items[0]?.authors.map((person) => person.name)).toEqual(['Ada Author']);
    expect(read.mock.calls.map(([query]) => query.skip)).toEqual([0, 2, 3]);
    expect(read.mock.calls[0]?.[0]).toMatchObject({ content_type: 'blogpost', order: '-fields.publishDate', limit: 2 });
  });

  it('leaves values the API refuses, and posts published after the snapshot, to the per-request source', async () => {
    const live = fakeLive();
    const read = jest.fn((query: CdaQuery) =>
      Promise.resolve(
        query.select
          ? // The API's answer names 'e', which the snapshot has not seen.
            collection([{ sys: { id: 'e', type: 'Entry' } }, { sys: { id: 'a', type: 'Entry' } }], 2, 0)
          : collection([a, b, c, d], 4, 0),
      ),
    );
    const source = createSnapshotSource(live, read);
    await expect(source.getPosts({ limit: 5000 })).resolves.toBe(livePage);
    await expect(source.getPosts({ sortBy: 'title-az' })).resolves.toBe(livePage);
    await expect(source.searchPosts('post', 10, -1)).resolves.toBe(livePage);
    expect(live.getPosts.mock.calls).toEqual([[{ limit: 5000 }], [{ sortBy: 'title-az' }]]);
    expect(live.searchPosts).toHaveBeenCalledWith('post', 10, -1);
    // Nothing the snapshot holds went to the per-request source.
    await expect(source.getPosts({ limit: 2 })).resolves.toMatchObject({ total: 4, hasNextPage: true });
    expect(live.getPosts).toHaveBeenCalledTimes(2);
  });
});
