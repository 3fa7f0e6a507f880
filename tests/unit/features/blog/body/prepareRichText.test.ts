// Preparing a rich-text document for rendering: heading ids in extractHeadings order, table names,
// header scopes, and a shape the renderer cannot trip over.
import type { RichTextDocument, RichTextNode } from '../../../../../src/content/model';
import { extractHeadings, headingId } from '../../../../../src/content/text';
import { prepareRichText } from '../../../../../src/features/blog/body/prepareRichText';

const text = (value: string): RichTextNode => ({ nodeType: 'text', value, marks: [], data: {} });
const node = (nodeType: string, content: RichTextNode[] = []): RichTextNode => ({ nodeType, data: {}, content });
const doc = (...content: RichTextNode[]): RichTextDocument => ({ nodeType: 'document', data: {}, content });

interface Prepared {
  nodeType: string;
  content?: Prepared[];
  marks?: unknown[];
  value?: string;
  data: unknown;
}

/** Nodes of the prepared copy, depth first. */
const walk = (item: Prepared): Prepared[] => [item, ...(item.content ?? []).flatMap(walk)];

describe('prepareRichText', () => {
  it('numbers headings like extractHeadings, including nested ones and not inside a heading', () => {
    const source = doc(
      node('heading-1', [text('One')]),
      node('blockquote', [node('heading-4', [text('Quoted')])]),
      node('heading-2', [text('Two'), node('heading-3', [text('Inside a heading')])]),
      node('table', [node('table-row', [node('table-cell', [node('heading-5', [text('In a cell')])])])]),
    );
    const prepared = prepareRichText(source);
    const headings = walk(prepared.document as unknown as Prepared).filter((item) =>
      item.nodeType.startsWith('heading-'),
    );

    expect(headings.map((item) => prepared.headingIds.get(item) ?? null)).toEqual([
      'heading-0',
      'heading-1',
      'heading-2',
      null,
      'heading-3',
    ]);
    expect(extractHeadings(source, 'richText').map((_heading, index) => headingId(index))).toEqual([
      'heading-0',
      'heading-1',
      'heading-2',
      'heading-3',
    ]);
  });

  it('names tables in order and scopes header cells', () => {
    const cell = (type: string) => node(type, [node('paragraph', [text('x')])]);
    const prepared = prepareRichText(
      doc(
        node('table', [
          node('table-row', [cell('table-header-cell'), cell('table-header-cell')]),
          node('table-row', [cell('table-header-cell'), cell('table-cell')]),
          node('table-row', [cell('table-cell'), cell('table-header-cell')]),
        ]),
        node('table', []),
      ),
    );
    const nodes = walk(prepared.document);

    expect(nodes.filter((item) => item.nodeType === 'table').map((item) => prepared.tableLabels.get(item))).toEqual([
      'Table 1',
      'Table 2',
    ]);
    expect(
      nodes.filter((item) => item.nodeType === 'table-header-cell').map((item) => prepared.headerScopes.get(item)),
    ).toEqual(['col', 'col', 'row', undefined]);
  });

  it('gives every node the shape the renderer needs, without changing the source', () => {
    const source = {
      nodeType: 'document',
      data: {},
      content: [
        { nodeType: 'paragraph' },
        { nodeType: 'paragraph', content: [{ nodeType: 'text', value: 7, marks: [null, { type: 'bold' }, { x: 1 }] }] },
        null,
        { content: [text('typeless')] },
      ],
    } as unknown as RichTextDocument;
    const before = JSON.stringify(source);
    const prepared = prepareRichText(source);

    expect(prepared.document).toEqual({
      nodeType: 'document',
      data: {},
      content: [
        { nodeType: 'paragraph', data: {}, content: [] },
        {
          nodeType: 'paragraph',
          data: {},
          content: [{ nodeType: 'text', data: {}, value: '', marks: [{ type: 'bold' }] }],
        },
        { nodeType: '', data: {}, content: [{ nodeType: 'text', data: {}, value: 'typeless', marks: [] }] },
      ],
    });
    expect(JSON.stringify(source)).toBe(before);
  });
});
