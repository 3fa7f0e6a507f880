// Benchmark part 1: normalizing 1,000 Content Delivery API entries (links resolved from
// `includes`) into domain posts with the Contentful adapter.
import { performance } from 'node:perf_hooks';
import { adaptBlogPost, adaptItems } from '../src/content/contentful/adapter';

const link = (linkType: 'Entry' | 'Asset', id: string) => ({ sys: { type: 'Link', linkType, id } });
const sys = (id: string, contentType?: string, type: 'Entry' | 'Asset' = 'Entry') => ({
  id,
  type,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  ...(contentType ? { contentType: { sys: { type: 'Link', linkType: 'ContentType', id: contentType } } } : {}),
});
const text = (value: string) => ({ nodeType: 'text', value, marks: [], data: {} });
const block = (nodeType: string, value: string) => ({ nodeType, data: {}, content: [text(value)] });

function makeResponse(count: number) {
  const authors = Array.from({ length: 10 }, (_, i) => ({
    sys: sys(`author-${i}`, 'author'),
    fields: { name: `Author ${i}`, bio: 'Salesforce architect.', avatar: link('Asset', `asset-${i}`) },
  }));
  const categories = Array.from({ length: 8 }, (_, i) => ({
    sys: sys(`category-${i}`, 'category'),
    fields: { name: `Category ${i}`, slug: `category-${i}` },
  }));
  const tags = Array.from({ length: 30 }, (_, i) => ({
    sys: sys(`tag-${i}`, 'tag'),
    fields: { name: `Tag ${i}`, slug: `tag-${i}` },
  }));
  const assets = Array.from({ length: 50 }, (_, i) => ({
    sys: sys(`asset-${i}`, undefined, 'Asset'),
    fields: {
      title: `Image ${i}`,
      file: {
        url: `//images.ctfassets.net/space/asset-${i}/cover.jpg`,
        contentType: 'image/jpeg',
        details: { size: 120_000, image: { width: 1200, height: 900 } },
      },
    },
  }));
  const items = Array.from({ length: count }, (_, i) => ({
    sys: sys(`post-${i}`, 'blogpost'),
    fields: {
      title: `Post number ${i} about Sales Cloud forecasting`,
      slug: `post-${i}`,
      publishDate: new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString(),
      content: {
        nodeType: 'document',
        data: {},
        content: [
          block('heading-2', 'Why forecasts drift'),
          block('paragraph', 'Pipeline hygiene matters more than the model. '.repeat(20)),
          block('heading-3', 'Stage definitions'),
          block('paragraph', 'Agree exit criteria for every opportunity stage. '.repeat(15)),
        ],
      },
      authors: [link('Entry', `author-${i % 10}`)],
      category: link('Entry', `category-${i % 8}`),
      tags: [link('Entry', `tag-${i % 30}`), link('Entry', `tag-${(i * 7) % 30}`)],
      coverImage: link('Asset', `asset-${i % 50}`),
      featured: i % 10 === 0,
    },
  }));
  return { items, includes: { Entry: [...authors, ...categories, ...tags], Asset: assets } };
}

export async function normalizeEntriesBenchmark(): Promise<void> {
  const response = makeResponse(1000);
  adaptItems(response, adaptBlogPost); // warm-up (JIT)
  const runs: number[] = [];
  let adapted = 0;
  for (let run = 0; run < 5; run += 1) {
    const started = performance.now();
    const result = adaptItems(response, adaptBlogPost);
    runs.push(performance.now() - started);
    adapted = result.items.length;
    if (result.rejected.length) throw new Error(`${result.rejected.length} entries rejected`);
  }
  runs.sort((a, b) => a - b);
  console.log(`Normalizing 1,000 CDA entries with includes (${adapted} posts, links resolved), 5 runs:`);
  console.log(`  median ${runs[2]?.toFixed(1)} ms, min ${runs[0]?.toFixed(1)} ms, max ${runs[4]?.toFixed(1)} ms`);
  await Promise.resolve();
}
