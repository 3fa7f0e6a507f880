// Rich-text bodies: every recorded Contentful document renders and shows all of its text, headings
// carry the ids the table of contents links to, and links/embeds resolve from the SDK's resolved
// targets while bare or broken links degrade to text (or nothing) instead of throwing. Heading ids
// and table structure have no role to query by, so some assertions read the DOM directly.
/* eslint-disable testing-library/no-node-access, testing-library/no-container */
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { RichTextDocument, RichTextNode } from '../../../src/content/model';
import { extractHeadings, headingId, tableOfContents } from '../../../src/content/text';
import { PostBody } from '../../../src/features/blog/body/PostBody';
import { entriesFixtures, oneLine, resolveLinks, syncFixtures, textValues } from './fixtures';
import type { RichTextFixture } from './fixtures';

const doc = (...content: RichTextNode[]): RichTextDocument => ({ nodeType: 'document', data: {}, content });
const text = (value: string, marks: string[] = []): RichTextNode => ({
  nodeType: 'text',
  value,
  marks: marks.map((type) => ({ type })),
  data: {},
});
const block = (nodeType: string, content: RichTextNode[], data: Record<string, unknown> = {}): RichTextNode => ({
  nodeType,
  data,
  content,
});
const paragraph = (...content: RichTextNode[]) => block('paragraph', content);
const link = (linkType: 'Entry' | 'Asset', id: string) => ({ target: { sys: { type: 'Link', linkType, id } } });

function renderRichText(document: RichTextDocument | string) {
  return render(<PostBody rawContent={document} contentFormat="richText" bodyHtml={null} />);
}

/** Each text value shows, line by line (soft breaks become <br>). */
function expectAllText(container: HTMLElement, document: RichTextDocument) {
  const shown = oneLine(container.textContent);
  for (const value of textValues(document))
    for (const line of value.split('\n')) if (oneLine(line)) expect(shown).toContain(oneLine(line));
}

/** The rendered headings in document order carry heading-0, heading-1 … with extractHeadings' text. */
function expectHeadingIds(container: HTMLElement, document: RichTextDocument) {
  const expected = extractHeadings(document, 'richText').map((heading, index) => ({
    id: headingId(index),
    text: heading.text,
  }));
  const rendered = Array.from(container.querySelectorAll('h1, h2, h3, h4, h5, h6')).map((heading) => ({
    id: heading.id,
    text: oneLine(heading.textContent),
  }));
  expect(rendered).toEqual(expected);
}

const entries = entriesFixtures();
const sync = syncFixtures();

describe('rich-text fixtures', () => {
  it('finds the recorded documents', () => {
    expect(entries.length).toBeGreaterThanOrEqual(20);
    expect(sync.length).toBeGreaterThanOrEqual(20);
  });

  describe.each([
    ['entries response', entries],
    ['sync_initial.json', sync],
  ] as const)('%s', (_label, fixtures: RichTextFixture[]) => {
    it.each(fixtures.map((fixture) => [fixture.name, fixture] as const))(
      '%s renders all its text with bare links',
      (_name, fixture) => {
        const { container } = renderRichText(fixture.document);
        expectAllText(container, fixture.document);
        expectHeadingIds(container, fixture.document);
      },
    );

    it.each(fixtures.map((fixture) => [fixture.name, fixture] as const))(
      '%s renders all its text with links resolved',
      (_name, fixture) => {
        const resolved = resolveLinks(fixture.document, fixture.linked) as RichTextDocument;
        const { container } = renderRichText(resolved);
        expectAllText(container, resolved);
        expectHeadingIds(container, resolved);
      },
    );
  });

  it('renders a document given as a JSON string', () => {
    const fixture = entries.find((item) => item.name === 'simple_headline_2')!;
    renderRichText(JSON.stringify(fixture.document));
    expect(screen.getByRole('heading', { level: 2, name: 'This is headline level 2' })).toHaveAttribute(
      'id',
      'heading-0',
    );
  });
});

