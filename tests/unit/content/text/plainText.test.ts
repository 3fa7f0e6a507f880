// Plain text of each format: all of it for search and reading time, its prose for card excerpts.
import type { RichTextDocument, RichTextNode } from '../../../../src/content/model';
import { toBlogPost } from '../../../../src/content/normalize';
import { htmlToPlain, markdownToPlain, proseText, richTextToPlain, toPlainText } from '../../../../src/content/text';
import { concatDocuments, richTextFixture, richTextFixtureJson } from './richTextFixtures';

const plainRich = (name: string): string => toPlainText(richTextFixture(name), 'richText');

describe('plain text of rich text', () => {
  it('gives the heading text of each headline fixture', () => {
    expect(plainRich('simple_headline_1')).toBe('This is a level one headline');
    expect(plainRich('simple_headline_2')).toBe('This is headline level 2');
    expect(plainRich('simple_headline_6')).toBe('This is heading is level 6.');
  });

  it('drops marks and keeps the words with their spacing', () => {
    expect(plainRich('simple_text_bold')).toBe('This is bold text');
    expect(plainRich('simple_text_mixed_bold_italic_underline_code_all')).toBe('bold italic underline code all');
  });

  it('puts each list item on its own line', () => {
    expect(plainRich('simple_unordered_list')).toBe('This\nis\nan\nunordered\nlist');
  });

  it('keeps hyperlink text and blockquote text', () => {
    expect(plainRich('simple_hyperlink')).toBe('Regular hyperlink to example.com');
    expect(plainRich('simple_blockquote')).toBe('This is a blockquote');
  });

  it('reads nested lists in document order', () => {
    expect(plainRich('simple_ordered_nested_list').split('\n').slice(0, 4)).toEqual(['This', 'is', 'some', 'simple']);
  });

  it('accepts the document as a JSON string', () => {
    expect(toPlainText(richTextFixtureJson('simple_headline_3'), 'richText')).toBe('This is heading level 3');
  });

  it('gives an empty string when the body is not a document', () => {
    expect(toPlainText('not json', 'richText')).toBe('');
    expect(toPlainText(null, 'richText')).toBe('');
  });

  it('gives raw text with a trailing break per block from richTextToPlain', () => {
    const document: RichTextDocument = {
      nodeType: 'document',
      data: {},
      content: [
        { nodeType: 'paragraph', data: {}, content: [{ nodeType: 'text', data: {}, value: 'One' }] },
        { nodeType: 'hr', data: {}, content: [] },
        { nodeType: 'paragraph', data: {}, content: [{ nodeType: 'text', data: {}, value: 'Two' }] },
      ],
    };

    expect(richTextToPlain(document)).toBe('One\nTwo\n');
  });
});

