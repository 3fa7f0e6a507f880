// Seed content for the CDA simulator, in the field shape of src/content/contentful/content-model.json:
// 13 blog posts (rich text, markdown and one HTML body), 3 authors, 3 categories, 6 tags, 4 images;
// `buildSeed(space, { posts: N })` adds generated posts up to N for scale tests and the benchmark.
import type { RichTextDocument, RichTextNode } from '../../../src/content/model';

export interface SeedEntity {
  id: string;
  /** 'blogpost' | 'author' | 'category' | 'tag' (entries only). */
  contentType?: string;
  createdAt: string;
  updatedAt: string;
  fields: Record<string, unknown>;
}

export interface CdaSeed {
  entries: SeedEntity[];
  assets: SeedEntity[];
}

// ——— rich text builders ———
const text = (value: string, marks: string[] = []): RichTextNode => ({
  nodeType: 'text',
  value,
  marks: marks.map((type) => ({ type })),
  data: {},
});
const paragraph = (...content: (RichTextNode | string)[]): RichTextNode => ({
  nodeType: 'paragraph',
  data: {},
  content: content.map((part) => (typeof part === 'string' ? text(part) : part)),
});
const heading = (level: 1 | 2 | 3, value: string): RichTextNode => ({
  nodeType: `heading-${level}`,
  data: {},
  content: [text(value)],
});
const bulletList = (...items: string[]): RichTextNode => ({
  nodeType: 'unordered-list',
  data: {},
  content: items.map((item) => ({ nodeType: 'list-item', data: {}, content: [paragraph(item)] })),
});
const entryLink = (id: string, label: string): RichTextNode => ({
  nodeType: 'entry-hyperlink',
  data: { target: { sys: { type: 'Link', linkType: 'Entry', id } } },
  content: [text(label)],
});
const embeddedAsset = (id: string): RichTextNode => ({
  nodeType: 'embedded-asset-block',
  data: { target: { sys: { type: 'Link', linkType: 'Asset', id } } },
  content: [],
});
const documentOf = (...content: RichTextNode[]): RichTextDocument => ({ nodeType: 'document', data: {}, content });

const link = (linkType: 'Entry' | 'Asset', id: string) => ({ sys: { type: 'Link', linkType, id } });

// ——— images ———
const image =
  (id: string, title: string, description: string, fileName: string, width: number, height: number) =>
  (space: string): SeedEntity => ({
    id,
    createdAt: '2024-01-08T09:00:00.000Z',
    updatedAt: '2024-01-08T09:00:00.000Z',
    fields: {
      title,
      description,
      file: {
        url: `//images.ctfassets.net/${space}/${id}/5f2d7c1e9a0b4c3d8e6f${id.length}a1b/${fileName}`,
        details: { size: width * height * 0.2, image: { width, height } },
        fileName,
        contentType: 'image/jpeg',
      },
    },
  });

const IMAGES = [
  image(
    'img-org-health',
    'Org health dashboard',
    'A Salesforce org health dashboard on a laptop',
    'org-health.jpg',
    1600,
    900,
  ),
  image(
    'img-integration',
    'Integration whiteboard',
    'An integration architecture sketched on a whiteboard',
    'integration-whiteboard.jpg',
    1600,
    1067,
  ),
  image(
    'img-ai-workshop',
    'AI workshop',
    'A team mapping an Agentforce use case on sticky notes',
    'ai-workshop.jpg',
    1600,
    1067,
  ),
  image('img-priya', 'Priya Raman', 'Portrait of Priya Raman', 'priya-raman.jpg', 400, 400),
];

// ——— taxonomy and people ———
const entity = (
  id: string,
  contentType: string,
  fields: Record<string, unknown>,
  createdAt = '2024-01-05T10:00:00.000Z',
): SeedEntity => ({
  id,
  contentType,
  createdAt,
  updatedAt: createdAt,
  fields,
});

