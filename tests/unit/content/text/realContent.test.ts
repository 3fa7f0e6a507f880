// The text cards show (excerpts) and search reads (plain text) for real content: the CDA simulator's
// seeded posts read through the contentful SDK and our source, and the recorded Contentful responses
// (tests/fixtures/contentful, see PROVENANCE.md) through the adapter the source uses.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Parser } from 'htmlparser2';
import { Marked } from 'marked';
import type { Tokens } from 'marked';
import type { AdaptedItems } from '../../../../src/content/contentful/adapter';
import { adaptBlogPost, adaptItems, fromLocalizedEntity } from '../../../../src/content/contentful/adapter';
import type { CdaIncludes } from '../../../../src/content/contentful/cdaTypes';
import { createContentfulSource } from '../../../../src/content/contentful/contentfulSource';
import type { BlogPost } from '../../../../src/content/model';
import { RateLimiter } from '../../../../src/content/resilience/rateLimiter';
import { extractHeadings } from '../../../../src/content/text';
import { buildSeed } from '../../../support/cda/seed';
import type { CdaSimulator } from '../../../support/cda/simulator';
import { startCdaSimulator } from '../../../support/cda/simulator';

const FIXTURES = path.resolve(__dirname, '../../../fixtures/contentful');

type Dict = Record<string, unknown>;
const readJson = (file: string): Dict => JSON.parse(readFileSync(path.join(FIXTURES, file), 'utf8')) as Dict;
const isObject = (value: unknown): value is Dict => typeof value === 'object' && value !== null;
const blogpostSys = (sys: unknown): Dict => ({
  ...(sys as Dict),
  contentType: { sys: { type: 'Link', linkType: 'ContentType', id: 'blogpost' } },
});

/** A recorded entry as a blog post whose body is `body`: rich text goes to `content`, text to `body`. */
const asBlogPost = (entry: Dict, title: unknown, body: unknown): Dict => ({
  sys: blogpostSys(entry.sys),
  fields: { title, ...(typeof body === 'string' ? { body } : { content: body }) },
});

/** Every recorded entry with a body, adapted as a blog post from its response (links from its includes). */
function recordedPosts(): AdaptedItems<BlogPost> {
  const all: AdaptedItems<BlogPost> = { items: [], rejected: [] };
  const adapt = (items: Dict[], includes?: CdaIncludes): void => {
    const adapted = adaptItems({ items, includes }, adaptBlogPost);
    all.items.push(...adapted.items);
    all.rejected.push(...adapted.rejected);
  };
  const entriesOf = (response: Dict): Dict[] =>
    ((response.items ?? []) as unknown[])
      .map((item) => fromLocalizedEntity(item))
      .filter((item): item is Dict => isObject(item) && isObject(item.sys) && item.sys.type === 'Entry');

  const richTextDir = 'contentful-java-cda/rich_text';
  for (const file of readdirSync(path.join(FIXTURES, richTextDir)).filter((name) => name.endsWith('.json'))) {
    const response = readJson(path.join(richTextDir, file));
    const items = entriesOf(response)
      .filter((entry) => isObject((entry.fields as Dict).rich))
      .map((entry) => asBlogPost(entry, (entry.fields as Dict).name, (entry.fields as Dict).rich));
    adapt(items, response.includes as CdaIncludes | undefined);
  }

  const demo = readJson('contentful-java-cda/demo/entries.json');
  adapt(
    entriesOf(demo)
      .filter((entry) => typeof (entry.fields as Dict).description === 'string')
      .map((entry) => asBlogPost(entry, (entry.fields as Dict).name, (entry.fields as Dict).description)),
  );

  const starter = readJson('starter-gatsby-blog/export.json');
  const starterEntries = ((starter.entries ?? []) as unknown[])
    .map((item) => fromLocalizedEntity(item))
    .filter((entry): entry is Dict => isObject(entry) && isObject(entry.sys));
  adapt(
    starterEntries
      .filter((entry) => (entry.sys as { contentType?: { sys: { id: string } } }).contentType?.sys.id === 'blogPost')
      .flatMap((entry) => {
        const fields = entry.fields as Dict;
        return [asBlogPost(entry, fields.title, fields.body), asBlogPost(entry, fields.title, fields.description)];
      }),
  );
  return all;
}

