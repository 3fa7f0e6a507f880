// Excerpt (160 characters at a word boundary, cut from the body's prose) and reading time (200 words a
// minute, at least 1).
import { LIMITS } from '../../../../src/content/model';
import { countWords, makeExcerpt, proseText, readingTime } from '../../../../src/content/text';
import { buildPost } from '../../../support/builders';

const words = (count: number, word = 'word'): string => Array.from({ length: count }, () => word).join(' ');

/** Text of varied word lengths, so cuts land in many different places. */
const prose =
  'Salesforce rollouts succeed when teams agree on the decisions the system must support, keep the first release small, ' +
  'migrate clean data with its history, pilot with a real team, and measure adoption every week after launch.';

describe('makeExcerpt', () => {
  it('is 160 characters by default', () => {
    expect(LIMITS.excerptLength).toBe(160);
  });

  it('returns short text unchanged', () => {
    expect(makeExcerpt('A short summary.')).toBe('A short summary.');
  });

  it('returns text of exactly the limit unchanged', () => {
    const text = 'a'.repeat(150) + ' ' + 'b'.repeat(9);

    expect(text).toHaveLength(160);
    expect(makeExcerpt(text)).toBe(text);
  });

  it('collapses whitespace and line breaks', () => {
    expect(makeExcerpt('  First line.\n\nSecond\tline.  ')).toBe('First line. Second line.');
  });

  it('cuts long text to at most 160 characters, ending with an ellipsis', () => {
    const excerpt = makeExcerpt(prose);

    expect(prose.length).toBeGreaterThan(160);
    expect(excerpt.length).toBeLessThanOrEqual(160);
    expect(excerpt.endsWith('…')).toBe(true);
  });

  it('cuts at a word boundary', () => {
    const excerpt = makeExcerpt(prose);
    const kept = excerpt.slice(0, -1);

    expect(prose.startsWith(kept)).toBe(true);
    // The next character of the source after the kept part ends a word (space or punctuation).
    expect(prose.charAt(kept.length)).toMatch(/[\s,.;:!?]/);
  });

  it('cuts at a word boundary for every cut position', () => {
    for (let extra = 0; extra < 40; extra += 1) {
      const text = `${'x'.repeat(extra + 1)} ${prose}`;
      const kept = makeExcerpt(text).slice(0, -1);

      expect(text.charAt(kept.length)).toMatch(/[\s,.;:!?]/);
      expect(kept.length + 1).toBeLessThanOrEqual(160);
    }
  });

  it('drops trailing punctuation before the ellipsis', () => {
    const text = `${'a'.repeat(120)} bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb, ${words(20)}`;

    expect(makeExcerpt(text)).toBe(`${'a'.repeat(120)} bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb…`);
  });

  it('honours a custom length', () => {
    expect(makeExcerpt('one two three four five', 16)).toBe('one two three…');
  });

  it('falls back to a hard cut when the text has no usable word boundary', () => {
    const excerpt = makeExcerpt('y'.repeat(300));

    expect(excerpt).toBe(`${'y'.repeat(159)}…`);
  });
});

describe('the excerpt of a post without one of its own', () => {
  const bulkSafe = [
    '## Why bulk matters',
    '',
    'Integrations load records in batches of 200. A trigger that queries inside a loop fails the whole batch.',
    '',
    '```apex',
    'Map<Id, Account> accounts = new Map<Id, Account>([SELECT Id FROM Account WHERE Id IN :ids]);',
    '```',
    '',
    '- Collect IDs first',
    '- Query once',
  ].join('\n');

  it('opens with the first sentence, not the heading above it', () => {
    expect(buildPost({ body: '## Why bulk matters\n\nApex runs inside governor limits.' }).excerpt).toBe(
      'Apex runs inside governor limits.',
    );
    expect(buildPost({ body: '<h2>Queues</h2><p>Omni-Channel routes work.</p>' }).excerpt).toBe(
      'Omni-Channel routes work.',
    );
  });

  it('skips code blocks, so it never ends in code', () => {
    expect(buildPost({ body: bulkSafe }).excerpt).toBe(
      'Integrations load records in batches of 200. A trigger that queries inside a loop fails the whole batch. Collect IDs first Query once',
    );
  });

  it('still lets search and reading time read the headings and code', () => {
    const post = buildPost({ body: bulkSafe });

    expect(post.excerpt).not.toContain('Why bulk matters');
    expect(post.content.split('\n')).toEqual(
      expect.arrayContaining(['Why bulk matters', expect.stringMatching(/^Map<Id/)]),
    );
    expect(post.readingTime).toBe(readingTime(post.content));
  });

  it('is cut from the prose, and only when the entry has no excerpt of its own', () => {
    const body = `## Why bulk matters\n\n${prose}`;

    expect(buildPost({ body }).excerpt).toBe(makeExcerpt(prose));
    expect(buildPost({ body, excerpt: '  Bulk-safe triggers in five rules.  ' }).excerpt).toBe(
      'Bulk-safe triggers in five rules.',
    );
  });

  it('comes from all the text when the body has no prose', () => {
    const body = '## Setup\n\n```sh\nnpm ci\n```';

    expect(proseText(body, 'markdown')).toBe('');
    expect(buildPost({ body }).excerpt).toBe('Setup npm ci');
  });
});

describe('countWords', () => {
  it('counts whitespace-separated words', () => {
    expect(countWords('one two\nthree\tfour  five')).toBe(5);
    expect(countWords('  ')).toBe(0);
    expect(countWords('')).toBe(0);
  });
});

describe('readingTime', () => {
  it('reads 200 words a minute', () => {
    expect(LIMITS.wordsPerMinute).toBe(200);
    expect(readingTime(words(200))).toBe(1);
    expect(readingTime(words(400))).toBe(2);
    expect(readingTime(words(1000))).toBe(5);
  });

  it('rounds a started minute up', () => {
    expect(readingTime(words(201))).toBe(2);
    expect(readingTime(words(599))).toBe(3);
  });

  it('is at least one minute, even for empty text', () => {
    expect(readingTime('')).toBe(1);
    expect(readingTime('Hi')).toBe(1);
  });

  it('takes another speed', () => {
    expect(readingTime(words(300), 100)).toBe(3);
  });
});
