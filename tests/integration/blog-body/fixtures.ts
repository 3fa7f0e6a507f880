// The recorded Contentful rich-text responses (tests/fixtures, see PROVENANCE.md) as documents, bare
// (links as delivered) or with their links resolved from `includes` the way the SDK resolves them.
import fs from 'node:fs';
import path from 'node:path';
import type { RichTextDocument, RichTextNode } from '../../../src/content/model';
import { isRichTextDocument } from '../../../src/content/text';

export const FIXTURES = path.resolve(__dirname, '../../fixtures/contentful/contentful-java-cda/rich_text');

type Dict = Record<string, unknown>;
const isDict = (value: unknown): value is Dict => typeof value === 'object' && value !== null && !Array.isArray(value);

interface Linkable {
  sys: { id: string; type: string };
  fields: Dict;
}

const isLinkable = (value: unknown): value is Linkable =>
  isDict(value) && isDict(value.sys) && typeof value.sys.id === 'string' && isDict(value.fields);

export interface RichTextFixture {
  name: string;
  document: RichTextDocument;
  /** Entries and assets by id (includes, or the other items of a sync response). */
  linked: Map<string, Linkable>;
}

const readJson = (file: string): Dict => JSON.parse(fs.readFileSync(path.join(FIXTURES, file), 'utf8')) as Dict;

/** Every file whose first item's `rich` field is a document (an entries response). */
export function entriesFixtures(): RichTextFixture[] {
  return fs
    .readdirSync(FIXTURES)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .flatMap((file) => {
      const response = readJson(file);
      const items = Array.isArray(response.items) ? response.items : [];
      const first: unknown = items[0];
      const rich = isDict(first) && isDict(first.fields) ? first.fields.rich : undefined;
      if (!isRichTextDocument(rich)) return [];
      const includes = isDict(response.includes) ? response.includes : {};
      const linked = new Map<string, Linkable>();
      for (const list of [includes.Entry, includes.Asset])
        for (const item of Array.isArray(list) ? list : []) if (isLinkable(item)) linked.set(item.sys.id, item);
      return [{ name: file.replace(/\.json$/, ''), document: rich, linked }];
    });
}

/** The rich-text documents of sync_initial.json (Sync API: every field is a locale map). */
export function syncFixtures(): RichTextFixture[] {
  const response = readJson('sync_initial.json');
  const items = (Array.isArray(response.items) ? response.items : []).filter(isLinkable);
  const linked = new Map(items.map((item) => [item.sys.id, item]));
  return items.flatMap((item) => {
    const rich = item.fields.rich;
    const document = isDict(rich) ? rich['en-US'] : undefined;
    const name = isDict(item.fields.name) ? item.fields.name['en-US'] : item.sys.id;
    return isRichTextDocument(document) ? [{ name: `sync_initial ${String(name)}`, document, linked }] : [];
  });
}

/** A copy with each link target replaced by its entry or asset, as the SDK delivers it. */
export function resolveLinks(node: RichTextNode, linked: Map<string, Linkable>): RichTextNode {
  // Copied as sent: some nodes (an hr, an empty text) arrive without `data`.
  const copy: RichTextNode = { ...node };
  const target: unknown = isDict(node.data) ? node.data.target : undefined;
  if (isDict(target) && isDict(target.sys) && typeof target.sys.id === 'string') {
    const found = linked.get(target.sys.id);
    if (found) copy.data = { ...node.data, target: found };
  }
  if (node.content) copy.content = node.content.map((child) => resolveLinks(child, linked));
  return copy;
}

/** Every text value of a document, in order. */
export const textValues = (node: RichTextNode): string[] =>
  node.nodeType === 'text' ? [node.value ?? ''] : (node.content ?? []).flatMap(textValues);

export const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();
