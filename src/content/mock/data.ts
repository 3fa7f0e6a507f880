// The development mock's blog data (docs/requirements.md#mock-blog-data "Mock blog data") in the spec's flat shape; mockSource.ts resolves it.

export interface MockAuthor {
  id: string;
  name: string;
  bio: string;
  avatar: string;
  social: { twitter: string; linkedin: string; github: string };
}

export interface MockCategory {
  id: string;
  name: string;
  slug: string;
  description: string;
}

export interface MockTag {
  id: string;
  name: string;
  slug: string;
}

export interface MockPost {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  /** Markdown. */
  content: string;
  contentFormat: 'markdown';
  /** ISO 8601. */
  publishDate: string;
  /** ISO 8601. */
  modifiedDate: string;
  /** Author ids. */
  authors: string[];
  /** Category id. */
  category: string;
  /** Tag ids. */
  tags: string[];
  /** Minutes at 200 words a minute. */
  readingTime: number;
  featured: boolean;
  status: 'published';
  coverImage: { url: string; alt: string; width: number; height: number };
}

// Social links use example.com subdomains: these people are fictional and must not point at real accounts.
export const mockAuthors: readonly MockAuthor[] = [
  {
    id: 'author-dana-whitfield',
    name: 'Dana Whitfield',
    bio: 'Principal Salesforce architect at Meridian Cloud Consulting. Dana has led Sales Cloud and Service Cloud rollouts for manufacturers, lenders and healthcare networks across the Southeast.',
    avatar: '/images/authors/dana-whitfield.svg',
    social: {
      twitter: 'https://x.example.com/danawhitfield',
      linkedin: 'https://linkedin.example.com/in/danawhitfield',
      github: 'https://github.example.com/dwhitfield',
    },
  },
  {
    id: 'author-marcus-hale',
    name: 'Marcus Hale',
    bio: 'Lead developer at Meridian Cloud Consulting, working on Lightning Web Components, Apex and integration architecture. Marcus writes TypeScript wherever the platform lets him.',
    avatar: '/images/authors/marcus-hale.svg',
    social: {
      twitter: 'https://x.example.com/marcushale',
      linkedin: 'https://linkedin.example.com/in/marcushale',
      github: 'https://github.example.com/mhale',
    },
  },
];

export const mockCategories: readonly MockCategory[] = [
  {
    id: 'category-technology',
    name: 'Technology',
    slug: 'technology',
    description: 'Hands-on development on the Salesforce platform: components, code, data and tooling.',
  },
  {
    id: 'category-cloud-computing',
    name: 'Cloud Computing',
    slug: 'cloud-computing',
    description: 'Planning, rolling out and connecting Salesforce clouds and the services around them.',
  },
];

export const mockTags: readonly MockTag[] = [
  { id: 'tag-react', name: 'React', slug: 'react' },
  { id: 'tag-typescript', name: 'TypeScript', slug: 'typescript' },
  { id: 'tag-cloud', name: 'Cloud', slug: 'cloud' },
];

const cover = (slug: string, alt: string): MockPost['coverImage'] => ({
  url: `/images/blog/${slug}.svg`,
  alt,
  width: 1200,
  height: 900,
});

