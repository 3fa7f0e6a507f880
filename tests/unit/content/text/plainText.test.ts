// Plain text of each format: what search, excerpts and reading time are computed from.
import type { RichTextDocument } from '../../../../src/content/model';
import { toBlogPost } from '../../../../src/content/normalize';
import { htmlToPlain, markdownToPlain, richTextToPlain, toPlainText } from '../../../../src/content/text';
import { richTextFixture, richTextFixtureJson } from './richTextFixtures';

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
});

describe('plain text of markdown', () => {
  it('drops heading markers, emphasis and quote markers', () => {
    expect(toPlainText('# Title\n\n## Sub *title*\n\n> quoted **bold** and __strong__ and _em_', 'markdown')).toBe(
      'Title\nSub title\nquoted bold and strong and em',
    );
  });

  it('keeps link text and image alt text, drops the URLs', () => {
    expect(markdownToPlain('See [the guide](https://example.com/guide) and ![a chart](/img/chart.png).')).toBe(
      'See the guide and a chart.',
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
    expect(markdownToPlain('~~old~~ new')).toBe('old new');
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
});
