// Table of contents: ids 'heading-N' over all headings in order from 0, levels 1–3 listed and nested.
import type { TocItem } from '../../../../src/content/model';
import { buildToc, extractHeadings, headingId, tableOfContents } from '../../../../src/content/text';
import { concatDocuments, richTextFixture, richTextFixtureJson } from './richTextFixtures';

/** [id, text, level] of every item, depth first, for compact assertions. */
const flatten = (items: TocItem[]): [string, string, number][] =>
  items.flatMap((item) => [[item.id, item.text, item.level] as [string, string, number], ...flatten(item.children)]);

describe('headingId', () => {
  it('numbers from 0', () => {
    expect(headingId(0)).toBe('heading-0');
    expect(headingId(12)).toBe('heading-12');
  });
});

describe('table of contents of rich text', () => {
  it.each([
    ['simple_headline_1', 'This is a level one headline', 1],
    ['simple_headline_2', 'This is headline level 2', 2],
    ['simple_headline_3', 'This is heading level 3', 3],
  ] as const)('lists the heading of %s', (name, text, level) => {
    expect(tableOfContents(richTextFixture(name), 'richText')).toEqual([
      { id: 'heading-0', text, level, children: [] },
    ]);
  });

  it.each(['simple_headline_4', 'simple_headline_5', 'simple_headline_6'])(
    'leaves out the level 4–6 heading of %s but still extracts it',
    (name) => {
      expect(tableOfContents(richTextFixture(name), 'richText')).toEqual([]);
      expect(extractHeadings(richTextFixture(name), 'richText')).toHaveLength(1);
    },
  );

  it('numbers all headings in document order and nests levels 2 and 3 under level 1', () => {
    const document = concatDocuments(
      richTextFixture('simple_headline_1'),
      richTextFixture('simple_headline_2'),
      richTextFixture('simple_headline_4'),
      richTextFixture('simple_headline_3'),
      richTextFixture('simple_headline_5'),
      richTextFixture('simple_headline_6'),
      richTextFixture('simple_headline_2'),
    );

    expect(tableOfContents(document, 'richText')).toEqual([
      {
        id: 'heading-0',
        text: 'This is a level one headline',
        level: 1,
        children: [
          {
            id: 'heading-1',
            text: 'This is headline level 2',
            level: 2,
            // heading-2 is the level 4 heading: counted, not listed.
            children: [{ id: 'heading-3', text: 'This is heading level 3', level: 3, children: [] }],
          },
          { id: 'heading-6', text: 'This is headline level 2', level: 2, children: [] },
        ],
      },
    ]);
  });

  it('reads a JSON-string document', () => {
    expect(flatten(tableOfContents(richTextFixtureJson('simple_headline_2'), 'richText'))).toEqual([
      ['heading-0', 'This is headline level 2', 2],
    ]);
  });

  it('joins a soft line break inside a heading into one line', () => {
    const document = concatDocuments({
      nodeType: 'document',
      data: {},
      content: [{ nodeType: 'heading-2', data: {}, content: [{ nodeType: 'text', data: {}, value: 'Two\nlines' }] }],
    });

    expect(flatten(tableOfContents(document, 'richText'))).toEqual([['heading-0', 'Two lines', 2]]);
  });

  it('is empty for a body that is not a document, or a document without headings', () => {
    expect(tableOfContents('## Not rich text', 'richText')).toEqual([]);
    expect(tableOfContents(richTextFixture('simple_text_bold'), 'richText')).toEqual([]);
  });
});