describe('heading ids', () => {
  const byName = (name: string) => entries.find((item) => item.name === name)!.document;

  it('numbers every heading 1–6 in document order, as the table of contents does', () => {
    const document = doc(
      ...['simple_headline_1', 'simple_headline_2', 'simple_headline_4', 'simple_headline_3', 'simple_headline_5']
        .map(byName)
        .flatMap((item) => item.content),
      block('blockquote', [block('heading-6', [text('Quoted heading')])]),
      block('unordered-list', [block('list-item', [block('heading-2', [text('Listed heading')])])]),
    );
    const { container } = renderRichText(document);

    expectHeadingIds(container, document);
    expect(container.querySelector('#heading-5')).toHaveTextContent('Quoted heading');
    // Every TOC link lands on a heading with its text.
    const flat = (items: ReturnType<typeof tableOfContents>): typeof items =>
      items.flatMap((item) => [item, ...flat(item.children)]);
    for (const item of flat(tableOfContents(document, 'richText')))
      expect(container.querySelector(`#${item.id}`)).toHaveTextContent(item.text);
  });

  it('gives the same ids on every render (no counter carried between renders)', () => {
    const document = doc(block('heading-2', [text('One')]), block('heading-3', [text('Two')]));
    const view = renderRichText(document);
    const ids = Array.from(view.container.querySelectorAll('h2, h3')).map((heading) => heading.id);
    view.unmount();
    const { container } = renderRichText(document);
    expect(Array.from(container.querySelectorAll('h2, h3')).map((heading) => heading.id)).toEqual(ids);
    expect(ids).toEqual(['heading-0', 'heading-1']);
  });
});

