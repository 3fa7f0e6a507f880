// The three static embedded HTML posts of docs/requirements.md#static-posts, with slug lookup, related posts and BlogPost conversion.
import type { BlogPost } from '../model';
import { LIMITS } from '../model';
import { toBlogPost } from '../normalize';

export interface StaticPostAuthor {
  name: string;
  role: string;
  avatarUrl: string;
}

export interface StaticPost {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  /** HTML (h2, h3, p, ul). */
  content: string;
  imageUrl: string;
  category: string;
  /** Display text, e.g. 'May 6, 2025'. */
  date: string;
  author: StaticPostAuthor;
}

const danaWhitfield: StaticPostAuthor = {
  name: 'Dana Whitfield',
  role: 'Principal Salesforce Architect',
  avatarUrl: '/images/authors/dana-whitfield.svg',
};

const elenaBrooks: StaticPostAuthor = {
  name: 'Elena Brooks',
  role: 'Director of Client Strategy',
  avatarUrl: '/images/authors/elena-brooks.svg',
};

const marcusHale: StaticPostAuthor = {
  name: 'Marcus Hale',
  role: 'Lead Developer',
  avatarUrl: '/images/authors/marcus-hale.svg',
};

export const staticPosts: readonly StaticPost[] = [
  {
    id: 'static-salesforce-ai-readiness',
    title: 'Preparing Your Org for Salesforce AI',
    slug: 'preparing-your-org-for-salesforce-ai',
    excerpt:
      'AI features are only as good as the data and processes beneath them. How to pick a first use case, clean the data it reads and set guardrails before launch.',
    content: `<p>Generative AI features are arriving in every Salesforce cloud, and the demos are impressive: drafted emails, summarised cases, suggested next steps. Whether they are impressive in <em>your</em> org depends far less on the model than on the data and processes underneath it. Here is how to prepare so that your first AI project delivers something people keep using.</p>
<h2>Start with one well-defined use case</h2>
<p>Resist the urge to switch AI on everywhere at once. Pick one task that is frequent, time-consuming and easy to judge, such as summarising a long case history for an agent taking over a ticket, or drafting a follow-up email after a sales call. A good first use case has:</p>
<ul>
<li>A clear owner who decides whether the output is good enough</li>
<li>A measurable baseline, such as handling time or time to follow-up</li>
<li>A person reviewing the result before it reaches a customer</li>
</ul>
<h2>Fix the data the AI will read</h2>
<p>AI features ground their answers in your records. If case descriptions are empty, activities aren't logged or products are recorded as free text, the output will be vague or wrong, and users will stop trusting it within days.</p>
<h3>Check completeness and consistency</h3>
<p>Run simple reports on the fields your use case depends on. How often are they blank? How many different spellings does a free-text field hold? Tidy the worst offenders, convert free text to picklists where you can, and add validation rules so the problems don't come back.</p>
<h3>Review who can see what</h3>
<p>AI features respect your sharing model, which also means an overly open org exposes more than you intended in generated summaries. Review org-wide defaults, sharing rules and field-level security for sensitive data before enabling any feature that reads it.</p>
<h2>Set guardrails before launch</h2>
<p>The Einstein Trust Layer adds protections such as data masking and zero data retention with its model providers, but your organisation still needs its own rules. Agree on:</p>
<ul>
<li>Which data must never appear in prompts or generated text</li>
<li>Where a person must approve output before it is sent</li>
<li>How users report a poor or inappropriate response</li>
<li>Who reviews that feedback and adjusts prompts each month</li>
</ul>
<p>Write these rules down and include them in training. Clear rules make people more willing to use the feature, not less.</p>
<h2>Measure, then expand</h2>
<p>Run the pilot with a small group for four to six weeks. Compare results with the baseline, read a sample of outputs every week and ask the people using it what would make it better. Only when the first use case works, and you understand what it costs, should you add a second. Each success makes the next one easier to justify.</p>
<p>If you would like help choosing a first use case or preparing your data, our <a href="/services/einstein-ai">Salesforce AI team</a> runs short readiness assessments.</p>
`,
    imageUrl: '/images/blog/preparing-your-org-for-salesforce-ai.svg',
    category: 'Salesforce AI',
    date: 'May 6, 2025',
    author: danaWhitfield,
  },
  {
    id: 'static-salesforce-roadmap',
    title: 'Building a Salesforce Roadmap Your Leadership Will Fund',
    slug: 'building-a-salesforce-roadmap-your-leadership-will-fund',
    excerpt:
      'Orgs that grow one request at a time drift. How to tie Salesforce work to business outcomes, plan in quarters and present a roadmap as an investment case.',
    content: `<p>Most Salesforce orgs grow one request at a time: a field here, a flow there, a new app because one team asked loudly. After a few years the org works, but nobody can say where it is heading or why this quarter's budget should go to it. A roadmap fixes that, provided it speaks the language of the people approving the spend.</p>
<h2>Begin with business outcomes</h2>
<p>Executives fund outcomes, not features. Start by collecting the three to five goals leadership already cares about this year, such as shortening the sales cycle, improving renewal rates or reducing the cost to serve. Every item on the roadmap should trace back to one of them.</p>
<h3>Translate requests into outcomes</h3>
<p>Gather the backlog from each department, then ask of every item: which goal does this move, and how would we know? A request for "a renewals dashboard" becomes "give account managers a 90-day view of upcoming renewals so fewer lapse unnoticed". The second version can be prioritised; the first cannot.</p>
<h2>Assess where you are today</h2>
<p>A roadmap needs an honest starting point. Review the health of the org before planning new work:</p>
<ul>
<li>Technical debt: unused fields, overlapping automation, and workflow rules or processes still waiting to move to Flow</li>
<li>Data quality: duplicates, incomplete records and fields nobody trusts</li>
<li>Adoption: login and usage trends by team</li>
<li>Licences: what you pay for and what is actually used</li>
</ul>
<p>Some of the best roadmap items come from this list. Retiring unused licences or consolidating automation rarely excites anyone, but it frees budget and reduces risk.</p>
<h2>Sequence in quarters, not years</h2>
<p>Plan the next quarter in detail, the two after it in outline, and keep everything beyond that as themes. Salesforce ships three major releases a year and your business changes too, so a rigid two-year plan is out of date by its first review.</p>
<p>Within each quarter, balance three kinds of work: improvements users will notice, foundation work such as data quality and security, and at least one item that reduces cost or risk. A roadmap made only of foundation work loses its sponsors; one made only of visible features piles up debt.</p>
<h2>Present it as an investment case</h2>
<p>For each quarter, show the outcome, the expected benefit, the cost and the measure you will report. Keep it to one page per quarter. Then report against it: when leadership sees last quarter's measures move, approving the next quarter becomes a much shorter conversation.</p>
<h3>Keep governance light</h3>
<p>A monthly meeting with a sponsor from each major department is usually enough to reprioritise, approve changes and review progress. Publish the decisions, so teams know why their request moved up or down the list.</p>
<p>Our <a href="/services/salesforce-consulting">Salesforce consulting</a> team helps organisations build and maintain roadmaps like this one, starting with a short review of the org's health.</p>
`,
    imageUrl: '/images/blog/building-a-salesforce-roadmap-your-leadership-will-fund.svg',
    category: 'Salesforce Strategy',
    date: 'June 10, 2025',
    author: elenaBrooks,
  },
  {
    id: 'static-integration-patterns',
    title: 'Choosing the Right Salesforce Integration Pattern',
    slug: 'choosing-the-right-salesforce-integration-pattern',
    excerpt:
      'Most Salesforce integrations fit a handful of patterns. Four questions to ask first, the patterns that answer them, and when middleware earns its keep.',
    content: `<p>Almost every Salesforce project includes integration work: an ERP for orders and invoices, a marketing platform, a data warehouse, a billing system. The technology choices are many, but most integrations fall into a handful of patterns. Choosing the pattern first and the tool second avoids most of the problems we are later asked to fix.</p>
<h2>Four questions before choosing</h2>
<ul>
<li><strong>Who starts it?</strong> A user action, a record change, a schedule or another system.</li>
<li><strong>How fast must it be?</strong> Within seconds while a user waits, within minutes, or overnight.</li>
<li><strong>How much data?</strong> A single record, hundreds a day or millions a month.</li>
<li><strong>What happens on failure?</strong> Retry automatically, alert someone or stop the user.</li>
</ul>
<h2>The common patterns</h2>
<h3>Request and reply</h3>
<p>Salesforce calls another system and waits for the answer, for example to check stock or credit before an order is saved. It suits small, user-driven lookups. Keep the calls fast, set timeouts, and show the user a clear message when the other system is unavailable.</p>
<h3>Fire and forget</h3>
<p>Salesforce publishes a platform event or change event and carries on; subscribers process it in their own time. This decouples the systems, so a slow ERP no longer slows down a sales rep, and it is the pattern we recommend most often for keeping systems in sync.</p>
<h3>Batch data synchronisation</h3>
<p>Large volumes move on a schedule through the Bulk API. It is the right choice for data warehouse loads and initial migrations, where a delay of hours is acceptable and throughput matters more than speed.</p>
<h3>Remote call-in</h3>
<p>Another system creates or updates Salesforce records through the REST or SOAP API. Give each calling system its own integration user and connected app, so its access can be limited, monitored and revoked separately.</p>
<h3>Data virtualisation</h3>
<p>Sometimes data shouldn't be copied at all. Salesforce Connect shows records from an external system inside Salesforce without storing them, which suits large, rarely used data such as order history that has to stay in the ERP.</p>
<h2>Where middleware helps</h2>
<p>With one or two integrations, direct connections are fine. As the number grows, an integration platform pays for itself: it centralises credentials, transformations, monitoring and retries, and it stops every system needing to know about every other. The trade-off is one more platform to license and run, so introduce it when connections multiply, not before.</p>
<h2>Design for failure from day one</h2>
<p>Whatever the pattern, decide up front how errors are logged, who is alerted and how a failed message is replayed. Integrations rarely fail on launch day; they fail months later when a password expires or a field is renamed. Monitoring turns that from an outage into a routine fix.</p>
<p>If you are planning a new integration or untangling old ones, our <a href="/services/salesforce-implementation">implementation team</a> can help you choose the pattern and the tools.</p>
`,
    imageUrl: '/images/blog/choosing-the-right-salesforce-integration-pattern.svg',
    category: 'Integration',
    date: 'July 8, 2025',
    author: marcusHale,
  },
];