export const mockPosts: readonly MockPost[] = [
  {
    id: 'post-sales-cloud-rollout',
    title: 'Planning a Sales Cloud Rollout Your Sellers Will Actually Use',
    slug: 'planning-a-sales-cloud-rollout',
    excerpt:
      'Most Sales Cloud projects fail quietly: the org goes live and reps keep their spreadsheets. A practical plan for scoping, piloting and driving adoption.',
    content: `Most Sales Cloud projects don't fail on launch day. They fail quietly over the following quarter, when reps keep their own spreadsheets, managers keep asking for numbers by email, and the pipeline report nobody trusts gathers dust. The technology is rarely the problem. The plan is.

This is the rollout approach we use with growing sales teams, from the first workshop to the weeks after go-live.

## Start with the decisions, not the fields

Before anyone opens Setup, write down the five or six decisions your sales leadership makes every week. Which deals need help? Are we going to hit the quarter? Which territories are under-covered? Each of those decisions needs specific data, and that list of data becomes your scope.

Working backwards this way keeps the first release small. A field that doesn't feed a decision, a report or an automation is a field your reps have to fill in for no benefit, and every one of them costs you adoption.

### Describe your sales process in plain language

Write one sentence for each opportunity stage that a new hire would understand, along with what has to be true to leave it. "Discovery: we have met the economic buyer and confirmed a budget range" is an exit criterion. "Discovery: early conversations" is not. Those sentences become stage descriptions, validation rules and, later, forecast categories.

## Decide what you will not build yet

Every rollout attracts a wish list: quoting, territory management, custom mobile apps, a dozen integrations. Sort the list into three groups:

- **Launch**: needed for reps to work their pipeline in Salesforce on day one.
- **Next 90 days**: valuable, but only once people are using the basics.
- **Later**: ideas to revisit when you have real usage data.

Be strict. A focused launch that people use beats an ambitious one that they route around.

## Get the data foundation right

First impressions depend on what reps see when they log in. If their accounts are duplicated, contacts are missing and open deals from the old system are gone, trust is lost in the first hour.

1. Agree on a single owner for each account before migrating.
2. Deduplicate accounts and contacts in the source system, not after the load.
3. Bring open opportunities across with their stage history where you can. Our guide to [migrating without losing history](/blog/salesforce-data-migration-without-losing-history) covers how.
4. Turn on duplicate and matching rules before users start creating records.

## Pilot with a real team

Pick one team of six to ten sellers, ideally with a manager who is curious rather than merely compliant. Give them two to three weeks in the new org doing real work, and hold a short check-in twice a week. Watch for:

- Steps that reps skip or work around
- Fields that are always left blank
- Reports that managers still rebuild in spreadsheets

Each of these signals that the design, not the user, needs to change. Fix what you can before the wider launch, and tell the pilot team what changed because of their feedback. Those people become your best advocates.

## Launch week and the first month

Training should be short and role-based. Reps need to know how to log activity, move a deal forward and find their numbers. Managers need pipeline inspection and forecasting. Nobody needs a tour of every tab.

Set up a simple adoption dashboard before launch so you can see, by team:

- Logins per user per week
- Opportunities created and updated
- Activities logged against open deals

Review it weekly with sales leadership. Low numbers are rarely about discipline; they usually point to a missing report, a slow page or a process step that doesn't match how the team really sells.

### A small habit that matters

Ask managers to run their weekly pipeline review from Salesforce, on screen, from the first week. When the meeting runs on the system, the data in the system gets better very quickly.

## Measure what changed

Pick two or three outcome measures at the start, such as forecast accuracy, time from lead to first meeting or win rate on qualified opportunities, and capture a baseline before go-live. Revisit them at 30, 60 and 90 days. That evidence is what earns budget for the "next 90 days" list.

If you are planning a rollout and want a second opinion on scope or sequencing, our [Sales Cloud team](/services/sales-cloud) runs short planning workshops, and you can [get in touch](/contact) to set one up.
`,
    contentFormat: 'markdown',
    publishDate: '2025-01-14T14:00:00.000Z',
    modifiedDate: '2025-01-20T09:30:00.000Z',
    authors: ['author-dana-whitfield'],
    category: 'category-cloud-computing',
    tags: ['tag-cloud'],
    readingTime: 4,
    featured: true,
    status: 'published',
    coverImage: cover(
      'planning-a-sales-cloud-rollout',
      'Abstract illustration of a rising sales pipeline made of stacked blue bars',
    ),
  },
  {
    id: 'post-data-migration',
    title: 'Migrating to Salesforce Without Losing Your History',
    slug: 'salesforce-data-migration-without-losing-history',
    excerpt:
      'Moving records is easy; moving their history is where migrations go wrong. How to plan IDs, load order, audit fields and reconciliation so nothing is lost.',
    content: `Copying records into Salesforce is the easy part of a migration. The hard part is bringing their history with them: who owned an account three years ago, when a deal moved stages, which calls and emails led to a renewal. Lose that context and your users start from zero, your reports show every record created on the same day, and your service team can't see what a customer was told last year.

Here is how we plan migrations so that history survives the move.

## Decide what history you actually need

Not all history is worth migrating. Start by listing the questions people will ask of old data:

- What did we sell this customer, and when?
- Who has worked with this account, and what did they discuss?
- How did past deals progress through the pipeline?
- Which support cases has this customer raised?

Anything that answers one of these questions is in scope. Anything that doesn't, such as logs from a retired tool or drafts nobody opened, can be archived outside Salesforce and linked if needed.

## Keep the legacy identifiers

Give every migrated object an external ID field that holds the record's ID from the source system, for example \`Legacy_Id__c\`, marked as unique and as an external ID. This one decision makes everything else simpler:

- Relationships can be loaded with upserts that refer to the parent's legacy ID, so you never build lookup spreadsheets of Salesforce IDs.
- Loads can be re-run safely: an upsert updates the record instead of creating a duplicate.
- Anyone can trace a Salesforce record back to the old system during reconciliation.

## Preserve the original dates and owners

By default, Salesforce stamps every new record with the date and user of the load. To keep the real values, your administrator can enable "Set Audit Fields upon Record Creation" and "Update Records with Inactive Owners" and grant them to the migration user through a permission set. The migration user can then populate \`CreatedDate\`, \`CreatedById\`, \`LastModifiedDate\` and \`LastModifiedById\` on insert.

Two cautions apply. Audit fields can only be set when a record is created, so they have to be right in the first load. And every owner or creator you reference needs a user record, so create inactive users for people who have left rather than reassigning their history to an administrator.

### Stage history and field history

Opportunity stage history and field history tracking can't be inserted directly. Where that trail matters, load it into a custom object such as \`Opportunity_Stage_Snapshot__c\` holding the stage, amount, close date and date of each change. A related list or report then shows how each deal progressed, and win-rate analysis keeps working.

## Load in dependency order

Parents must exist before children. A typical order is:

1. Users, including inactive users for former staff
2. Accounts, then contacts
3. Products and price books
4. Opportunities, then opportunity products and contact roles
5. Cases, then activities (tasks and events)
6. Notes, files and custom history objects

Activities are often the largest volume. Load them with the Bulk API and test throughput on a full-size sandbox before the cutover weekend, not during it.

## Reconcile before you switch

Count and total everything in both systems, and compare. A short query per object gives you the Salesforce side:

\`\`\`sql
SELECT COUNT(Id) records, SUM(Amount) pipeline
FROM Opportunity
WHERE Legacy_Id__c != null
AND IsClosed = false
\`\`\`

Match those figures against the source export, then spot-check a sample of records end to end: open the old record and the new one side by side and compare owner, dates, related contacts and activity history. Ask a few long-serving users to look up accounts they know well; they will notice gaps that counts can't.

## Plan the cutover and the freeze

Agree on a freeze window in which the old system is read-only, run the final delta load, reconcile again and only then open Salesforce to users. Keep the legacy system available read-only for a defined period, so people can check something quickly while trust in the new data builds.

A migration done this way takes more planning up front, but your team's first day in Salesforce starts with their full customer history rather than a blank page. If you are scoping a move, our [implementation team](/services/salesforce-implementation) can help you plan it. See also our guide to [planning a Sales Cloud rollout](/blog/planning-a-sales-cloud-rollout).
`,
    contentFormat: 'markdown',
    publishDate: '2025-02-11T14:00:00.000Z',
    modifiedDate: '2025-02-11T14:00:00.000Z',
    authors: ['author-marcus-hale'],
    category: 'category-technology',
    tags: ['tag-cloud'],
    readingTime: 4,
    featured: false,
    status: 'published',
    coverImage: cover(
      'salesforce-data-migration-without-losing-history',
      'Abstract illustration of records flowing from an old database into the cloud',
    ),
  },
  {
    id: 'post-lwc-typescript',
    title: 'Lightning Web Components in TypeScript: A Guide for React Developers',
    slug: 'lightning-web-components-in-typescript',
    excerpt:
      'Coming to Salesforce from React? How Lightning Web Components map to what you already know, and how to add TypeScript type checking to them today.',
    content: `If your team has built React applications, Lightning Web Components (LWC) will feel familiar within a day and surprising within a week. Both are component models built on modern JavaScript, but LWC leans on web standards where React brings its own abstractions. Knowing where the two differ saves a lot of debugging, and adding TypeScript catches much of the rest.

## How the concepts map

Most of what you know carries over under different names:

- **Props** become public properties marked with the \`@api\` decorator. As in React, a component should treat them as read-only.
- **State** is simply class fields. Assigning a new value to a field the template uses triggers a re-render, so there is no setter function to call.
- **Data fetching** is usually handled by \`@wire\`, which connects a property or method to a data service or an Apex method and runs again when its reactive parameters change.
- **Callbacks passed as props** are replaced by DOM events: a child dispatches a \`CustomEvent\` and the parent listens for it.
- **JSX** gives way to HTML templates with directives for conditions and loops, kept in a separate file next to the class.

### What surprises React developers

Reactivity tracks assignments, not every deep mutation. Pushing into an array field or changing a property of a nested object won't always re-render; assign a new array or object instead, the same way you would with React state.

Styles are scoped by shadow DOM, so a global stylesheet won't reach inside your component. Use Lightning Design System classes and styling hooks rather than fighting the encapsulation.

Finally, there is no virtual DOM to inspect. Use the browser's element inspector, and enable debug mode for your user while developing so you see readable source.

## Adding TypeScript

The platform compiles and serves JavaScript components, so TypeScript is a development-time tool: you write \`.ts\` files, check them with the compiler and deploy JavaScript. Salesforce has been adding first-party TypeScript support for LWC, so check the current release notes before you set this up; the approach below works either way.

1. Add a \`tsconfig.json\` with \`strict\` turned on and \`experimentalDecorators\` enabled, so the compiler accepts \`@api\` and \`@wire\`.
2. Write small type declarations for the modules you import, such as \`lwc\` and each Apex method, describing their parameters and results.
3. Use a type-stripping build step that leaves decorators in place, such as Babel with its TypeScript preset and the decorators syntax plugin. The LWC compiler on the platform needs to see the decorators as written.
4. Run \`tsc --noEmit\` in continuous integration, alongside your Jest tests, so type errors block a merge.

### A typed component

Here is a component that lists the open opportunities of the account page it sits on:

\`\`\`typescript
import { LightningElement, api, wire } from 'lwc';
import getOpenOpportunities from '@salesforce/apex/OpportunityController.getOpenOpportunities';

interface OpportunityRow {
  Id: string;
  Name: string;
  Amount: number | null;
  CloseDate: string;
}

interface WireResult {
  data?: OpportunityRow[];
  error?: unknown;
}

export default class OpenOpportunities extends LightningElement {
  @api recordId = '';
  rows: OpportunityRow[] = [];
  errorMessage = '';

  @wire(getOpenOpportunities, { accountId: '$recordId' })
  handleResult({ data, error }: WireResult): void {
    if (data) {
      this.rows = data;
      this.errorMessage = '';
    } else if (error) {
      this.rows = [];
      this.errorMessage = 'Open opportunities could not be loaded.';
    }
  }

  get hasRows(): boolean {
    return this.rows.length > 0;
  }
}
\`\`\`

The \`OpportunityRow\` interface documents exactly which fields the Apex method returns, so a field renamed in Apex shows up as a compile error in the component rather than an empty column in production. Notice that \`this.rows\` is replaced rather than mutated, which keeps rendering predictable.

## Testing

Salesforce provides a Jest setup for LWC (\`@salesforce/sfdx-lwc-jest\`) that renders components in a simulated DOM, much like React Testing Library. Test wire adapters let you emit data and errors, then assert on the rendered output. Type-check your tests too: a mocked Apex response that doesn't match the interface is a test that proves nothing.

## When to reach for something else

LWC is the right default for components inside Lightning pages, the Salesforce mobile app and Experience Cloud sites. If you are building a large standalone application that only reads and writes Salesforce data, a React front end calling Salesforce APIs may still be the better fit. We help teams make that call as part of our [custom Salesforce solutions](/services/custom-salesforce-solutions) work.
`,
    contentFormat: 'markdown',
    publishDate: '2025-03-18T14:00:00.000Z',
    modifiedDate: '2025-04-02T16:15:00.000Z',
    authors: ['author-marcus-hale'],
    category: 'category-technology',
    tags: ['tag-react', 'tag-typescript'],
    readingTime: 4,
    featured: true,
    status: 'published',
    coverImage: cover(
      'lightning-web-components-in-typescript',
      'Abstract illustration of nested component blocks connected by lines',
    ),
  },
  {
    id: 'post-cloud-integrations',
    title: 'Moving Salesforce Integrations to the Cloud: From Nightly Batches to Events',
    slug: 'moving-salesforce-integrations-to-the-cloud',
    excerpt:
      'Nightly batch jobs on an office server are fragile and slow. How to move Salesforce integrations to cloud services and events without a big-bang rewrite.',
    content: `Many Salesforce orgs still depend on integrations written years ago: a scheduled job on a server in the office that exports records overnight, transforms them with a script and pushes them into an ERP. They work until they don't, and when they fail, someone finds out the next morning from an unhappy customer.

Moving these integrations to cloud services is less about hosting and more about changing the shape of the integration: from large nightly batches to small, frequent, observable messages.

## Take inventory first

Before changing anything, list every integration that touches your org. For each one, record:

- The systems at both ends and the direction of data flow
- The trigger: a schedule, a user action or a record change
- The volume per day and the acceptable delay
- Who is alerted when it fails, if anyone
- The credentials it uses and where they are stored

This inventory usually turns up surprises: an integration running under a former employee's login, a password hard-coded in a script, or two jobs writing the same field. Fix those before migrating, not after.

## Choose the right trigger

Not every integration needs to be real time. Match the pattern to the need:

- **Change Data Capture** publishes an event whenever a record is created, updated, deleted or undeleted. It suits keeping another system in sync with Salesforce records.
- **Platform events** carry business events you define, such as "order submitted", and suit processes that span several systems.
- **Scheduled bulk jobs** are still right for large, delay-tolerant loads such as a nightly data warehouse refresh, run with the Bulk API from a cloud scheduler instead of an office server.
- **Direct API calls** fit user-driven lookups where someone is waiting for an answer.

## Build consumers that fail safely

Events are delivered at least once, so a cloud consumer will sometimes see the same event twice. The pattern we use is simple: remember which events have been processed, and make every write idempotent. Here is a simplified handler, where \`deps\` bundles a store of processed event IDs and the ERP client:

\`\`\`typescript
interface ChangeEvent {
  replayId: string;
  recordId: string;
  changeType: 'CREATE' | 'UPDATE' | 'DELETE' | 'UNDELETE';
  fields: { [name: string]: unknown };
}

export async function handleChange(event: ChangeEvent, deps: IntegrationDeps) {
  // Delivered twice: the first delivery already did the work.
  if (await deps.processed.has(event.replayId)) return;

  if (event.changeType === 'DELETE') {
    await deps.erp.deactivateCustomer(event.recordId);
  } else {
    // Upsert by Salesforce ID, so a repeated event updates instead of duplicating.
    await deps.erp.upsertCustomer({ salesforceId: event.recordId, ...event.fields });
  }

  await deps.processed.add(event.replayId);
}
\`\`\`

Processing the event and recording its replay ID are not atomic, so a crash between the two means the event is handled again after a restart. That is exactly why the write is an upsert: doing it twice gives the same result as doing it once.

### Keep the replay position

Salesforce retains change events and high-volume platform events for 72 hours. Store the last processed replay ID durably and resubscribe from it after a restart or deployment, so nothing is missed during downtime. Alert when a consumer falls more than a few hours behind, well before events expire.

## Secure the connection

Cloud integrations should authenticate with the OAuth 2.0 JWT bearer or client credentials flow as a dedicated integration user with a minimal permission set, never as a person. Keep secrets in your cloud provider's secret manager, rotate certificates on a schedule, and restrict the connected app to the integration user.

## Migrate one integration at a time

Avoid the big-bang rewrite. Run the new cloud consumer in parallel with the old job for a couple of weeks, writing to a staging area and comparing outputs, and switch over once the results match. Then retire the old job and its credentials for good.

## Make it observable

Every integration should answer three questions on a dashboard: is it running, how far behind is it, and what failed? Log each event with its replay ID and record ID, so support can trace a single customer's update end to end. An integration you can see is one you can trust.

If you would like help planning the move, our [implementation team](/services/salesforce-implementation) has moved integrations from on-premises schedulers to event-driven cloud services. Our [reference architecture](https://example.com/reference/event-driven-salesforce) shows the overall shape.
`,
    contentFormat: 'markdown',
    publishDate: '2025-04-22T14:00:00.000Z',
    modifiedDate: '2025-04-22T14:00:00.000Z',
    authors: ['author-dana-whitfield', 'author-marcus-hale'],
    category: 'category-cloud-computing',
    tags: ['tag-cloud', 'tag-typescript'],
    readingTime: 4,
    featured: false,
    status: 'published',
    coverImage: cover(
      'moving-salesforce-integrations-to-the-cloud',
      'Abstract illustration of event messages travelling between cloud services',
    ),
  },
];