const CATEGORIES = [
  entity('cat-strategy', 'category', {
    name: 'Salesforce Strategy',
    slug: 'salesforce-strategy',
    description: 'Roadmaps, governance and getting lasting value out of the platform.',
  }),
  entity('cat-integration', 'category', {
    name: 'Integration',
    slug: 'integration',
    description: 'Connecting Salesforce to ERPs, data platforms and everything in between.',
  }),
  entity('cat-ai', 'category', {
    name: 'Salesforce AI',
    slug: 'salesforce-ai',
    description: 'Agentforce, Einstein and Data Cloud in real implementations.',
  }),
];

const TAGS = [
  entity('tag-agentforce', 'tag', { name: 'Agentforce', slug: 'agentforce' }),
  entity('tag-data-cloud', 'tag', { name: 'Data Cloud', slug: 'data-cloud' }),
  entity('tag-mulesoft', 'tag', { name: 'MuleSoft', slug: 'mulesoft' }),
  entity('tag-flow', 'tag', { name: 'Flow', slug: 'flow' }),
  entity('tag-sales-cloud', 'tag', { name: 'Sales Cloud', slug: 'sales-cloud' }),
  entity('tag-service-cloud', 'tag', { name: 'Service Cloud', slug: 'service-cloud' }),
];

const AUTHORS = [
  entity('author-priya', 'author', {
    name: 'Priya Raman',
    slug: 'priya-raman',
    bio: 'Principal architect with twelve years on the platform and a soft spot for tidy data models.',
    avatar: link('Asset', 'img-priya'),
    email: 'priya.raman@meridiancloud.example',
    role: 'Principal Salesforce Architect',
    social: { linkedin: 'https://www.linkedin.com/in/priya-raman-example', twitter: '@priya_builds' },
  }),
  entity('author-marcus', 'author', {
    name: 'Marcus Webb',
    slug: 'marcus-webb',
    bio: 'Leads the integration practice: MuleSoft, platform events and the occasional stubborn ERP.',
    email: 'marcus.webb@meridiancloud.example',
    role: 'Integration Lead',
    social: { github: 'https://github.com/marcuswebb-example' },
  }),
  entity('author-elena', 'author', {
    name: 'Elena Sokolova',
    slug: 'elena-sokolova',
    bio: 'Runs the Data Cloud and AI practice; previously a CRM analytics lead in retail.',
    email: 'elena.sokolova@meridiancloud.example',
    role: 'AI & Data Practice Lead',
  }),
];

// ——— posts ———
interface PostSeed {
  id: string;
  title: string;
  slug: string;
  publishDate: string;
  category?: string;
  tags: string[];
  authors: string[];
  coverImage?: string;
  excerpt?: string;
  content?: RichTextDocument;
  body?: string;
  featured?: boolean;
  readingTime?: number;
}

