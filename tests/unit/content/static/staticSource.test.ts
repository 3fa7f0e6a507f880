// The 'static' content source: the three embedded posts behind the ContentSource interface, chosen
// with CONTENT_SOURCE=static, searched by the static list's rule (docs/requirements.md#case-insensitive-filters).
import { chooseSourceKind, contentOrigins, createContentSource } from '../../../../src/content/source';
import { createStaticSource } from '../../../../src/content/static/staticSource';

const AI = 'Preparing Your Org for Salesforce AI';
const ROADMAP = 'Building a Salesforce Roadmap Your Leadership Will Fund';
const INTEGRATION = 'Choosing the Right Salesforce Integration Pattern';

const titlesOf = (page: { items: { title: string }[] }) => page.items.map((post) => post.title);

describe('static content source', () => {
  it('is chosen with CONTENT_SOURCE=static, even when Contentful credentials are set, and fetches nothing', async () => {
    const env = { CONTENT_SOURCE: 'static', CONTENTFUL_SPACE_ID: 's', CONTENTFUL_ACCESS_TOKEN: 't' };
    expect(chooseSourceKind(env)).toBe('static');
    expect(contentOrigins(env)).toEqual([]);
    const source = await createContentSource(env);
    expect(source.kind).toBe('static');
    expect(titlesOf(await source.getPosts())).toEqual([INTEGRATION, ROADMAP, AI]);
  });

  describe('search (case-insensitive, in the title or the excerpt)', () => {
    const source = createStaticSource();

    it('matches the title whatever the case', async () => {
      expect(titlesOf(await source.searchPosts('sALESFORCE ai'))).toEqual([AI]);
      expect(titlesOf(await source.searchPosts('LEADERSHIP WILL FUND'))).toEqual([ROADMAP]);
    });

    it('matches the excerpt', async () => {
      // 'guardrails' is in the first post's excerpt, not its title.
      expect(titlesOf(await source.searchPosts('GuardRails'))).toEqual([AI]);
      expect(titlesOf(await source.searchPosts('Middleware Earns'))).toEqual([INTEGRATION]);
    });

    it('does not look in the body', async () => {
      // 'invoices' appears only in the integration post's body.
      const page = await source.searchPosts('invoices');
      expect(page.items).toEqual([]);
      expect(page.total).toBe(0);
    });

    it('gives an empty page for blank text, and pages what it finds', async () => {
      expect(await source.searchPosts('   ')).toMatchObject({ items: [], total: 0 });
      const first = await source.searchPosts('salesforce', 2, 0);
      expect(first).toMatchObject({ total: 3, hasNextPage: true });
      expect(titlesOf(first)).toEqual([INTEGRATION, ROADMAP]);
      expect(titlesOf(await source.searchPosts('salesforce', 2, 2))).toEqual([AI]);
    });

    it('filters the listing by the same rule', async () => {
      expect(titlesOf(await source.getPosts({ query: 'guardrails' }))).toEqual([AI]);
      expect(titlesOf(await source.getPosts({ query: 'invoices' }))).toEqual([]);
    });
  });

  it('reads posts by slug, category (case-insensitive), related and trending', async () => {
    const source = createStaticSource();
    expect((await source.getPostBySlug('preparing-your-org-for-salesforce-ai'))?.title).toBe(AI);
    expect(await source.getPostBySlug('')).toBeNull();
    expect(titlesOf(await source.getPosts({ category: 'INTEGRATION' }))).toEqual([INTEGRATION]);
    const categories = await source.getCategories();
    expect(categories.items.map((category) => category.name)).toEqual([
      'Integration',
      'Salesforce AI',
      'Salesforce Strategy',
    ]);
    const post = await source.getPostBySlug('choosing-the-right-salesforce-integration-pattern');
    if (!post) throw new Error('missing post');
    expect((await source.getRelatedPosts(post)).map((related) => related.title)).toEqual([AI, ROADMAP]);
    expect((await source.getTrendingPosts(1)).map((trending) => trending.title)).toEqual([INTEGRATION]);
  });

  it('hands out copies, so a caller cannot change the source', async () => {
    const source = createStaticSource();
    const [first] = (await source.getPosts()).items;
    if (!first) throw new Error('no posts');
    first.title = 'Changed';
    expect(titlesOf(await source.getPosts())).not.toContain('Changed');
  });
});
