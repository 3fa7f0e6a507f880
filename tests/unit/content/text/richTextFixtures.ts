// Loads the recorded Contentful rich-text responses (tests/fixtures, see PROVENANCE.md) as documents.
import fs from 'node:fs';
import path from 'node:path';
import type { RichTextDocument } from '../../../../src/content/model';
import { isRichTextDocument } from '../../../../src/content/text';

const FIXTURES = path.resolve(__dirname, '../../../fixtures/contentful/contentful-java-cda/rich_text');

interface EntriesResponse {
  items: { fields: { rich?: unknown } }[];
}

/** The `rich` field of the first entry of fixture `name` (e.g. 'simple_headline_1'). */
export function richTextFixture(name: string): RichTextDocument {
  const response = JSON.parse(fs.readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8')) as EntriesResponse;
  const rich = response.items[0]?.fields.rich;
  if (!isRichTextDocument(rich)) throw new Error(`${name}.json holds no rich-text document`);
  return rich;
}

/** The raw JSON text of the `rich` field, as a JSON-string body would arrive. */
export const richTextFixtureJson = (name: string): string => JSON.stringify(richTextFixture(name));

/** One document holding the content of several fixtures in order. */
export const concatDocuments = (...documents: RichTextDocument[]): RichTextDocument => ({
  nodeType: 'document',
  data: {},
  content: documents.flatMap((document) => document.content),
});
