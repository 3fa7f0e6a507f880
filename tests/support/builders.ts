// Test-data builders for the content domain: valid objects with unique ids, overridable field by field.
import type { Author, BlogPost, Category, Tag } from '../../src/content/model';
import type { ImageMeta } from '../../src/content/imageService';
import type { PostInput } from '../../src/content/normalize';
import { toBlogPost } from '../../src/content/normalize';

let sequence = 0;
/** A fresh number per call, so ids never collide within a test file. */
const next = (): number => (sequence += 1);

export function buildAuthor(overrides: Partial<Author> = {}): Author {
  const n = next();
  return {
    id: `author-${n}`,
    name: `Author ${n}`,
    bio: `Writes about Salesforce (author ${n}).`,
    avatar: `/images/authors/author-${n}.svg`,
    social: {},
    ...overrides,
  };
}

export function buildCategory(overrides: Partial<Category> = {}): Category {
  const n = next();
  return { id: `category-${n}`, name: `Category ${n}`, slug: `category-${n}`, description: '', ...overrides };
}

export function buildTag(overrides: Partial<Tag> = {}): Tag {
  const n = next();
  return { id: `tag-${n}`, name: `Tag ${n}`, slug: `tag-${n}`, ...overrides };
}

/**
 * A post built through toBlogPost, like every source builds them, so derived fields (plain text,
 * excerpt, reading time, TOC) stay consistent with the body. Override inputs, not derived fields.
 */
export function buildPost(overrides: Partial<PostInput> = {}): BlogPost {
  const n = next();
  return toBlogPost({
    id: `post-${n}`,
    title: `Post ${n}`,
    slug: `post-${n}`,
    body: `## Section ${n}\n\nThe body of post ${n}, with a **little** markdown.`,
    publishDate: new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString(),
    authors: [buildAuthor()],
    category: buildCategory(),
    tags: [buildTag()],
    featured: false,
    ...overrides,
  });
}

/** An uploaded image's metadata as the image API answers it. */
export function buildImageMeta(overrides: Partial<ImageMeta> = {}): ImageMeta {
  return {
    id: 'img-1',
    filename: 'team.jpg',
    contentType: 'image/jpeg',
    size: 2048,
    width: 800,
    height: 600,
    createdAt: '2026-11-21T12:00:00.000Z',
    url: '/api/images/img-1/file',
    ...overrides,
  };
}

/** The archive the listing tests page through: its two categories and two tags. */
export const archiveTerms = {
  ai: { id: 'c-ai', name: 'Salesforce AI', slug: 'salesforce-ai', description: 'Einstein, agents and data.' },
  strategy: { id: 'c-strategy', name: 'Salesforce Strategy', slug: 'salesforce-strategy' },
  apex: { id: 't-apex', name: 'Apex', slug: 'apex' },
  data: { id: 't-data', name: 'Data', slug: 'data' },
} as const;

/**
 * 30 posts `p0`…`p29` (slugs `post-0`…, titles "Article number 0"…), newest first, a day apart: even ones
 * Salesforce AI (15), odd ones Strategy; every fifth tagged Apex (6), the rest Data; all by Priya Raman.
 */
export function buildArchive(): BlogPost[] {
  const author = buildAuthor({ name: 'Priya Raman' });
  const { ai, strategy, apex, data } = archiveTerms;
  return Array.from({ length: 30 }, (_, i) =>
    buildPost({
      id: `p${i}`,
      slug: `post-${i}`,
      title: `Article number ${i}`,
      publishDate: new Date(Date.UTC(2026, 5, 30) - i * 86_400_000).toISOString(),
      category: i % 2 === 0 ? ai : strategy,
      tags: [i % 5 === 0 ? apex : data],
      authors: [author],
    }),
  );
}
