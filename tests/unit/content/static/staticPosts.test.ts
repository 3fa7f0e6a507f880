// The three static embedded posts (docs/requirements.md#static-posts): content, lookup, related helper, conversion.
import fs from 'node:fs';
import path from 'node:path';
import {
  findStaticPost,
  parseDisplayDate,
  relatedStaticPosts,
  staticPostToBlogPost,
  staticPosts,
} from '../../../../src/content/static/staticPosts';
import { countWords, detectFormat, toPlainText } from '../../../../src/content/text';
import { serviceSlugs } from '../../../support/routeTable';

const PUBLIC_DIR = path.resolve(__dirname, '../../../../public');
const hrefs = (html: string): string[] => [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1] ?? '');

describe('staticPosts', () => {
  it('has three posts in the categories of the spec', () => {
    expect(staticPosts.map((post) => post.category)).toEqual(['Salesforce AI', 'Salesforce Strategy', 'Integration']);
    expect(new Set(staticPosts.map((post) => post.id)).size).toBe(3);
    expect(new Set(staticPosts.map((post) => post.slug)).size).toBe(3);
  });

  describe.each(staticPosts.map((post) => [post.slug, post] as const))('%s', (_slug, post) => {
    it('is an HTML article of 400–700 words with h2, h3, p and ul', () => {
      expect(detectFormat(post.content)).toBe('html');
      const words = countWords(toPlainText(post.content, 'html'));
      expect(words).toBeGreaterThanOrEqual(400);
      expect(words).toBeLessThanOrEqual(700);
      for (const tag of ['h2', 'h3', 'p', 'ul', 'li']) expect(post.content).toContain(`<${tag}>`);
      // Only the tags the renderer styles, so nothing arrives unstyled.
      const tags = new Set([...post.content.matchAll(/<([a-z0-9]+)[\s>]/g)].map((match) => match[1]));
      expect(
        [...tags].filter((tag) => !['h2', 'h3', 'p', 'ul', 'li', 'a', 'em', 'strong'].includes(tag ?? '')),
      ).toEqual([]);
    });

    it('has a title, a slug and an excerpt within 160 characters', () => {
      expect(post.title.length).toBeGreaterThan(10);
      expect(post.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(post.excerpt.length).toBeGreaterThan(60);
      expect(post.excerpt.length).toBeLessThanOrEqual(160);
    });

    it('has a readable date, an author with role and avatar, and a local cover image', () => {
      expect(parseDisplayDate(post.date)).toBeDefined();
      expect(Object.keys(post.author).sort()).toEqual(['avatarUrl', 'name', 'role']);
      expect(post.author.role).toMatch(/\S/);
      expect(fs.existsSync(path.join(PUBLIC_DIR, post.author.avatarUrl))).toBe(true);
      expect(post.imageUrl).toBe(`/images/blog/${post.slug}.svg`);
      expect(fs.readFileSync(path.join(PUBLIC_DIR, post.imageUrl), 'utf8')).toContain('viewBox="0 0 1200 900"');
    });

    it('links only to service pages of this site or example.com', () => {
      const links = hrefs(post.content);

      expect(links.length).toBeGreaterThan(0);
      for (const href of links) {
        const service = /^\/services\/([a-z0-9-]+)$/.exec(href)?.[1];
        const allowed =
          /^https:\/\/example\.com\//.test(href) || (serviceSlugs as readonly string[]).includes(service ?? '');
        expect([href, allowed]).toEqual([href, true]);
      }
    });
  });
});

describe('findStaticPost', () => {
  it('finds each post by its slug', () => {
    for (const post of staticPosts) expect(findStaticPost(post.slug)).toBe(post);
  });

  it('ignores surrounding spaces', () => {
    expect(findStaticPost(' choosing-the-right-salesforce-integration-pattern ')?.category).toBe('Integration');
  });

  it.each([
    ['an unknown slug', 'nope'],
    ['an empty slug', ''],
    ['a blank slug', '  '],
    ['an id', 'static-salesforce-roadmap'],
  ])('gives undefined for %s', (_label, slug) => {
    expect(findStaticPost(slug)).toBeUndefined();
  });
});

describe('relatedStaticPosts', () => {
  it('gives the other posts, never the one asked about', () => {
    for (const post of staticPosts) {
      const related = relatedStaticPosts(post.id);

      expect(related).toHaveLength(2);
      expect(related.map((other) => other.id)).not.toContain(post.id);
    }
  });

  it('gives all three for an id that is not a static post, at most 3', () => {
    expect(relatedStaticPosts('unknown')).toHaveLength(3);
    expect(relatedStaticPosts('unknown', 10)).toHaveLength(3);
  });

  it('gives at most the limit asked for', () => {
    expect(relatedStaticPosts('unknown', 1)).toEqual([staticPosts[0]]);
    expect(relatedStaticPosts('unknown', 0)).toEqual([]);
    expect(relatedStaticPosts('unknown', -2)).toEqual([]);
  });
});

describe('parseDisplayDate', () => {
  it.each([
    ['May 6, 2025', '2025-05-06T00:00:00.000Z'],
    ['June 10, 2025', '2025-06-10T00:00:00.000Z'],
    ['Dec 31, 2024', '2024-12-31T00:00:00.000Z'],
    ['Sept. 3 2025', '2025-09-03T00:00:00.000Z'],
  ])('reads %s as midnight UTC', (text, iso) => {
    expect(parseDisplayDate(text)).toBe(iso);
  });

  it.each(['', 'soon', '2025-05-06', 'Ma 6, 2025', 'February 30, 2025', 'Smarch 1, 2025'])(
    'gives undefined for %j',
    (text) => {
      expect(parseDisplayDate(text)).toBeUndefined();
    },
  );
});

describe('staticPostToBlogPost', () => {
  const [source] = staticPosts;
  const post = staticPostToBlogPost(source!);

  it('keeps the identity, text and HTML body', () => {
    expect(post).toMatchObject({
      id: source!.id,
      title: source!.title,
      slug: source!.slug,
      excerpt: source!.excerpt,
      rawContent: source!.content,
      contentFormat: 'html',
      status: 'published',
      featured: false,
      tags: [],
    });
    expect(post.content).not.toMatch(/[<>]/);
    expect(post.content).toContain('Start with one well-defined use case');
  });

  it('turns the display date into an ISO publish date', () => {
    expect(post.publishDate).toBe('2025-05-06T00:00:00.000Z');
    expect(post.modifiedDate).toBe(post.publishDate);
  });

  it('turns the author, category and image into domain objects', () => {
    expect(post.authors).toEqual([
      {
        id: 'static-author-dana-whitfield',
        name: 'Dana Whitfield',
        role: 'Principal Salesforce Architect',
        avatar: '/images/authors/dana-whitfield.svg',
      },
    ]);
    expect(post.category).toEqual({
      id: 'static-category-salesforce-ai',
      name: 'Salesforce AI',
      slug: 'salesforce-ai',
    });
    expect(post.coverImage).toEqual({
      url: source!.imageUrl,
      alt: source!.title,
      width: 1200,
      height: 900,
      source: 'other',
    });
  });

  it('derives reading time and the table of contents from the HTML', () => {
    expect(post.readingTime).toBe(3);
    expect(post.tocItems.map((item) => item.text)).toEqual([
      'Start with one well-defined use case',
      'Fix the data the AI will read',
      'Set guardrails before launch',
      'Measure, then expand',
    ]);
    expect(post.tocItems[1]?.children.map((item) => item.id)).toEqual(['heading-2', 'heading-3']);
  });

  it('converts every static post', () => {
    expect(staticPosts.map(staticPostToBlogPost).map((converted) => converted.category?.slug)).toEqual([
      'salesforce-ai',
      'salesforce-strategy',
      'integration',
    ]);
  });
});