const POSTS: PostSeed[] = [
  {
    id: 'post-org-health-check',
    title: 'Planning a Salesforce Org Health Check',
    slug: 'salesforce-org-health-check',
    publishDate: '2025-03-18',
    category: 'cat-strategy',
    tags: ['tag-sales-cloud', 'tag-flow'],
    authors: ['author-priya'],
    coverImage: 'img-org-health',
    featured: true,
    excerpt: 'What we look at in the first two weeks of an org review, and how to turn findings into a roadmap.',
    content: documentOf(
      heading(2, 'Why a health check first'),
      paragraph(
        'Most orgs we inherit have ten years of ',
        text('automation layered on automation', ['bold']),
        '. Before adding features, we measure what is already there.',
      ),
      heading(3, 'What we measure'),
      bulletList(
        'Automation inventory: workflow rules, Process Builder, Flow and Apex triggers per object',
        'Data quality: duplicate rates, required-field fill rates, stale records',
        'Security: profiles versus permission sets, sharing rules, API-only users',
      ),
      embeddedAsset('img-org-health'),
      heading(2, 'From findings to a roadmap'),
      paragraph(
        'Each finding gets an effort and a risk score. The quick wins go into the next sprint; the rest feed the roadmap. See ',
        entryLink('post-flow-migration', 'our Flow migration guide'),
        ' for the most common follow-up.',
      ),
    ),
  },
  {
    id: 'post-agentforce-readiness',
    title: 'Agentforce Readiness: Preparing Your Data and Permissions',
    slug: 'agentforce-readiness',
    publishDate: '2025-05-06',
    category: 'cat-ai',
    tags: ['tag-agentforce', 'tag-data-cloud'],
    authors: ['author-elena', 'author-priya'],
    coverImage: 'img-ai-workshop',
    featured: true,
    content: documentOf(
      heading(2, 'Agents are only as good as their grounding'),
      paragraph(
        'An Agentforce agent answers from the records and knowledge it can reach. If your case data is inconsistent, the agent will be too.',
      ),
      heading(3, 'Checklist before the first pilot'),
      bulletList(
        'Clean knowledge articles with a clear owner and review date',
        'Permission sets that give the agent user exactly what a service rep has, no more',
        'Data Cloud data streams for the objects the agent must reason about',
      ),
      paragraph('Start with one narrow topic, measure deflection, then widen the scope.'),
    ),
  },
  {
    id: 'post-mulesoft-vs-native',
    title: 'MuleSoft vs. Native Salesforce Integrations: Choosing the Right Pattern',
    slug: 'mulesoft-vs-native-integrations',
    publishDate: '2025-02-11',
    category: 'cat-integration',
    tags: ['tag-mulesoft'],
    authors: ['author-marcus'],
    coverImage: 'img-integration',
    body: [
      '## When native is enough',
      '',
      'Outbound messages, **Platform Events** and External Services cover a surprising number of point-to-point needs.',
      '',
      '## When MuleSoft earns its licence',
      '',
      '- More than three systems share the same customer or order data',
      '- You need retries, dead-letter queues and monitoring you can hand to an operations team',
      '- The same API should serve Salesforce, the website and partners',
      '',
      'Read the [integration patterns guide](https://architect.salesforce.com/) for the full catalogue.',
    ].join('\n'),
  },
  {
    id: 'post-flow-migration',
    title: 'Migrating Workflow Rules and Process Builder to Flow',
    slug: 'migrate-workflow-rules-to-flow',
    publishDate: '2024-11-20',
    category: 'cat-strategy',
    tags: ['tag-flow'],
    authors: ['author-priya'],
    body: [
      '# Migrating to Flow',
      '',
      'Salesforce has retired Workflow Rules and Process Builder for new automation. The **Migrate to Flow** tool converts simple cases; the rest needs a plan.',
      '',
      '## Inventory first',
      '',
      '1. Export every active rule and process per object',
      '2. Group them by object and trigger order',
      '3. Decide: one record-triggered flow per object and context',
      '',
      '## Test like it is a release',
      '',
      'Use a full-copy sandbox and compare field history before and after on a sample of records.',
    ].join('\n'),
  },
  {
    id: 'post-data-cloud-profiles',
    title: 'Unifying Customer Profiles with Data Cloud',
    slug: 'unifying-customer-profiles-data-cloud',
    publishDate: '2025-04-02',
    category: 'cat-ai',
    tags: ['tag-data-cloud'],
    authors: ['author-elena'],
    coverImage: 'img-ai-workshop',
    content: documentOf(
      heading(2, 'Identity resolution in practice'),
      paragraph(
        'Match rules decide which source records describe the same person. Start strict (exact email) and loosen only with evidence.',
      ),
      heading(3, 'Reconciliation rules'),
      paragraph('When two sources disagree on a phone number, the most recently updated source usually wins.'),
    ),
  },
  {
    id: 'post-platform-events',
    title: 'Designing Event-Driven Integrations with Platform Events',
    slug: 'event-driven-integrations-platform-events',
    publishDate: '2024-09-12',
    category: 'cat-integration',
    tags: ['tag-mulesoft', 'tag-sales-cloud'],
    authors: ['author-marcus'],
    body: [
      '## Publish, subscribe, replay',
      '',
      'Platform Events decouple the system that knows something happened from the systems that care.',
      '',
      '```apex',
      "EventBus.publish(new Order_Shipped__e(Order_Number__c = '00012345'));",
      '```',
      '',
      'Subscribers keep a *replay ID* so that nothing is lost when they restart.',
    ].join('\n'),
  },
  {
    id: 'post-omni-channel',
    title: 'A Practical Guide to Service Cloud Omni-Channel Routing',
    slug: 'service-cloud-omni-channel-routing',
    publishDate: '2024-10-03',
    category: 'cat-strategy',
    tags: ['tag-service-cloud'],
    authors: ['author-priya', 'author-marcus'],
    body: [
      '<h2>Queues, skills and capacity</h2>',
      '<p>Omni-Channel routes work items to agents by <strong>queue</strong> or by <strong>skill</strong>, within each agent&rsquo;s capacity.</p>',
      '<h3>Start with queue-based routing</h3>',
      '<ul><li>One queue per team</li><li>Capacity by channel: chat counts more than email</li></ul>',
      '<p>Move to skills-based routing once you can name the skills that really differ between agents.</p>',
    ].join('\n'),
  },
  {
    id: 'post-bulk-safe-apex',
    title: 'Governor Limits: Writing Bulk-Safe Apex Triggers',
    slug: 'bulk-safe-apex-triggers',
    publishDate: '2024-08-27',
    category: 'cat-integration',
    tags: ['tag-sales-cloud'],
    authors: ['author-marcus'],
    body: [
      '## One query per transaction, not per record',
      '',
      'Integrations load records in batches of 200. A trigger that queries inside a loop fails the whole batch.',
      '',
      '```apex',
      'Map<Id, Account> accounts = new Map<Id, Account>([SELECT Id, OwnerId FROM Account WHERE Id IN :accountIds]);',
      '```',
      '',
      '- Collect IDs first',
      '- Query once',
      '- Write once with a list',
    ].join('\n'),
    readingTime: 6,
  },
  {
    id: 'post-center-of-excellence',
    title: 'Building a Salesforce Center of Excellence',
    slug: 'salesforce-center-of-excellence',
    publishDate: '2025-01-15',
    category: 'cat-strategy',
    tags: ['tag-sales-cloud', 'tag-service-cloud'],
    authors: ['author-priya'],
    coverImage: 'img-org-health',
    content: documentOf(
      heading(2, 'Governance without bureaucracy'),
      paragraph('A Center of Excellence decides what gets built, in which order, and to which standard.'),
      heading(3, 'Roles'),
      bulletList('Executive sponsor', 'Product owner per cloud', 'Architecture review board', 'Release manager'),
      paragraph('Meet every two weeks, publish decisions, and keep the backlog visible to the business.'),
    ),
  },
  {
    id: 'post-einstein-lead-scoring',
    title: 'Einstein Lead Scoring: Getting Value in the First 90 Days',
    slug: 'einstein-lead-scoring-first-90-days',
    publishDate: '2024-12-04',
    category: 'cat-ai',
    tags: ['tag-sales-cloud'],
    authors: ['author-elena'],
    body: [
      '## Give the model enough history',
      '',
      'Einstein Lead Scoring needs at least **1,000 leads** and **120 conversions** in the last six months.',
      '',
      '## Put the score where reps look',
      '',
      '- Add the score to list views',
      '- Sort the default lead queue by score',
      '- Review top factors with sales leadership monthly',
    ].join('\n'),
  },
  {
    id: 'post-erp-orders-cdc',
    title: 'Syncing ERP Orders into Sales Cloud with Change Data Capture',
    slug: 'erp-orders-change-data-capture',
    publishDate: '2025-06-10',
    category: 'cat-integration',
    tags: ['tag-mulesoft', 'tag-sales-cloud'],
    authors: ['author-marcus', 'author-elena'],
    coverImage: 'img-integration',
    body: [
      '## Two directions, two mechanisms',
      '',
      'Orders flow from the ERP into Salesforce through a MuleSoft process API; account changes flow back out through **Change Data Capture**.',
      '',
      '1. Subscribe to AccountChangeEvent',
      '2. Map only the fields the ERP owns',
      '3. Make the ERP upsert idempotent on the Salesforce ID',
    ].join('\n'),
  },
  {
    id: 'post-prompt-builder',
    title: 'Prompt Builder Templates That Sales Teams Actually Use',
    slug: 'prompt-builder-templates-sales',
    publishDate: '2025-07-01',
    category: 'cat-ai',
    tags: ['tag-agentforce', 'tag-sales-cloud'],
    authors: ['author-elena'],
    featured: true,
    content: documentOf(
      heading(2, 'Ground every template in record data'),
      paragraph(
        'A prompt template that merges the opportunity, its contacts and the last three activities beats a clever generic prompt every time.',
      ),
      heading(3, 'Three templates worth starting with'),
      bulletList('Account briefing before a meeting', 'Follow-up email after a call', 'Opportunity risk summary'),
      paragraph('Read ', entryLink('post-agentforce-readiness', 'Agentforce readiness'), ' before you roll them out.'),
    ),
  },
  {
    id: 'post-release-management',
    title: 'Release Management for Salesforce: Sandboxes, DevOps Center and Rollbacks',
    slug: 'salesforce-release-management',
    publishDate: '2024-07-16',
    category: 'cat-strategy',
    tags: ['tag-flow'],
    // The second author was deleted in the space: a link that no longer resolves.
    authors: ['author-priya', 'author-departed'],
    body: [
      '## A pipeline you can explain to an auditor',
      '',
      'Developer sandbox → integration sandbox → UAT (partial copy) → production. DevOps Center tracks work items across them.',
      '',
      '## Plan the rollback before the release',
      '',
      'Metadata can be redeployed; data changes cannot. Back up the records a release will touch.',
    ].join('\n'),
  },
];