/** The post with this slug (surrounding spaces ignored), or undefined. */
export const findStaticPost = (slug: string): StaticPost | undefined => {
  const wanted = slug.trim();
  return wanted ? staticPosts.find((post) => post.slug === wanted) : undefined;
};

/** Up to `limit` (at most 3) other posts, in list order, never the post with `id` itself. */
export function relatedStaticPosts(id: string, limit: number = LIMITS.related): StaticPost[] {
  const count = Number.isFinite(limit) ? Math.max(0, Math.min(Math.floor(limit), LIMITS.related)) : LIMITS.related;
  return staticPosts.filter((post) => post.id !== id).slice(0, count);
}

const slugify = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/**
 * 'May 6, 2025' → '2025-05-06T00:00:00.000Z'. Parsed by hand because Date.parse reads such text in the
 * local time zone, which would move the date a day back on machines east of UTC. Undefined if unreadable.
 */
export function parseDisplayDate(text: string): string | undefined {
  const match = /^\s*([a-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})\s*$/i.exec(text);
  if (!match?.[1] || !match[2] || !match[3]) return undefined;
  const name = match[1].toLowerCase();
  // Full names or abbreviations of at least three letters ('Sep', 'Sept', 'September').
  const month = name.length >= 3 ? MONTHS.findIndex((candidate) => candidate.startsWith(name)) : -1;
  if (month === -1) return undefined;
  const day = Number(match[2]);
  const date = new Date(Date.UTC(Number(match[3]), month, day));
  // Reject days the month doesn't have ('February 30') instead of rolling into the next month.
  return date.getUTCDate() === day ? date.toISOString() : undefined;
}

/** The static post as a domain BlogPost, through the shared normalizer. */
export function staticPostToBlogPost(post: StaticPost): BlogPost {
  const categorySlug = slugify(post.category);
  return toBlogPost({
    id: post.id,
    title: post.title,
    slug: post.slug,
    body: post.content,
    excerpt: post.excerpt,
    publishDate: parseDisplayDate(post.date),
    authors: [
      {
        id: `static-author-${slugify(post.author.name)}`,
        name: post.author.name,
        role: post.author.role,
        avatar: post.author.avatarUrl,
      },
    ],
    category: { id: `static-category-${categorySlug}`, name: post.category, slug: categorySlug },
    tags: [],
    coverImage: { url: post.imageUrl, alt: post.title, width: 1200, height: 900, source: 'other' },
    featured: false,
  });
}
