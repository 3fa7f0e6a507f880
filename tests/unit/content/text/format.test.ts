// Content-format detection in the order of docs/requirements.md#content-format-detection.
import { detectFormat, isRichTextDocument, looksLikeMarkdown, parseRichText } from '../../../../src/content/text';
import { richTextFixture, richTextFixtureJson } from './richTextFixtures';

describe('parseRichText', () => {
  it('returns a rich-text document object as it is', () => {
    const document = richTextFixture('simple_headline_1');

    expect(parseRichText(document)).toBe(document);
  });

  it('parses a JSON string holding a rich-text document, leading whitespace allowed', () => {
    const json = richTextFixtureJson('simple_headline_2');

    expect(parseRichText(json)).toEqual(richTextFixture('simple_headline_2'));
    expect(parseRichText(`\n  ${json}`)).toEqual(richTextFixture('simple_headline_2'));
  });

  it.each([
    ['a JSON object that is not a document', '{"nodeType":"paragraph","content":[]}'],
    ['a document without a content array', '{"nodeType":"document","content":"text"}'],
    ['invalid JSON that starts like an object', '{ not json'],
    ['a JSON array', '[{"nodeType":"document","content":[]}]'],
    ['markdown', '# Title'],
    ['null', null],
    ['a number', 42],
    ['a plain object', { title: 'x' }],
  ])('gives null for %s', (_label, raw) => {
    expect(parseRichText(raw)).toBeNull();
  });
});

describe('isRichTextDocument', () => {
  it('needs nodeType document and a content array', () => {
    expect(isRichTextDocument({ nodeType: 'document', data: {}, content: [] })).toBe(true);
    expect(isRichTextDocument({ nodeType: 'document' })).toBe(false);
    expect(isRichTextDocument({ nodeType: 'heading-1', content: [] })).toBe(false);
    expect(isRichTextDocument('document')).toBe(false);
    expect(isRichTextDocument(undefined)).toBe(false);
  });
});

describe('detectFormat', () => {
  describe('1. a rich-text document object', () => {
    it.each(['simple_headline_1', 'simple_text_bold', 'simple_unordered_list', 'simple_hyperlink'])(
      'is richText for the %s fixture',
      (name) => {
        expect(detectFormat(richTextFixture(name))).toBe('richText');
      },
    );
  });

  describe('2. a JSON string holding a rich-text document', () => {
    it('is richText', () => {
      expect(detectFormat(richTextFixtureJson('simple_headline_3'))).toBe('richText');
    });

    it('wins over HTML inside the document text (rich text is checked first)', () => {
      const json = JSON.stringify({
        nodeType: 'document',
        data: {},
        content: [{ nodeType: 'paragraph', data: {}, content: [{ nodeType: 'text', data: {}, value: '<p>hi</p>' }] }],
      });

      expect(detectFormat(json)).toBe('richText');
    });

    it('falls through to the text checks when the JSON is not a document', () => {
      expect(detectFormat('{"html":"<p>x</p>"}')).toBe('html');
      expect(detectFormat('{"title":"plain"}')).toBe('markdown');
    });
  });

  describe('3. text containing HTML tags', () => {
    it.each([
      ['a paragraph', '<p>Hello</p>'],
      ['a closing tag only', 'text</div>'],
      ['a self-closing tag', 'line<br/>break'],
      ['a tag with attributes', 'See <a href="https://example.com" class="link">this</a>'],
      ['an uppercase tag', '<H2>Title</H2>'],
      ['a custom element', '<my-widget></my-widget>'],
    ])('is html for %s', (_label, text) => {
      expect(detectFormat(text)).toBe('html');
    });

    it('wins over markdown patterns in the same text (HTML is checked before markdown)', () => {
      expect(detectFormat('# Title\n\n<p>**bold** paragraph</p>')).toBe('html');
    });

    it.each([
      ['comparisons', 'if a < b and c > d'],
      ['an autolink', 'Visit <https://example.com> today'],
      ['an email autolink', 'Write to <team@example.com>'],
      ['a lone angle bracket', '3 <5'],
    ])('is not html for %s', (_label, text) => {
      expect(detectFormat(text)).toBe('markdown');
    });

    it('stays markdown when angle brackets appear only inside code', () => {
      expect(detectFormat('## Template\n\n```html\n<template><p>Hi</p></template>\n```\n')).toBe('markdown');
      expect(detectFormat('Return a `Promise<string>` from the loader.')).toBe('markdown');
    });
  });

  describe('4. text containing markdown patterns', () => {
    it.each([
      ['an ATX heading', '## Heading'],
      ['a level-6 heading', '###### Deep'],
      ['bold with asterisks', 'This is **bold** text'],
      ['bold with underscores', 'This is __bold__ text'],
      ['italic with asterisks', 'This is *italic* text'],
      ['italic with underscores', 'This is _italic_ text'],
      ['a code fence', 'Intro\n```ts\nconst a = 1;\n```'],
      ['a link', 'Read [the guide](https://example.com/guide)'],
      ['a dash list', '- first\n- second'],
      ['an asterisk list', '* first'],
      ['a plus list', '+ first'],
      ['a numbered list', '1. first\n2. second'],
      ['an indented list item', 'Intro\n  - nested'],
    ])('recognizes %s and detects markdown', (_label, text) => {
      expect(looksLikeMarkdown(text)).toBe(true);
      expect(detectFormat(text)).toBe('markdown');
    });

    it.each([
      ['a hash tag without a space', '#salesforce is fun'],
      ['snake_case identifiers', 'set the my_field_name value'],
      ['a multiplication', '5 * 3 * 2'],
      ['a bracket without a link', 'see [note] (below)'],
    ])('does not take %s for markdown', (_label, text) => {
      expect(looksLikeMarkdown(text)).toBe(false);
    });
  });

  describe('5. anything else', () => {
    it('treats plain text as markdown', () => {
      const text = 'Just a sentence. And another one, with a comma.';

      expect(looksLikeMarkdown(text)).toBe(false);
      expect(detectFormat(text)).toBe('markdown');
    });

    it.each([
      ['an empty string', ''],
      ['undefined', undefined],
      ['null', null],
      ['a number', 7],
      ['an object that is not a document', { nodeType: 'paragraph', content: [] }],
    ])('treats %s as markdown', (_label, raw) => {
      expect(detectFormat(raw)).toBe('markdown');
    });
  });
});