const postEntity = (post: PostSeed): SeedEntity => {
  const fields: Record<string, unknown> = {
    title: post.title,
    slug: post.slug,
    publishDate: post.publishDate,
    authors: post.authors.map((id) => link('Entry', id)),
    tags: post.tags.map((id) => link('Entry', id)),
  };
  if (post.excerpt !== undefined) fields.excerpt = post.excerpt;
  if (post.content !== undefined) fields.content = post.content;
  if (post.body !== undefined) fields.body = post.body;
  if (post.category !== undefined) fields.category = link('Entry', post.category);
  if (post.coverImage !== undefined) fields.coverImage = link('Asset', post.coverImage);
  if (post.featured !== undefined) fields.featured = post.featured;
  if (post.readingTime !== undefined) fields.readingTime = post.readingTime;
  const createdAt = `${post.publishDate}T08:30:00.000Z`;
  return { id: post.id, contentType: 'blogpost', createdAt, updatedAt: createdAt, fields };
};

// ——— generated posts (scale) ———
const TOPICS = [
  'Sales Cloud',
  'Service Cloud',
  'Agentforce',
  'Data Cloud',
  'MuleSoft',
  'Flow',
  'Experience Cloud',
  'CPQ',
  'Field Service',
  'Marketing Cloud',
  'Apex',
  'Shield',
];
const ANGLES = [
  'A Field Guide to',
  'Lessons Learned from',
  'Five Mistakes to Avoid with',
  'Rolling Out',
  'Governance for',
  'Measuring the Value of',
  'Migrating to',
  'Testing Strategies for',
  'Scaling',
  'The First 90 Days of',
];
const SENTENCES = [
  'Start with the business process, not the feature list, and write down who owns each decision.',
  'We inventory every automation on the object before we add one more, because order of execution matters.',
  'A sandbox refresh calendar agreed with the release manager saves more time than any tool.',
  'Integration users get a permission set of their own, never a copy of an administrator profile.',
  'Reports nobody opens are deleted after a quarter; dashboards get an owner and a review date.',
  'Bulk-safe code queries once per transaction and writes once with a list, whatever the batch size.',
  'The pilot team is small on purpose: five users who will tell us what is wrong in the first week.',
  'Data quality is measured weekly, with duplicate rates and fill rates on the fields that drive routing.',
];
const GENERATED_BASE_DAY = Date.UTC(2024, 6, 1);