describe('plain text of HTML', () => {
  it('strips tags and breaks lines after block elements', () => {
    expect(toPlainText('<h2>Title</h2><p>First <strong>bold</strong> line.</p><p>Second</p>', 'html')).toBe(
      'Title\nFirst bold line.\nSecond',
    );
  });

  it('breaks at br and list items', () => {
    expect(toPlainText('<p>a<br>b<br/>c</p><ul><li>one</li><li>two</li></ul>', 'html')).toBe('a\nb\nc\none\ntwo');
  });

  it('drops scripts, styles and templates with their content', () => {
    expect(
      toPlainText('<p>Visible</p><script>alert(1)</script><style>p{}</style><template><p>x</p></template>', 'html'),
    ).toBe('Visible');
  });

  it('decodes named, decimal and hex entities after stripping tags', () => {
    expect(htmlToPlain('<p>Fish &amp; chips &lt;b&gt; &quot;q&quot; &#39;s&#39; &#8211; &#x2014;</p>')).toBe(
      'Fish & chips <b> "q" \'s\' – —\n',
    );
  });

  it('turns &nbsp; into an ordinary space, so words either side stay apart', () => {
    expect(toPlainText('<p>Sales&nbsp;Cloud</p>', 'html')).toBe('Sales Cloud');
  });

  it('leaves unknown entities alone', () => {
    expect(toPlainText('<p>&bogus; stays</p>', 'html')).toBe('&bogus; stays');
  });

  it('collapses whitespace and drops empty lines', () => {
    expect(toPlainText('<p>  many    spaces\n\n here </p>\n\n<p></p><p>next</p>', 'html')).toBe(
      'many spaces\nhere\nnext',
    );
  });

  it('gives an empty string for a non-string body', () => {
    expect(toPlainText({ html: '<p>x</p>' }, 'html')).toBe('');
  });

  it('does not throw on an out-of-range numeric entity', () => {
    expect(htmlToPlain('<p>&#99999999; and &#x110000; ok</p>')).toBe('\ufffd and \ufffd ok\n');
  });

  it('lets toBlogPost build a post whose HTML has an out-of-range entity', () => {
    expect(() => toBlogPost({ id: 'p', body: '<p>Price &#99999999;</p>' })).not.toThrow();
  });

  it('keeps table cells apart', () => {
    expect(toPlainText('<table><tr><td>Name</td><td>Value</td></tr></table>', 'html').split(/\s+/)).toEqual([
      'Name',
      'Value',
    ]);
  });

  it('decodes every named entity, not only a short list', () => {
    expect(
      toPlainText(
        '<p>each agent&rsquo;s queue &mdash; chat &hellip; &lsquo;a&rsquo; &ldquo;b&rdquo; &euro;5 &copy;</p>',
        'html',
      ),
    ).toBe('each agent\u2019s queue \u2014 chat \u2026 \u2018a\u2019 \u201cb\u201d \u20ac5 \u00a9');
  });

  it('decodes decimal and hex references to the same character', () => {
    expect(toPlainText('<p>agent&#8217;s and agent&#x2019;s and agent&#X2019;s</p>', 'html')).toBe(
      'agent\u2019s and agent\u2019s and agent\u2019s',
    );
  });

  it('keeps a heading on its own line even with no whitespace before the next sentence', () => {
    expect(toPlainText('<h2>Queues, skills and capacity</h2><p>Omni-Channel routes work.</p>', 'html')).toBe(
      'Queues, skills and capacity\nOmni-Channel routes work.',
    );
  });

  it('starts a new line at sections, list containers, rules and table rows', () => {
    expect(
      toPlainText(
        '<section>One</section><article>Two</article>Three<hr>Four<ol><li>Five</li></ol><table><tr><td>Six</td></tr><tr><td>Seven</td></tr></table>',
        'html',
      ),
    ).toBe('One\nTwo\nThree\nFour\nFive\nSix\nSeven');
  });

  it('keeps inline elements inside the sentence', () => {
    expect(
      toPlainText('<p>Use <code>Map&lt;Id, Account&gt;</code> with <a href="/x"><em>one</em></a> query.</p>', 'html'),
    ).toBe('Use Map<Id, Account> with one query.');
  });

  it('drops a script whose text looks like markup', () => {
    expect(
      toPlainText("<p>Before</p><script>if (a < b) document.write('<p>leak</p>');</script><p>After</p>", 'html'),
    ).toBe('Before\nAfter');
  });

  it('reads an image as its alt text, like the markdown image', () => {
    expect(toPlainText('<p>See <img src="/c.png" alt="the chart"> above.<img src="/d.png" alt=""></p>', 'html')).toBe(
      'See the chart above.',
    );
  });

  it('drops comments', () => {
    expect(toPlainText('<p>Kept<!-- a note for editors --></p>', 'html')).toBe('Kept');
  });
});