describe('table of contents of markdown', () => {
  const markdown = [
    '# Guide',
    '',
    'Intro paragraph.',
    '',
    '## Plan',
    '',
    '### Scope',
    '',
    '#### Detail that is too deep',
    '',
    '### Risks ###',
    '',
    '## Build with **bold**, `code` and [a link](https://example.com)',
    '',
    '```md',
    '## Not a heading: inside a code fence',
    '# Neither is this',
    '```',
    '',
    '## Launch',
  ].join('\n');

  it('nests by level, skips levels over 3 but counts them, ignores fenced code', () => {
    expect(tableOfContents(markdown, 'markdown')).toEqual([
      {
        id: 'heading-0',
        text: 'Guide',
        level: 1,
        children: [
          {
            id: 'heading-1',
            text: 'Plan',
            level: 2,
            children: [
              { id: 'heading-2', text: 'Scope', level: 3, children: [] },
              { id: 'heading-4', text: 'Risks', level: 3, children: [] },
            ],
          },
          { id: 'heading-5', text: 'Build with bold, code and a link', level: 2, children: [] },
          { id: 'heading-6', text: 'Launch', level: 2, children: [] },
        ],
      },
    ]);
  });

  it('extracts every heading outside code fences, all levels', () => {
    expect(extractHeadings(markdown, 'markdown').map((heading) => heading.level)).toEqual([1, 2, 3, 4, 3, 2, 2]);
  });

  it('ignores shell comments in a fenced code block', () => {
    expect(flatten(tableOfContents('```bash\n# install the CLI\nnpm install\n```\n## After', 'markdown'))).toEqual([
      ['heading-0', 'After', 2],
    ]);
  });

  it('needs a space after the hashes', () => {
    expect(tableOfContents('#hashtag\n##Also not', 'markdown')).toEqual([]);
  });

  it('puts headings before any level 1 at the top level', () => {
    expect(tableOfContents('### Deep first\n## Then two\n# Then one\n## Child', 'markdown')).toEqual([
      { id: 'heading-0', text: 'Deep first', level: 3, children: [] },
      { id: 'heading-1', text: 'Then two', level: 2, children: [] },
      {
        id: 'heading-2',
        text: 'Then one',
        level: 1,
        children: [{ id: 'heading-3', text: 'Child', level: 2, children: [] }],
      },
    ]);
  });

  it('handles CRLF line endings', () => {
    expect(flatten(tableOfContents('## One\r\ntext\r\n### Two\r\n', 'markdown'))).toEqual([
      ['heading-0', 'One', 2],
      ['heading-1', 'Two', 3],
    ]);
  });

  it('keeps a # that ends a word in the heading text', () => {
    expect(flatten(tableOfContents('## Learn C#\n## Tips ##', 'markdown'))).toEqual([
      ['heading-0', 'Learn C#', 2],
      ['heading-1', 'Tips', 2],
    ]);
  });

  it('keeps underscores inside words of a heading', () => {
    expect(flatten(tableOfContents('## Using External_Id__c', 'markdown'))).toEqual([
      ['heading-0', 'Using External_Id__c', 2],
    ]);
  });
});

describe('table of contents of HTML', () => {
  it('nests by level, numbers all headings, strips inner tags and decodes entities', () => {
    const html =
      '<h1 class="title">Guide</h1><p>Intro</p>' +
      '<h2 id="x">Plan &amp; <em>scope</em></h2>' +
      '<h4>Too deep</h4>' +
      '<h3>Risks</h3>' +
      '<H2>Launch</H2>';

    expect(tableOfContents(html, 'html')).toEqual([
      {
        id: 'heading-0',
        text: 'Guide',
        level: 1,
        children: [
          {
            id: 'heading-1',
            text: 'Plan & scope',
            level: 2,
            children: [{ id: 'heading-3', text: 'Risks', level: 3, children: [] }],
          },
          { id: 'heading-4', text: 'Launch', level: 2, children: [] },
        ],
      },
    ]);
  });

  it('reads headings that span lines as one line', () => {
    expect(flatten(tableOfContents('<h2>\n  Multi\n  line\n</h2>', 'html'))).toEqual([['heading-0', 'Multi line', 2]]);
  });

  it('is empty without headings or for a non-string body', () => {
    expect(tableOfContents('<p>No headings</p>', 'html')).toEqual([]);
    expect(tableOfContents(undefined, 'html')).toEqual([]);
  });
});

describe('buildToc', () => {
  it('skips empty headings but still counts them', () => {
    expect(
      buildToc([
        { level: 2, text: 'First' },
        { level: 2, text: '' },
        { level: 2, text: 'Third' },
      ]),
    ).toEqual([
      { id: 'heading-0', text: 'First', level: 2, children: [] },
      { id: 'heading-2', text: 'Third', level: 2, children: [] },
    ]);
  });

  it('nests a deeper heading under the nearest shallower one, across a skipped level', () => {
    expect(
      flatten(
        buildToc([
          { level: 1, text: 'A' },
          { level: 3, text: 'A.a' },
          { level: 2, text: 'A.1' },
          { level: 3, text: 'A.1.a' },
        ]),
      ),
    ).toEqual([
      ['heading-0', 'A', 1],
      ['heading-1', 'A.a', 3],
      ['heading-2', 'A.1', 2],
      ['heading-3', 'A.1.a', 3],
    ]);
    const [root] = buildToc([
      { level: 1, text: 'A' },
      { level: 3, text: 'A.a' },
      { level: 2, text: 'A.1' },
    ]);
    expect(root?.children.map((child) => child.text)).toEqual(['A.a', 'A.1']);
  });

  it('takes another maximum level', () => {
    expect(
      flatten(
        buildToc(
          [
            { level: 1, text: 'One' },
            { level: 2, text: 'Two' },
          ],
          1,
        ),
      ),
    ).toEqual([['heading-0', 'One', 1]]);
  });
});