/** A small deterministic generator, so a seed of N posts is the same on every run. */
const generator = (start: number) => {
  let state = start;
  return (): number => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
};

/**
 * Post number `n` (0-based) of a generated archive: one a day going back from 2024-07-01, with
 * every seventh post sharing its day with the one before (ties the delivery API must order the
 * same way on every page), categories, tags, authors and cover images spread across the seed, and
 * bodies in all three formats.
 */
function generatedPost(n: number): PostSeed {
  const random = generator(n + 7);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const day = n - Math.floor(n / 7);
  const publishDate = new Date(GENERATED_BASE_DAY - day * 86_400_000).toISOString().slice(0, 10);
  const topic = pick(TOPICS);
  const title = `${pick(ANGLES)} ${topic}: Note ${n + 1}`;
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const paragraphs = Array.from({ length: 4 }, () => Array.from({ length: 3 }, () => pick(SENTENCES)).join(' '));
  const tagIds = TAGS.map((tag) => tag.id);
  const tags = [...new Set([pick(tagIds), pick(tagIds)])];
  const authorIds = AUTHORS.map((author) => author.id);
  const authors = [...new Set([authorIds[n % authorIds.length] as string, ...(n % 5 === 0 ? [pick(authorIds)] : [])])];
  const format = n % 3;
  const post: PostSeed = {
    id: `post-gen-${String(n + 1).padStart(5, '0')}`,
    title,
    slug,
    publishDate,
    category: CATEGORIES[n % CATEGORIES.length]?.id,
    tags,
    authors,
    featured: n % 11 === 0,
  };
  if (n % 4 !== 3) post.coverImage = pick(['img-org-health', 'img-integration', 'img-ai-workshop']);
  if (format === 0) {
    post.content = documentOf(
      heading(2, `Why ${topic} needs a plan`),
      ...paragraphs.slice(0, 2).map((value) => paragraph(value)),
      heading(3, 'What we do first'),
      bulletList(...paragraphs.slice(2).map((value) => value.split('. ')[0] ?? value)),
    );
  } else if (format === 1) {
    post.body = [`## Why ${topic} needs a plan`, '', ...paragraphs.flatMap((value) => [value, ''])].join('\n');
  } else {
    post.body = [`<h2>Why ${topic} needs a plan</h2>`, ...paragraphs.map((value) => `<p>${value}</p>`)].join('\n');
  }
  return post;
}

