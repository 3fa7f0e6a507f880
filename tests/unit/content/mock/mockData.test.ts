// The mock blog data (docs/requirements.md#mock-blog-data): its shape, and that the demo articles are complete and consistent.
import fs from 'node:fs';
import path from 'node:path';
import type { MockPost } from '../../../../src/content/mock/data';
import { mockAuthors, mockCategories, mockPosts, mockTags } from '../../../../src/content/mock/data';
import { buildMockPosts } from '../../../../src/content/mock/mockSource';
import { countWords, readingTime } from '../../../../src/content/text';
import { serviceSlugs } from '../../../support/routeTable';

const PUBLIC_DIR = path.resolve(__dirname, '../../../../public');
const publicFile = (url: string): string => path.join(PUBLIC_DIR, url);

const posts = buildMockPosts();
const postCases = mockPosts.map((post) => [post.slug, post] as const);

/** Link targets of markdown links and images. */
const markdownLinks = (markdown: string): string[] =>
  [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '');

/** A link a demo article may contain: example.com, or a page this site has. */
function isAllowedLink(href: string): boolean {
  if (/^https:\/\/(?:[a-z0-9-]+\.)*example\.com(\/|$)/.test(href)) return true;
  const service = /^\/services\/([a-z0-9-]+)$/.exec(href);
  if (service) return (serviceSlugs as readonly string[]).includes(service[1] ?? '');
  const blog = /^\/blog\/([a-z0-9-]+)$/.exec(href);
  if (blog) return mockPosts.some((post) => post.slug === blog[1]);
  return href === '/contact';
}

describe('mock taxonomy and authors', () => {
  it('has the two authors, two categories and three tags of the spec', () => {
    expect(mockAuthors).toHaveLength(2);
    expect(mockCategories.map((category) => category.name)).toEqual(['Technology', 'Cloud Computing']);
    expect(mockTags.map((tag) => tag.name)).toEqual(['React', 'TypeScript', 'Cloud']);
  });

  it('gives every category an id, a slug and a description, and every tag an id and slug', () => {
    for (const category of mockCategories) {
      expect(Object.keys(category).sort()).toEqual(['description', 'id', 'name', 'slug']);
      expect(category.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(category.description).toMatch(/\S/);
    }
    for (const tag of mockTags) {
      expect(Object.keys(tag).sort()).toEqual(['id', 'name', 'slug']);
      expect(tag.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it.each(mockAuthors.map((author) => [author.name, author] as const))(
    '%s is complete, with a local avatar',
    (_name, author) => {
      expect(author.bio.length).toBeGreaterThan(40);
      expect(Object.keys(author.social).sort()).toEqual(['github', 'linkedin', 'twitter']);
      // Fictional people: their profile links must not point at real accounts.
      for (const url of Object.values(author.social)) expect(url).toMatch(/^https:\/\/[a-z]+\.example\.com\//);
      expect(author.avatar).toMatch(/^\/images\/authors\/[a-z-]+\.svg$/);
      const svg = fs.readFileSync(publicFile(author.avatar), 'utf8');
      expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    },
  );
});

describe('mock posts', () => {
  it('has four posts with unique ids and slugs', () => {
    expect(mockPosts).toHaveLength(4);
    expect(new Set(mockPosts.map((post) => post.id)).size).toBe(4);
    expect(new Set(mockPosts.map((post) => post.slug)).size).toBe(4);
  });

  it('has two featured posts and covers every category and tag', () => {
    expect(mockPosts.filter((post) => post.featured)).toHaveLength(2);
    for (const category of mockCategories) expect(mockPosts.some((post) => post.category === category.id)).toBe(true);
    for (const tag of mockTags) expect(mockPosts.some((post) => post.tags.includes(tag.id))).toBe(true);
  });

  it('has at least one code block', () => {
    expect(mockPosts.some((post) => /^```\w+$/m.test(post.content))).toBe(true);
  });

  describe.each(postCases)('%s', (slug, record: MockPost) => {
    const post = posts.find((candidate) => candidate.slug === slug)!;

    it('refers only to authors, a category and tags that exist', () => {
      expect(record.authors.length).toBeGreaterThan(0);
      for (const id of record.authors) expect(mockAuthors.map((author) => author.id)).toContain(id);
      expect(mockCategories.map((category) => category.id)).toContain(record.category);
      for (const id of record.tags) expect(mockTags.map((tag) => tag.id)).toContain(id);
      expect(post.authors).toHaveLength(record.authors.length);
      expect(post.category?.id).toBe(record.category);
      expect(post.tags.map((tag) => tag.id)).toEqual(record.tags);
    });

    it('is markdown, and the normalizer detects it as markdown', () => {
      expect(record.contentFormat).toBe('markdown');
      expect(post.contentFormat).toBe('markdown');
      expect(post.rawContent).toBe(record.content);
      expect(record.status).toBe('published');
    });

    it('is a full article of 500–900 words with sections, subsections and lists', () => {
      expect(countWords(post.content)).toBeGreaterThanOrEqual(500);
      expect(countWords(post.content)).toBeLessThanOrEqual(900);
      expect(record.content).toMatch(/^## \S/m);
      expect(record.content).toMatch(/^### \S/m);
      expect(record.content).toMatch(/^(- |\d+\. )\S/m);
      expect(post.tocItems.length).toBeGreaterThanOrEqual(4);
    });

    it('states the reading time the text really takes', () => {
      expect(record.readingTime).toBe(readingTime(post.content));
      expect(post.readingTime).toBe(record.readingTime);
    });

    it('has a hand-written excerpt within 160 characters', () => {
      expect(record.excerpt.length).toBeGreaterThan(60);
      expect(record.excerpt.length).toBeLessThanOrEqual(160);
      expect(post.excerpt).toBe(record.excerpt);
    });

    it('links only to example.com or to pages of this site', () => {
      const links = markdownLinks(record.content);

      expect(links.length).toBeGreaterThan(0);
      for (const href of links) expect([href, isAllowedLink(href)]).toEqual([href, true]);
    });

    it('has ISO dates, modified no earlier than published', () => {
      expect(new Date(record.publishDate).toISOString()).toBe(record.publishDate);
      expect(new Date(record.modifiedDate).toISOString()).toBe(record.modifiedDate);
      expect(Date.parse(record.modifiedDate)).toBeGreaterThanOrEqual(Date.parse(record.publishDate));
    });

    it('has a local 1200x900 SVG cover with alt text', () => {
      const { alt, ...rest } = record.coverImage;
      expect(rest).toEqual({ url: `/images/blog/${slug}.svg`, width: 1200, height: 900 });
      expect(alt.length).toBeGreaterThan(20);
      expect(post.coverImage).toEqual({ ...record.coverImage, source: 'other' });
      const svg = fs.readFileSync(publicFile(record.coverImage.url), 'utf8');
      expect(svg).toMatch(/viewBox="0 0 1200 900"/);
    });
  });
});
