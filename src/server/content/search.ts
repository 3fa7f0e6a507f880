// Search over every post (issue #18): a MiniSearch index of the live content's posts by title,
// excerpt, tags, category, authors and body text, kept up to date by each content change (only the
// changed posts are re-indexed). The blog's search box calls GET /api/search once the visitor types,
// so the index never reaches the browser and no page's first load grows.
import MiniSearch from 'minisearch';
import type { Query } from 'minisearch';
import type { BlogPost, Page, PostTeaser } from '../../content/model';
import { toPage, toPostTeaser } from '../../content/model';
import { readAllPosts } from './liveContent';
import type { ContentUpdate, ContentVersion, LiveContent } from './liveContent';

export interface SearchDocument {
  id: string;
  title: string;
  excerpt: string;
  tags: string;
  category: string;
  authors: string;
  content: string;
}

const FIELDS = ['title', 'excerpt', 'tags', 'category', 'authors', 'content'] as const;

const toDocument = (post: BlogPost): SearchDocument => ({
  id: post.id,
  title: post.title,
  excerpt: post.excerpt,
  tags: post.tags.map((tag) => tag.name).join(' '),
  category: post.category?.name ?? '',
  authors: post.authors.map((author) => author.name).join(' '),
  content: post.content,
});

/**
 * Words too common to tell posts apart. Left in, "to" or "with" match most of a large archive, and every keystroke
 * scores all of those posts; dropped from documents and queries alike, they change no result a visitor would want.
 */
const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'by',
  'for',
  'from',
  'how',
  'in',
  'is',
  'it',
  'its',
  'of',
  'on',
  'or',
  'that',
  'the',
  'this',
  'to',
  'was',
  'what',
  'when',
  'why',
  'with',
  'you',
  'your',
]);

const processTerm = (term: string): string | null => {
  const lower = term.toLowerCase();
  return STOP_WORDS.has(lower) ? null : lower;
};

/** Where a word start shorter than SHORT_TERM matches: the fields a visitor scans, not the body text. */
const SHORT_TERM_FIELDS = ['title', 'tags', 'category', 'authors'];
const SHORT_TERM = 3;
const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];

/**
 * The index query for what the visitor typed: every word must match (AND), each as a word start or with one typo in
 * five letters. A word of one or two letters (say the "w" just typed, or "AI") matches a whole word anywhere but a word
 * start only in titles, tags, categories and authors: as a word start in body text it matches nearly every post of a
 * large archive, and scoring all of them made each such keystroke the slowest of a search (bench:blog).
 */
export function searchQuery(text: string): Query {
  const terms = tokenize(text).flatMap((token) => processTerm(token) ?? []);
  return {
    combineWith: 'AND',
    queries: terms.map((term): Query =>
      term.length >= SHORT_TERM
        ? term
        : {
            combineWith: 'OR',
            queries: [
              { queries: [term], prefix: false, fuzzy: false },
              { queries: [term], fields: SHORT_TERM_FIELDS, prefix: true, fuzzy: false },
            ],
          },
    ),
  };
}

export function newIndex(): MiniSearch<SearchDocument> {
  return new MiniSearch<SearchDocument>({
    fields: [...FIELDS],
    processTerm,
    searchOptions: {
      boost: { title: 4, tags: 2, category: 2, authors: 2, excerpt: 1.5 },
      // "agentfor" finds Agentforce while typing; one typo in five letters is forgiven.
      prefix: true,
      fuzzy: 0.2,
      combineWith: 'AND',
    },
  });
}

export class PostSearch {
  private index = newIndex();
  private readonly teasers = new Map<string, PostTeaser>();
  private building: Promise<void> | null = null;
  private builtVersion = -1;

  constructor(private readonly content: LiveContent) {}

  /** Up to `limit` posts matching `query`, best first; a blank query matches nothing. */
  async search(query: string, limit: number, skip: number): Promise<Page<PostTeaser>> {
    const text = query.trim();
    if (!text) return toPage([], 0, skip, limit);
    await this.ensureBuilt();
    const hits = this.index.search(searchQuery(text));
    const items = hits.slice(skip, skip + limit).flatMap((hit) => {
      const teaser = this.teasers.get(String(hit.id));
      return teaser ? [teaser] : [];
    });
    return toPage(items, hits.length, skip, limit);
  }

  /** Re-indexes the posts a content update changed (or everything, when it cannot tell which). */
  async apply(update: ContentUpdate): Promise<void> {
    if (this.builtVersion !== update.before.version || !update.after.view) {
      this.building = null;
      await this.ensureBuilt();
      return;
    }
    const { view, source } = update.after;
    const onlyPosts = [...update.delta.entryTypes.values()].every((type) => type === 'blogpost');
    if (!onlyPosts || update.delta.assets.size > 0) {
      // An author, category or tag renamed shows in many documents: index again, off the request path.
      await this.rebuild(update.after);
      return;
    }
    for (const id of update.delta.entries) {
      if (this.index.has(id)) this.index.discard(id);
      this.teasers.delete(id);
      const slug = view.entry(id)?.fields.slug;
      const post = typeof slug === 'string' ? await source.getPostBySlug(slug).catch(() => null) : null;
      if (post && post.id === id) {
        this.index.add(toDocument(post));
        this.teasers.set(id, toPostTeaser(post));
      }
    }
    this.builtVersion = update.after.version;
  }

  private ensureBuilt(): Promise<void> {
    this.building ??= (async () => {
      await this.content.ready();
      const current = this.content.current();
      if (current.version !== this.builtVersion) await this.rebuild(current);
    })().catch((error: unknown) => {
      this.building = null;
      throw error;
    });
    return this.building;
  }

  private async rebuild({ version, source }: ContentVersion): Promise<void> {
    const posts = await readAllPosts(source);
    const index = newIndex();
    // In chunks, so a 10,000-post index does not hold the event loop for a second.
    await index.addAllAsync(posts.map(toDocument), { chunkSize: 250 });
    this.index = index;
    this.teasers.clear();
    for (const post of posts) this.teasers.set(post.id, toPostTeaser(post));
    this.builtVersion = version;
  }
}