export interface SeedOptions {
  /**
   * How many blog posts in all: the 13 written ones first, then generated ones (see
   * generatedPost). Fewer than 13 keeps the first N written posts. The 13 by default.
   */
  posts?: number;
}

/** The posts of a seed of `count` posts. */
function postsFor(count: number): PostSeed[] {
  const total = Math.max(0, Math.floor(count));
  if (total <= POSTS.length) return POSTS.slice(0, total);
  return [...POSTS, ...Array.from({ length: total - POSTS.length }, (_, n) => generatedPost(n))];
}

/** A fresh copy each call, so a test that mutates its seed cannot leak into the next. */
export function buildSeed(space: string, options: SeedOptions = {}): CdaSeed {
  return structuredClone({
    entries: [...AUTHORS, ...CATEGORIES, ...TAGS, ...postsFor(options.posts ?? POSTS.length).map(postEntity)],
    assets: IMAGES.map((make) => make(space)),
  });
}

/** The slug of every blog post in a seed, in seed order. */
export const seedPostSlugs = (seed: CdaSeed): string[] =>
  seed.entries
    .filter((entry) => entry.contentType === 'blogpost' && typeof entry.fields.slug === 'string')
    .map((entry) => entry.fields.slug as string);

/** Handy facts about the seed for assertions. */
export const SEED_FACTS = {
  postCount: POSTS.length,
  authorCount: AUTHORS.length,
  categoryCount: CATEGORIES.length,
  tagCount: TAGS.length,
  assetCount: IMAGES.length,
  postsByCategory: (categoryId: string): string[] =>
    POSTS.filter((post) => post.category === categoryId).map((post) => post.id),
  postsByTag: (tagId: string): string[] => POSTS.filter((post) => post.tags.includes(tagId)).map((post) => post.id),
  postsByAuthor: (authorId: string): string[] =>
    POSTS.filter((post) => post.authors.includes(authorId)).map((post) => post.id),
  /** Newest first, as the site lists them. */
  postIdsNewestFirst: (): string[] =>
    [...POSTS].sort((a, b) => b.publishDate.localeCompare(a.publishDate)).map((post) => post.id),
  postTitlesAz: (): string[] => POSTS.map((post) => post.title).sort((a, b) => a.localeCompare(b)),
} as const;