describe('links and embeds', () => {
  const blogPostEntry = {
    sys: {
      id: 'post-1',
      type: 'Entry',
      contentType: { sys: { type: 'Link', linkType: 'ContentType', id: 'blogpost' } },
    },
    fields: { title: 'Migrating to Flow', slug: 'migrating-to-flow', excerpt: 'Why and how.' },
  };
  const otherEntry = {
    sys: { id: 'other-1', type: 'Entry', contentType: { sys: { type: 'Link', linkType: 'ContentType', id: 'rich' } } },
    fields: { name: 'Hello World' },
  };
  const imageAsset = {
    sys: { id: 'asset-1', type: 'Asset' },
    fields: {
      title: 'cat',
      description: 'A cat on a sofa',
      file: {
        url: '//images.ctfassets.net/space/asset-1/abc/cat.jpg',
        contentType: 'image/jpeg',
        fileName: 'cat.jpg',
        details: { size: 1009523, image: { width: 1728, height: 1152 } },
      },
    },
  };
  const pdfAsset = {
    sys: { id: 'asset-2', type: 'Asset' },
    fields: {
      title: 'Price list',
      file: {
        url: '//assets.ctfassets.net/space/asset-2/def/prices.pdf',
        contentType: 'application/pdf',
        fileName: 'prices.pdf',
        details: { size: 2048 },
      },
    },
  };

  it('links a resolved blog post entry to its page, in the app router when there is one', () => {
    const document = doc(
      paragraph(
        text('See '),
        block('entry-hyperlink', [text('the Flow article')], { target: blogPostEntry }),
        text('.'),
      ),
      block('embedded-entry-block', [], { target: blogPostEntry }),
      paragraph(block('embedded-entry-inline', [], { target: blogPostEntry })),
    );
    render(
      <MemoryRouter>
        <PostBody rawContent={document} contentFormat="richText" bodyHtml={null} />
      </MemoryRouter>,
    );

    expect(screen.getByRole('link', { name: 'the Flow article' })).toHaveAttribute('href', '/blog/migrating-to-flow');
    expect(screen.getAllByRole('link', { name: 'Migrating to Flow' })).toHaveLength(2);
    expect(screen.getByText('Why and how.')).toBeInTheDocument();
    for (const anchor of screen.getAllByRole('link')) expect(anchor).not.toHaveAttribute('target');
  });

  it('shows the title of an entry the site has no page for, without a link', () => {
    const document = doc(
      paragraph(block('entry-hyperlink', [text('link text')], { target: otherEntry })),
      block('embedded-entry-block', [], { target: otherEntry }),
      paragraph(text('Inline: '), block('embedded-entry-inline', [], { target: otherEntry })),
    );
    renderRichText(document);

    expect(screen.getByText('link text')).toBeInTheDocument();
    expect(screen.getAllByText('Hello World')).toHaveLength(2);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows an embedded image asset through the image component and links asset hyperlinks to the file', () => {
    const document = doc(
      block('embedded-asset-block', [], { target: imageAsset }),
      paragraph(block('asset-hyperlink', [text('the cat picture')], { target: imageAsset })),
    );
    renderRichText(document);

    const image = screen.getByRole('img', { name: 'A cat on a sofa' });
    expect(image).toHaveAttribute('src', expect.stringContaining('images.ctfassets.net/space/asset-1/abc/cat.jpg'));
    expect(image).toHaveAttribute('width', '1728');
    expect(image).toHaveAttribute('height', '1152');
    const assetLink = screen.getByRole('link', { name: 'the cat picture' });
    expect(assetLink).toHaveAttribute('href', 'https://images.ctfassets.net/space/asset-1/abc/cat.jpg');
    expect(assetLink).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('offers a non-image asset as a download link', () => {
    renderRichText(doc(block('embedded-asset-block', [], { target: pdfAsset })));

    expect(screen.getByRole('link', { name: 'Download Price list' })).toHaveAttribute(
      'href',
      'https://assets.ctfassets.net/space/asset-2/def/prices.pdf',
    );
    expect(screen.getByText(/2 KB/)).toBeInTheDocument();
  });

  it('resolves links from the sync response, whose fields are locale maps', () => {
    const fixture = sync.find((item) => item.name === 'sync_initial simple_asset_block')!;
    renderRichText(resolveLinks(fixture.document, fixture.linked) as RichTextDocument);

    expect(screen.getByRole('img', { name: 'cat' })).toBeInTheDocument();
  });

  it('degrades gracefully for bare and broken links', () => {
    const document = doc(
      paragraph(text('Entry: '), block('entry-hyperlink', [text('bare entry link')], link('Entry', 'missing'))),
      paragraph(text('Asset: '), block('asset-hyperlink', [text('bare asset link')], link('Asset', 'missing'))),
      paragraph(text('Inline: '), block('embedded-entry-inline', [], link('Entry', 'missing')), text(' end')),
      block('embedded-entry-block', [], link('Entry', 'missing')),
      block('embedded-asset-block', [], link('Asset', 'missing')),
      block('embedded-asset-block', [], {}),
      block('embedded-entry-block', [], { target: null }),
      paragraph(block('entry-hyperlink', [text('no data')])),
      block('embedded-resource-block', [], { target: { sys: {} } }),
      paragraph(block('resource-hyperlink', [text('resource link')], {})),
      block('embedded-asset-block', [], { target: { sys: { type: 'Asset', id: 'x' }, fields: { title: 'No file' } } }),
    );
    const { container } = renderRichText(document);

    for (const shown of ['bare entry link', 'bare asset link', 'Inline:', 'end', 'no data', 'resource link'])
      expect(container).toHaveTextContent(shown);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('never throws on malformed nodes and renders the children of unknown types', () => {
    const malformed = {
      nodeType: 'document',
      data: {},
      content: [
        { nodeType: 'paragraph', data: {} }, // no content
        { nodeType: 'paragraph', content: [{ nodeType: 'text', value: 'no marks' }] }, // no data, no marks
        {
          nodeType: 'paragraph',
          data: {},
          content: [{ nodeType: 'text', data: {}, marks: [{ type: 'sparkle' }], value: 'unknown mark' }],
        },
        { nodeType: 'fancy-box', data: {}, content: [paragraph(text('inside an unknown block'))] },
        { data: {}, content: [paragraph(text('inside a node without a type'))] },
        {
          nodeType: 'paragraph',
          data: {},
          content: [null, 'junk', { nodeType: 'text', data: {}, marks: [], value: 42 }],
        },
        { nodeType: 'heading-2', data: {}, content: [text('Still a heading')] },
      ],
    } as unknown as RichTextDocument;
    const { container } = renderRichText(malformed);

    for (const shown of ['no marks', 'unknown mark', 'inside an unknown block', 'inside a node without a type'])
      expect(container).toHaveTextContent(shown);
    expect(screen.getByRole('heading', { name: 'Still a heading' })).toHaveAttribute('id', 'heading-0');
  });

  it('links only allowed URLs: external ones in a new tab, others as plain text', () => {
    const hyperlink = (uri: string, label: string) => block('hyperlink', [text(label)], { uri });
    const document = doc(
      paragraph(
        hyperlink('https://www.example.com/', 'external'),
        text(' '),
        hyperlink('/blog/other-post', 'internal'),
        text(' '),
        hyperlink('#heading-0', 'anchor'),
        text(' '),
        hyperlink('mailto:hello@example.com', 'mail'),
        text(' '),
        hyperlink('javascript:alert(1)', 'script link'),
        text(' '),
        hyperlink(' JaVaScRiPt:alert(1)', 'cased script link'),
        text(' '),
        hyperlink('data:text/html,<script>alert(1)</script>', 'data link'),
        text(' '),
        hyperlink('//evil.example/x', 'protocol relative'),
      ),
    );
    const { container } = renderRichText(document);

    const external = screen.getByRole('link', { name: 'external' });
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    for (const name of ['internal', 'anchor', 'mail']) {
      expect(screen.getByRole('link', { name })).not.toHaveAttribute('target');
      expect(screen.getByRole('link', { name })).not.toHaveAttribute('rel');
    }
    expect(screen.getByRole('link', { name: 'protocol relative' })).toHaveAttribute('rel', 'noopener noreferrer');
    for (const name of ['script link', 'cased script link', 'data link']) {
      expect(container).toHaveTextContent(name);
      expect(screen.queryByRole('link', { name })).not.toBeInTheDocument();
    }
  });
});

describe('blocks and marks', () => {
  it('renders a table in a focusable, named, scrollable region with a header row', () => {
    const cell = (type: string, value: string) => block(type, [paragraph(text(value))]);
    const document = doc(
      block('table', [
        block('table-row', [cell('table-header-cell', 'Plan'), cell('table-header-cell', 'Price')]),
        block('table-row', [cell('table-header-cell', 'Basic'), cell('table-cell', '$10')]),
      ]),
      block('table', [block('table-row', [cell('table-cell', 'only'), cell('table-cell', 'cells')])]),
    );
    renderRichText(document);

    const region = screen.getByRole('region', { name: 'Table 1' });
    expect(region).toHaveAttribute('tabindex', '0');
    const table = within(region).getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Plan' })).toHaveAttribute('scope', 'col');
    expect(within(table).getByRole('rowheader', { name: 'Basic' })).toHaveAttribute('scope', 'row');
    expect(within(table).getByRole('cell', { name: '$10' })).toBeInTheDocument();
    expect(table.querySelector('thead')).toHaveTextContent('PlanPrice');
    expect(within(screen.getByRole('region', { name: 'Table 2' })).getAllByRole('row')).toHaveLength(1);
    const second = screen.getByRole('region', { name: 'Table 2' });
    expect(second.querySelector('thead')).not.toBeInTheDocument();
  });

  it('renders lists, nested lists, quotes, rules and marks', () => {
    const document = doc(
      block('unordered-list', [
        block('list-item', [
          paragraph(text('outer')),
          block('ordered-list', [block('list-item', [paragraph(text('inner'))])]),
        ]),
      ]),
      block('blockquote', [paragraph(text('quoted'))]),
      block('hr', []),
      paragraph(
        text('bold', ['bold']),
        text('italic', ['italic']),
        text('under', ['underline']),
        text('code', ['code']),
        text('all', ['bold', 'italic', 'underline', 'code']),
        text('line one\nline two'),
      ),
    );
    const { container } = renderRichText(document);

    expect(container.querySelector('ul > li > ol > li')).toHaveTextContent('inner');
    expect(container.querySelector('blockquote')).toHaveTextContent('quoted');
    expect(container.querySelector('hr')).toBeInTheDocument();
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(screen.getByText('italic').tagName).toBe('EM');
    expect(screen.getByText('under').tagName).toBe('U');
    expect(screen.getByText('code').tagName).toBe('CODE');
    expect(screen.getByText('all').closest('strong')).not.toBeNull();
    expect(container.querySelector('br')).not.toBeNull();
  });
});
