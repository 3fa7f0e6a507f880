// A rich-text document made ready for documentToReactComponents: a copy in which every node has
// the shape the renderer relies on (it throws on a block without `content` or a text without
// `marks`), with what the render needs worked out up front by walking the document once:
// each heading's id, each table's accessible name and each header cell's scope. Computed from the
// document alone, so the prerender and the hydrating client agree, and nothing counts while
// rendering (no module-level counter).
import type { Document } from '@contentful/rich-text-types';
import type { RichTextDocument } from '../../../content/model';
import { headingId } from '../../../content/text';

type Dict = Record<string, unknown>;

const isDict = (value: unknown): value is Dict => typeof value === 'object' && value !== null && !Array.isArray(value);

export interface PreparedRichText {
  document: Document;
  /** Keyed by the prepared (copied) nodes, which the renderer hands back. */
  headingIds: WeakMap<object, string>;
  tableLabels: WeakMap<object, string>;
  headerScopes: WeakMap<object, 'col' | 'row'>;
}

const HEADING = /^heading-[1-6]$/;

/**
 * Heading ids as richTextHeadings in toc.ts numbers them: every heading-1…6 in document order
 * (depth first), not looking inside a heading, so the TOC's 'heading-N' is the N-th of these.
 */
function numberHeadings(node: Dict, ids: Map<Dict, string>): void {
  if (typeof node.nodeType === 'string' && HEADING.test(node.nodeType)) {
    ids.set(node, headingId(ids.size));
    return;
  }
  if (Array.isArray(node.content)) for (const child of node.content) if (isDict(child)) numberHeadings(child, ids);
}

interface NodeCopy {
  nodeType: string;
  data: Dict;
  content?: NodeCopy[];
  value?: string;
  marks?: { type: string }[];
}

export function prepareRichText(source: RichTextDocument): PreparedRichText {
  const originalIds = new Map<Dict, string>();
  numberHeadings(source as unknown as Dict, originalIds);

  const headingIds = new WeakMap<object, string>();
  const tableLabels = new WeakMap<object, string>();
  const headerScopes = new WeakMap<object, 'col' | 'row'>();
  let tables = 0;

  const copy = (node: Dict): NodeCopy => {
    // Unknown or missing types become '' and render just their children.
    const nodeType = typeof node.nodeType === 'string' ? node.nodeType : '';
    const data = isDict(node.data) ? node.data : {};
    if (nodeType === 'text') {
      const marks = Array.isArray(node.marks) ? node.marks : [];
      return {
        nodeType,
        data,
        value: typeof node.value === 'string' ? node.value : '',
        marks: marks.filter(isDict).flatMap((mark) => (typeof mark.type === 'string' ? [{ type: mark.type }] : [])),
      };
    }
    const result: NodeCopy = { nodeType, data, content: [] };
    const id = originalIds.get(node);
    if (id) headingIds.set(result, id);
    if (nodeType === 'table') {
      tables += 1;
      tableLabels.set(result, `Table ${tables}`);
    }
    result.content = (Array.isArray(node.content) ? node.content : []).filter(isDict).map(copy);
    if (nodeType === 'table') scopeHeaderCells(result);
    return result;
  };

  // Header cells in the first row head columns; a header cell starting a later row heads that row.
  const scopeHeaderCells = (table: NodeCopy): void => {
    (table.content ?? []).forEach((row, rowIndex) => {
      (row.content ?? []).forEach((cell, cellIndex) => {
        if (cell.nodeType !== 'table-header-cell') return;
        if (rowIndex === 0) headerScopes.set(cell, 'col');
        else if (cellIndex === 0) headerScopes.set(cell, 'row');
      });
    });
  };

  const document = copy(source as unknown as Dict);
  return { document: document as unknown as Document, headingIds, tableLabels, headerScopes };
}
