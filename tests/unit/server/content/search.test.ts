// What a visitor's text finds in the search index (src/server/content/search.ts): the words of the query all match,
// as word starts, and a word of one or two letters matches word starts only where a visitor scans.
import { newIndex, searchQuery } from '../../../../src/server/content/search';
import type { SearchDocument } from '../../../../src/server/content/search';

const doc = (id: string, fields: Partial<SearchDocument>): SearchDocument => ({
  id,
  title: '',
  excerpt: '',
  tags: '',
  category: '',
  authors: '',
  content: '',
  ...fields,
});

const index = newIndex();
index.addAll([
  doc('five', { title: 'Five mistakes to avoid with Agentforce', content: 'Plan the rollout before you build.' }),
  doc('flows', { title: 'Record-triggered flows', content: 'We would fix the fields first, and add AI later.' }),
  doc('data', { title: 'Data Cloud basics', tags: 'Fundamentals', content: 'Ingest, unify, activate.' }),
  doc('apex', { title: 'Apex testing', authors: 'Fiona Reyes', content: 'Mocks, stubs and the fields they fill.' }),
]);

const ids = (text: string): string[] =>
  index
    .search(searchQuery(text))
    .map((hit) => String(hit.id))
    .sort();

describe('searchQuery', () => {
  it('matches a one- or two-letter word start in titles, tags, categories and authors, not in body text', () => {
    // "fix", "fields" and "first" in bodies start with f too; only titles, tags and authors count for "f".
    expect(ids('f')).toEqual(['apex', 'data', 'five', 'flows']);
    expect(ids('fi')).toEqual(['apex', 'five']);
    expect(ids('fl')).toEqual(['flows']);
  });

  it('matches a short whole word anywhere, body text included', () => {
    expect(ids('ai')).toEqual(['flows']);
    expect(ids('AI')).toEqual(['flows']);
  });

  it('matches word starts of three letters or more in body text, and forgives a typo in a longer word', () => {
    expect(ids('activ')).toEqual(['data']);
    expect(ids('rollot')).toEqual(['five']);
  });

  it('needs every word, the one being typed included', () => {
    expect(ids('five m')).toEqual(['five']);
    expect(ids('flows m')).toEqual([]);
    expect(ids('five mistakes to avoid with agentforce')).toEqual(['five']);
  });

  it('ignores words too common to tell posts apart, and finds nothing for them alone', () => {
    expect(ids('the')).toEqual([]);
    expect(ids('  ')).toEqual([]);
  });
});