describe('plain text of markdown', () => {
  it('drops heading markers, emphasis and quote markers', () => {
    expect(toPlainText('# Title\n\n## Sub *title*\n\n> quoted **bold** and __strong__ and _em_', 'markdown')).toBe(
      'Title\nSub title\nquoted bold and strong and em',
    );
  });

  it('keeps link text and image alt text, drops the URLs', () => {
    expect(markdownToPlain('See [the guide](https://example.com/guide) and ![a chart](/img/chart.png).')).toBe(
      'See the guide and a chart.\n',
    );
  });

  it('drops list markers', () => {
    expect(toPlainText('- one\n* two\n+ three\n1. four\n  2. five', 'markdown')).toBe('one\ntwo\nthree\nfour\nfive');
  });

  it('keeps the code of fenced blocks without the fences, and inline code without backticks', () => {
    expect(toPlainText('Intro\n\n```ts\nconst total = 1;\n```\n\nUse `total` here.', 'markdown')).toBe(
      'Intro\nconst total = 1;\nUse total here.',
    );
  });

  it('drops strikethrough markers', () => {
    expect(markdownToPlain('~~old~~ new')).toBe('old new\n');
  });

  it('treats plain text as itself', () => {
    expect(toPlainText('Just words.\nMore words.', 'markdown')).toBe('Just words.\nMore words.');
  });

  it('gives an empty string for a non-string body', () => {
    expect(toPlainText(undefined, 'markdown')).toBe('');
  });

  it('keeps underscores inside words', () => {
    expect(toPlainText('Set `Custom_Field__c` and my_value on the record.', 'markdown')).toBe(
      'Set Custom_Field__c and my_value on the record.',
    );
  });

  it('drops thematic breaks', () => {
    expect(toPlainText('Intro\n\n---\n\nMore', 'markdown')).toBe('Intro\nMore');
  });

  it('keeps a heading on its own line when the paragraph follows without a blank line', () => {
    expect(toPlainText('## Why a health check first\nMost orgs we inherit are old.', 'markdown')).toBe(
      'Why a health check first\nMost orgs we inherit are old.',
    );
  });

  it('reads setext headings and closing hashes as heading text', () => {
    expect(toPlainText('Title\n=====\nBody text.\n\n## Learn C# ##\n\nMore.', 'markdown')).toBe(
      'Title\nBody text.\nLearn C#\nMore.',
    );
  });

  it('decodes entities in text but keeps code as written', () => {
    expect(toPlainText('The agent&rsquo;s queue &mdash; see `&amp;` and\n\n```html\n&lt;br&gt;\n```', 'markdown')).toBe(
      'The agent\u2019s queue \u2014 see &amp; and\n&lt;br&gt;',
    );
  });

  it('keeps ampersands that are not entities', () => {
    expect(toPlainText('AT&T, R&D and &bogus; stay', 'markdown')).toBe('AT&T, R&D and &bogus; stay');
  });

  it('keeps code with angle brackets as code', () => {
    expect(
      toPlainText('Query once:\n\n```apex\nMap<Id, Account> accounts = new Map<Id, Account>();\n```', 'markdown'),
    ).toBe('Query once:\nMap<Id, Account> accounts = new Map<Id, Account>();');
  });

  it('drops the syntax of nested emphasis and links', () => {
    expect(toPlainText('**[bold link](https://example.com)** and *[em](/x) `code`* and ***both***', 'markdown')).toBe(
      'bold link and em code and both',
    );
  });

  it('gives the literal character of a backslash escape', () => {
    expect(toPlainText('2 \\* 3 is not \\*emphasis\\*', 'markdown')).toBe('2 * 3 is not *emphasis*');
  });

  it('keeps underscores of identifiers outside code', () => {
    expect(toPlainText('Map Legacy_Id__c to Order_Number__c first.', 'markdown')).toBe(
      'Map Legacy_Id__c to Order_Number__c first.',
    );
  });

  it('reads raw HTML inside markdown as HTML', () => {
    expect(toPlainText('Line one<br>line two\n\n<div>\n<p>Block &mdash; text</p>\n</div>', 'markdown')).toBe(
      'Line one\nline two\nBlock \u2014 text',
    );
  });

  it('puts each table row on its own line with its cells apart', () => {
    expect(toPlainText('| Object | Owner |\n| --- | --- |\n| Account | Sales |', 'markdown')).toBe(
      'Object Owner\nAccount Sales',
    );
  });

  it('drops task-list boxes and reference definitions', () => {
    expect(toPlainText('- [x] done\n- [ ] next\n\nSee [the guide][g].\n\n[g]: https://example.com', 'markdown')).toBe(
      'done\nnext\nSee the guide.',
    );
  });
});