const ENTITY = /&(#\d+|#x[\da-f]+|[a-z][a-z\d]*);/i;
// An element's tag, not code such as Map<Id, Account> (its '<' is followed by a name and a comma).
const MARKUP = /<\/?[a-z][a-z\d-]*(\s[^<>]*)?\/?>/i;
const MARKDOWN = /\*\*|`|\]\(|!\[|^#{1,6}\s/m;

interface CardText {
  id: string;
  field: 'excerpt' | 'content';
  text: string;
}

const cardTexts = (posts: readonly BlogPost[]): CardText[] =>
  posts.flatMap((post) => [
    { id: post.id, field: 'excerpt' as const, text: post.excerpt },
    { id: post.id, field: 'content' as const, text: post.content },
  ]);

/** Headings whose text is not a line of its own in the post's plain text (so it ran into the next sentence). */
const headingsRunIn = (posts: readonly BlogPost[]): string[] =>
  posts.flatMap((post) => {
    const lines = post.content.split('\n');
    return extractHeadings(post.rawContent, post.contentFormat)
      .filter((heading) => heading.text && !lines.includes(heading.text))
      .map((heading) => `${post.id}: ${heading.text}`);
  });

/**
 * Excerpts that open with one of the post's headings and go on into more text, run in ("TitleFirst")
 * or after a space ("Why bulk matters Apex runs…"): a card's teaser is the prose under the heading.
 */
const excerptsOpeningWithHeading = (posts: readonly BlogPost[]): string[] =>
  posts.flatMap((post) =>
    extractHeadings(post.rawContent, post.contentFormat)
      .filter(
        ({ text }) => text !== '' && post.excerpt.startsWith(text) && !/^…?$/.test(post.excerpt.slice(text.length)),
      )
      .map(({ text }) => `${post.id}: "${text}" opens "${post.excerpt}"`),
  );

/** The text of an HTML body's <pre> blocks. */
function htmlCodeBlocks(html: string): string[] {
  const blocks: string[][] = [];
  let depth = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === 'pre' && (depth += 1) === 1) blocks.push([]);
      },
      ontext(text) {
        if (depth > 0) blocks.at(-1)?.push(text);
      },
      onclosetag(name) {
        if (name === 'pre') depth = Math.max(0, depth - 1);
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return blocks.map((parts) => parts.join(''));
}

const markdown = new Marked({ gfm: true });

/** The text of a body's code blocks: markdown's fenced and indented ones, HTML's <pre> (rich text has none). */
function codeBlocks(post: BlogPost): string[] {
  if (typeof post.rawContent !== 'string') return [];
  if (post.contentFormat === 'html') return htmlCodeBlocks(post.rawContent);
  const blocks: string[] = [];
  void markdown.walkTokens(markdown.lexer(post.rawContent), (token) => {
    if (token.type === 'code') blocks.push((token as Tokens.Code).text);
    else if (token.type === 'html') blocks.push(...htmlCodeBlocks((token as Tokens.HTML).text));
  });
  return blocks;
}

/** The lines of code long enough to tell apart from prose (not a lone brace or `end`). */
const codeLines = (post: BlogPost): string[] =>
  codeBlocks(post)
    .flatMap((block) => block.split('\n'))
    .map((line) => line.trim())
    .filter((line) => line.length >= 8);

/** The text ends in the first `minimum` or more characters of `line`, as an excerpt cut inside it would. */
const endsInStartOf = (text: string, line: string, minimum = 4): boolean => {
  for (let length = Math.min(line.length, text.length); length >= minimum; length -= 1) {
    if (text.endsWith(line.slice(0, length))) return true;
  }
  return false;
};

/** Excerpts holding a line of one of the post's code blocks, whole or cut short ("…fails the whole batch. Map<Id…"). */
const excerptsWithCode = (posts: readonly BlogPost[]): string[] =>
  posts.flatMap((post) => {
    const excerpt = post.excerpt.replace(/…$/, '');
    return codeLines(post)
      .filter((line) => excerpt.includes(line) || endsInStartOf(excerpt, line))
      .map((line) => `${post.id}: "${line}" in "${post.excerpt}"`);
  });

const offending = (texts: readonly CardText[], pattern: RegExp): string[] =>
  texts.filter(({ text }) => pattern.test(text)).map(({ id, field, text }) => `${id} ${field}: ${text}`);

describe('text of the CDA simulator’s seeded posts', () => {
  let simulator: CdaSimulator;
  let posts: BlogPost[];

  beforeAll(async () => {
    simulator = await startCdaSimulator({ seed: buildSeed('mcc4blog2sim', {}) });
    const source = await createContentfulSource({
      space: simulator.space,
      accessToken: simulator.accessToken,
      host: simulator.host,
      rateLimiter: new RateLimiter({ limit: 1_000_000 }),
    });
    posts = (await source.getPosts({ limit: 100 })).items;
  });
  afterAll(() => simulator.close());

  it('reads all 13 posts, in every body format', () => {
    expect(posts).toHaveLength(13);
    expect(new Set(posts.map((post) => post.contentFormat))).toEqual(new Set(['richText', 'markdown', 'html']));
  });

  it('leaves no HTML entity in any excerpt or plain text', () => {
    expect(offending(cardTexts(posts), ENTITY)).toEqual([]);
  });

  it('leaves no HTML tag in any excerpt or plain text', () => {
    expect(offending(cardTexts(posts), MARKUP)).toEqual([]);
  });

  it('leaves no markdown syntax in any excerpt or plain text', () => {
    expect(offending(cardTexts(posts), MARKDOWN)).toEqual([]);
  });

  it('keeps every heading on its own line, apart from the sentence after it', () => {
    expect(posts.flatMap((post) => extractHeadings(post.rawContent, post.contentFormat)).length).toBeGreaterThan(20);
    expect(headingsRunIn(posts)).toEqual([]);
  });

  it('opens no card’s excerpt with one of its post’s headings', () => {
    expect(excerptsOpeningWithHeading(posts)).toEqual([]);
  });

  it('puts no code from a code block in any card’s excerpt', () => {
    expect(posts.flatMap(codeLines).length).toBeGreaterThanOrEqual(2);
    expect(excerptsWithCode(posts)).toEqual([]);
  });

  it('shows the HTML post’s card with its first sentence and apostrophe, not its heading or the entity', () => {
    const omniChannel = posts.find((post) => post.slug === 'service-cloud-omni-channel-routing');

    expect(omniChannel?.excerpt).toMatch(/^Omni-Channel routes work items .* agent\u2019s capacity/);
  });

  it('keeps code blocks and identifiers as written in the plain text', () => {
    const content = (slug: string): string[] => posts.find((post) => post.slug === slug)?.content.split('\n') ?? [];

    expect(content('bulk-safe-apex-triggers')).toContain(
      'Map<Id, Account> accounts = new Map<Id, Account>([SELECT Id, OwnerId FROM Account WHERE Id IN :accountIds]);',
    );
    expect(content('event-driven-integrations-platform-events')).toContain(
      "EventBus.publish(new Order_Shipped__e(Order_Number__c = '00012345'));",
    );
  });
});

describe('text of the recorded Contentful responses', () => {
  const { items: posts, rejected } = recordedPosts();

  it('adapts the recorded entries of every fixture', () => {
    expect(rejected).toEqual([]);
    expect(posts.length).toBeGreaterThan(30);
    expect(posts.some((post) => post.contentFormat === 'richText')).toBe(true);
  });

  it('leaves no HTML entity, tag or markdown syntax in any excerpt or plain text', () => {
    const texts = cardTexts(posts);

    expect(offending(texts, ENTITY)).toEqual([]);
    expect(offending(texts, MARKUP)).toEqual([]);
    expect(offending(texts, MARKDOWN)).toEqual([]);
  });

  it('keeps every heading on its own line, apart from the sentence after it', () => {
    expect(posts.flatMap((post) => extractHeadings(post.rawContent, post.contentFormat)).length).toBeGreaterThan(5);
    expect(headingsRunIn(posts)).toEqual([]);
  });

  it('opens no excerpt with a heading and puts no code in one', () => {
    expect(excerptsOpeningWithHeading(posts)).toEqual([]);
    expect(excerptsWithCode(posts)).toEqual([]);
  });
});