describe('prose of a body (what a card’s excerpt is cut from)', () => {
  it('leaves out markdown headings, ATX and setext, and keeps the paragraphs after them', () => {
    expect(
      proseText('## Why bulk matters\nApex runs inside governor limits.\n\nLimits\n------\n\nOne query.', 'markdown'),
    ).toBe('Apex runs inside governor limits.\nOne query.');
  });

  it('leaves out fenced and indented code blocks but keeps inline code in its sentence', () => {
    expect(
      proseText(
        'Query once with `Map<Id, Account>`:\n\n```apex\nMap<Id, Account> byId = new Map<Id, Account>();\n```\n\n    insert accounts;\n\nThen write once.',
        'markdown',
      ),
    ).toBe('Query once with Map<Id, Account>:\nThen write once.');
  });

  it('keeps list items, quotes and link text, and leaves out markdown tables and images', () => {
    expect(
      proseText(
        '- Collect IDs\n- Query [once](/once)\n\n> Bulkify early.\n\n| Object | Owner |\n| --- | --- |\n| Account | Sales |\n\nSee ![the chart](/c.png) above.',
        'markdown',
      ),
    ).toBe('Collect IDs\nQuery once\nBulkify early.\nSee above.');
  });

  it('leaves out code blocks and headings inside lists and quotes', () => {
    expect(proseText('- Step one\n\n  ```sh\n  npm ci\n  ```\n\n> ## Quoted title\n> Quoted words.', 'markdown')).toBe(
      'Step one\nQuoted words.',
    );
  });

  it('reads raw HTML inside markdown as HTML prose', () => {
    expect(proseText('Intro.\n\n<h2>Raw heading</h2>\n\n<pre>\nraw code\n</pre>\n\nOutro.', 'markdown')).toBe(
      'Intro.\nOutro.',
    );
  });

  it('leaves out HTML headings, pre blocks, tables, images and captions', () => {
    expect(
      proseText(
        '<h1>Title</h1><h2>Queues, skills and capacity</h2><p>Omni-Channel routes work.</p>' +
          '<pre><code>Map&lt;Id, Account&gt; byId;</code></pre><table><tr><td>Chat</td><td>2</td></tr></table>' +
          '<figure><img src="/c.png" alt="the chart"><figcaption>Figure 1</figcaption></figure><h6>Small</h6>',
        'html',
      ),
    ).toBe('Omni-Channel routes work.');
  });

  it('keeps HTML list items, quotes and inline code, each on its own line', () => {
    expect(
      proseText(
        '<ul><li>One queue per team</li><li>Use <code>Map&lt;Id, Case&gt;</code></li></ul><blockquote>Route by skill.</blockquote>',
        'html',
      ),
    ).toBe('One queue per team\nUse Map<Id, Case>\nRoute by skill.');
  });

  it('keeps the text either side of a left-out HTML block apart', () => {
    expect(proseText('Before<h3>Heading</h3>After<pre>code</pre>End', 'html')).toBe('Before\nAfter\nEnd');
  });

  it('leaves out rich-text headings and keeps paragraphs, lists, quotes and code-marked text', () => {
    const document = concatDocuments(
      richTextFixture('simple_headline_2'),
      richTextFixture('simple_text_mixed_bold_italic_underline_code_all'),
      richTextFixture('simple_headline_6'),
      richTextFixture('simple_unordered_list'),
      richTextFixture('simple_blockquote'),
    );

    expect(proseText(document, 'richText')).toBe(
      'bold italic underline code all\nThis\nis\nan\nunordered\nlist\nThis is a blockquote',
    );
  });

  it('leaves out rich-text tables', () => {
    const cell = (value: string): RichTextNode => ({
      nodeType: 'table-cell',
      data: {},
      content: [{ nodeType: 'paragraph', data: {}, content: [{ nodeType: 'text', data: {}, value }] }],
    });
    const document: RichTextDocument = {
      nodeType: 'document',
      data: {},
      content: [
        { nodeType: 'paragraph', data: {}, content: [{ nodeType: 'text', data: {}, value: 'Capacity per channel:' }] },
        {
          nodeType: 'table',
          data: {},
          content: [{ nodeType: 'table-row', data: {}, content: [cell('Chat'), cell('2')] }],
        },
      ],
    };

    expect(proseText(document, 'richText')).toBe('Capacity per channel:');
    expect(toPlainText(document, 'richText')).toBe('Capacity per channel:\nChat\n2');
  });

  it('is empty for a body of only headings and code, and for a body it cannot read', () => {
    expect(proseText('## Setup\n\n```sh\nnpm ci\n```', 'markdown')).toBe('');
    expect(proseText('<h2>Setup</h2><pre>npm ci</pre>', 'html')).toBe('');
    expect(proseText(richTextFixture('simple_headline_1'), 'richText')).toBe('');
    expect(proseText(null, 'markdown')).toBe('');
    expect(proseText('not json', 'richText')).toBe('');
  });
});
