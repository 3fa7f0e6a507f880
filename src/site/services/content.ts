// Service page copy, keyed by slug: loaded with the service page's chunk only. Every page has every
// section (the tuple types make an empty list a type error too); training and support add their
// programmes and plans. Figures are our own delivery results and match the linked case studies.
import type { CaseStudySlug } from '../case-studies/content';
import type { ServiceSlug } from './catalog';
import type { SupportPlanId, TrainingProgramId } from './offers';

type NonEmpty<T> = readonly [T, ...T[]];

export type ServiceFeature = { title: string; description: string };
export type EngagementStep = { title: string; duration: string; description: string };
export type Outcome = { figure: string; label: string };

export type ServicePageContent = {
  /** Lead paragraph under the page heading; also the meta description. */
  intro: string;
  /** The hero button's label (it goes to /contact). */
  heroCta: string;
  /** What the service includes. */
  includes: NonEmpty<ServiceFeature>;
  /** How the engagement runs, in order. */
  engagement: NonEmpty<EngagementStep>;
  /** Results with figures. */
  outcomes: NonEmpty<Outcome>;
  /** Related client stories (existing case-study slugs only). */
  caseStudies: NonEmpty<CaseStudySlug>;
  /** The closing call to action. */
  cta: { heading: string; text: string; label: string };
};

export type HeroImage = { src: string; alt: string; width: number; height: number };

export type TrainingProgram = {
  id: TrainingProgramId;
  duration: string;
  audience: string;
  description: string;
  topics: NonEmpty<string>;
};

export type SupportPlan = {
  id: SupportPlanId;
  badge?: 'POPULAR';
  description: string;
  features: NonEmpty<string>;
};

export type TrainingPageContent = ServicePageContent & {
  heroImage: HeroImage;
  programs: { heading: string; intro: string; items: readonly [TrainingProgram, TrainingProgram, TrainingProgram] };
};

export type SupportPageContent = ServicePageContent & {
  heroImage: HeroImage;
  plans: { heading: string; intro: string; items: readonly [SupportPlan, SupportPlan, SupportPlan] };
};

export type ServicePages = {
  [Slug in ServiceSlug]: Slug extends 'training'
    ? TrainingPageContent
    : Slug extends 'support'
      ? SupportPageContent
      : ServicePageContent;
};

export const servicePages: ServicePages = {
  'sales-cloud': {
    intro:
      'We configure Sales Cloud around the way your team sells: lead routing, opportunity stages, forecasting and dashboards that leadership trusts, with adoption built into the rollout.',
    heroCta: 'Plan your Sales Cloud rollout',
    includes: [
      {
        title: 'Lead capture and routing',
        description:
          'Web, phone and event leads land in one queue and reach the right rep by territory, product or round robin within minutes.',
      },
      {
        title: 'Opportunity stages that match your process',
        description:
          'Stages, exit criteria and required fields agreed with your sales managers, so a stage means the same thing for every rep.',
      },
      {
        title: 'Forecasting and pipeline reviews',
        description:
          'Collaborative forecasts by team and product, with adjustments and a weekly pipeline dashboard that replaces the spreadsheet.',
      },
      {
        title: 'Mobile and email productivity',
        description:
          'Inbox integration, activity capture and the Salesforce mobile app set up so reps log calls from the car park, not on Friday night.',
      },
    ],
    engagement: [
      {
        title: 'Sales process workshop',
        duration: '1 week',
        description: 'We sit with reps and managers, map how deals really move and agree the fields that matter.',
      },
      {
        title: 'Configuration sprints',
        duration: '3–5 weeks',
        description: 'Two-week sprints with a demo at the end of each, so your team shapes the result as it is built.',
      },
      {
        title: 'Data migration and testing',
        duration: '1–2 weeks',
        description:
          'Accounts, contacts and open opportunities moved from your old CRM or spreadsheets, then tested by your users.',
      },
      {
        title: 'Training and go-live',
        duration: '1 week',
        description: 'Role-based training, a go-live checklist and two weeks of hypercare with a consultant on call.',
      },
    ],
    outcomes: [
      { figure: '68%', label: 'faster response to new buyer inquiries for a real estate brokerage' },
      { figure: '94%', label: 'forecast accuracy at quarter start for a professional services firm' },
      { figure: '6–9 weeks', label: 'from the first workshop to a live Sales Cloud org' },
    ],
    caseStudies: ['luxe-properties', 'strategic-consulting-group'],
    cta: {
      heading: 'Give your sales team a pipeline they believe in',
      text: 'Tell us how you sell today and we will sketch the Sales Cloud setup, timeline and cost in a free 45-minute call.',
      label: 'Talk to a Sales Cloud consultant',
    },
  },
  'service-cloud': {
    intro:
      'We design Service Cloud for faster answers: omni-channel routing, entitlements and SLAs, a searchable knowledge base and a console that puts the whole customer history on one screen.',
    heroCta: 'Plan your Service Cloud project',
    includes: [
      {
        title: 'Omni-channel routing',
        description:
          'Email, web, chat and phone cases routed by skill and capacity, so the next free agent who can solve it gets it.',
      },
      {
        title: 'Entitlements and SLAs',
        description:
          'Response and resolution targets per contract, with milestones, escalations and warnings before a promise is broken.',
      },
      {
        title: 'Knowledge base',
        description:
          'Articles written once and used by agents in the console and by customers in a self-service portal.',
      },
      {
        title: 'Service console',
        description:
          'Orders, assets, past cases and open opportunities on one screen, with macros for the ten requests you see every day.',
      },
    ],
    engagement: [
      {
        title: 'Service review',
        duration: '1–2 weeks',
        description: 'We listen to calls, read cases and measure where time goes today, then agree the targets.',
      },
      {
        title: 'Design and build',
        duration: '4–6 weeks',
        description:
          'Queues, routing, entitlements and console layouts built in sprints and demonstrated to team leads.',
      },
      {
        title: 'Channel cut-over',
        duration: '1–2 weeks',
        description: 'Email-to-case, web forms and telephony switched over one channel at a time, never all at once.',
      },
      {
        title: 'Hypercare',
        duration: '2 weeks',
        description:
          'A consultant on the floor (or on the call) with your agents, tuning routing as real volume arrives.',
      },
    ],
    outcomes: [
      { figure: '52%', label: 'faster maintenance request resolution across 9,000 rental units' },
      { figure: '140', label: 'retail stores sharing one customer and case record' },
      { figure: '30%', label: 'of routine requests answered by the knowledge base before a case is opened' },
    ],
    caseStudies: ['metro-property-management', 'retail-max'],
    cta: {
      heading: 'Shorten every resolution',
      text: 'Send us your current case volumes and channels; we will come back with a routing design and a realistic timeline.',
      label: 'Talk to a Service Cloud consultant',
    },
  },
  'marketing-cloud': {
    intro:
      'We build Marketing Cloud journeys on clean, connected data: segmentation, consent-aware email and SMS, and reporting that ties campaigns to revenue in your CRM.',
    heroCta: 'Plan your first journeys',
    includes: [
      {
        title: 'Data model and segmentation',
        description:
          'Purchase history, preferences and CRM data joined into segments your marketers can build without writing SQL.',
      },
      {
        title: 'Journeys',
        description:
          'Welcome, post-purchase, win-back and abandoned-basket journeys with branching on behaviour, not just on time.',
      },
      {
        title: 'Consent and deliverability',
        description:
          'Preference centre, unsubscribe handling and sender authentication, so messages reach inboxes and respect every opt-out.',
      },
      {
        title: 'Revenue reporting',
        description:
          'Campaign influence reported back into Salesforce, so each journey is judged on orders and pipeline.',
      },
    ],
    engagement: [
      {
        title: 'Data and goals assessment',
        duration: '2 weeks',
        description:
          'We audit your data sources and consent records and pick the three journeys that will pay back first.',
      },
      {
        title: 'Platform set-up',
        duration: '3–4 weeks',
        description: 'Business units, sender domains, data extensions and the CRM connector configured and tested.',
      },
      {
        title: 'Journey build',
        duration: '3–5 weeks',
        description:
          'Templates, content blocks and the first journeys built with your team, then tested on seed lists.',
      },
      {
        title: 'Launch and optimise',
        duration: 'first 90 days',
        description: 'Weekly reviews of opens, conversions and revenue, with A/B tests on subject lines and timing.',
      },
    ],
    outcomes: [
      { figure: '33%', label: 'more repeat purchases within 90 days for a multi-brand retailer' },
      { figure: '2.4x', label: 'email revenue per campaign for a fashion brand' },
      { figure: '22%', label: 'higher average order value for a furniture retailer' },
    ],
    caseStudies: ['retailnxt-customer-retention', 'fashion-forward', 'luxehome-furnishings'],
    cta: {
      heading: 'Turn one-time buyers into regulars',
      text: 'Show us your customer data and we will propose the first three journeys, with the revenue we expect from each.',
      label: 'Talk to a Marketing Cloud consultant',
    },
  },
  'experience-cloud': {
    intro:
      'We launch Experience Cloud portals where customers track cases and orders and partners register deals, all secured by sharing rules and branded to match your site.',
    heroCta: 'Scope your portal',
    includes: [
      {
        title: 'Customer self-service portals',
        description:
          'Customers open and follow cases, download documents and update their details without calling you.',
      },
      {
        title: 'Partner and buyer portals',
        description:
          'Partners register deals and share leads; buyers follow their purchase from reservation to handover.',
      },
      {
        title: 'Security and sharing',
        description:
          'Sharing sets, profiles and guest-user rules reviewed line by line, so each visitor sees only their own records.',
      },
      {
        title: 'Branded, accessible pages',
        description: 'Themes and components styled to your brand and checked for keyboard and screen-reader use.',
      },
    ],
    engagement: [
      {
        title: 'Audience and journey mapping',
        duration: '1–2 weeks',
        description:
          'Who logs in, what they need to do and which records they may see, agreed before anything is built.',
      },
      {
        title: 'Portal build',
        duration: '4–6 weeks',
        description: 'Pages, components, login and registration flows built in sprints with a clickable preview.',
      },
      {
        title: 'Security review and pilot',
        duration: '2 weeks',
        description: 'A sharing audit and a pilot with a handful of real customers or partners before the wide launch.',
      },
      {
        title: 'Launch',
        duration: '1 week',
        description: 'Invitations, help content and a usage dashboard so you can see adoption from day one.',
      },
    ],
    outcomes: [
      { figure: '41%', label: 'shorter time from reservation to contract for a residential developer' },
      { figure: '1 record', label: 'per buyer shared by sales, legal and the buyer portal' },
      { figure: '8–10 weeks', label: 'typical time to launch a first customer portal' },
    ],
    caseStudies: ['coastal-developments'],
    cta: {
      heading: 'Let customers and partners serve themselves',
      text: 'Tell us who should log in and what they need to do; we will outline the portal and its security model.',
      label: 'Talk to an Experience Cloud consultant',
    },
  },
  pardot: {
    intro:
      'We set up Account Engagement so marketing and sales agree on what a qualified lead is: scoring and grading models, nurture programmes and a clean hand-off into Sales Cloud.',
    heroCta: 'Fix your lead hand-off',
    includes: [
      {
        title: 'Scoring and grading',
        description:
          'Engagement scores and fit grades built with your sales team, so "marketing qualified" means a lead worth calling.',
      },
      {
        title: 'Nurture programmes',
        description:
          'Engagement Studio programmes for each buying stage, with content mapped to the questions buyers ask.',
      },
      {
        title: 'Forms, landing pages and tracking',
        description: 'Forms and pages on your own domain, with campaign tracking and first-touch attribution.',
      },
      {
        title: 'Sales alignment',
        description:
          'Lead assignment, alerts and a service-level agreement for follow-up, reported weekly to both teams.',
      },
    ],
    engagement: [
      {
        title: 'Lead definition workshop',
        duration: '1 week',
        description:
          'Marketing and sales agree the ideal customer profile, the scoring thresholds and the hand-off rules.',
      },
      {
        title: 'Set-up and connector',
        duration: '2–3 weeks',
        description: 'Business unit, tracker domain, the Salesforce connector and field sync configured and tested.',
      },
      {
        title: 'Programmes and content',
        duration: '3–4 weeks',
        description: 'Nurture programmes, templates and forms built and tested on internal test prospects.',
      },
      {
        title: 'Review and tune',
        duration: 'after 60 days',
        description: 'We compare scores with closed deals and adjust the model so it predicts what sales accepts.',
      },
    ],
    outcomes: [
      { figure: '45%', label: 'more sales-accepted leads for a B2B technology company' },
      { figure: '1 definition', label: 'of a qualified lead, shared by marketing and sales' },
      { figure: '7–9 weeks', label: 'from workshop to the first live nurture programme' },
    ],
    caseStudies: ['tech-vision'],
    cta: {
      heading: 'Send sales the leads they will actually call',
      text: 'We will review your current lead flow and show where qualified buyers are lost between the two teams.',
      label: 'Talk to an Account Engagement consultant',
    },
  },
  'einstein-ai': {
    intro:
      'We put Einstein and Agentforce to work on problems you can measure: lead and opportunity scoring, case classification, next best actions and assistants grounded in your own records, with guardrails your compliance team signs off.',
    heroCta: 'Find your first AI use case',
    includes: [
      {
        title: 'Use-case selection',
        description:
          'We rank candidate use cases by value, data readiness and risk, and start with the one that can prove itself in weeks.',
      },
      {
        title: 'Data readiness',
        description:
          'Field completeness, duplicates and history checked and fixed, because predictions are only as good as the records.',
      },
      {
        title: 'Predictions and next best actions',
        description:
          'Scoring, forecasting and recommendations placed where users already work, with the reasons shown.',
      },
      {
        title: 'Agents with guardrails',
        description:
          'Agentforce assistants grounded in your knowledge and records, with topics, actions and data access limited by design.',
      },
    ],
    engagement: [
      {
        title: 'Discovery and data audit',
        duration: '2 weeks',
        description: 'Use cases ranked, data quality measured and success metrics agreed with the business owner.',
      },
      {
        title: 'Data preparation',
        duration: '3 weeks',
        description: 'Clean-up, enrichment and the fields the models need, captured going forward.',
      },
      {
        title: 'Pilot',
        duration: '4 weeks',
        description: 'The first model or agent with a pilot group, measured against the agreed baseline.',
      },
      {
        title: 'Rollout',
        duration: '3 weeks',
        description: 'Wider release, training and the monitoring dashboards that show drift and adoption.',
      },
      {
        title: 'Review',
        duration: '2 weeks',
        description: 'Results against the baseline and the next use case, decided with your leadership.',
      },
    ],
    outcomes: [
      { figure: '14 weeks', label: 'AI journey in five phases for an industrial manufacturer' },
      { figure: '5', label: 'phases, each ending in a go or no-go decision by the business owner' },
      { figure: '0', label: 'records visible to an agent beyond what its user may see' },
    ],
    caseStudies: ['precision-manufacturing'],
    cta: {
      heading: 'Start with one AI use case that pays back',
      text: 'Bring us the decision you would most like to improve; we will tell you honestly whether your data is ready.',
      label: 'Talk to an Einstein AI consultant',
    },
  },
  'salesforce-implementation': {
    intro:
      'Our implementation method takes you from discovery to go-live in fixed, reviewable phases: requirements, design, configuration, data migration, testing, training and hypercare.',
    heroCta: 'Plan your implementation',
    includes: [
      {
        title: 'Discovery and requirements',
        description: 'Workshops with every team that will use Salesforce, written up as user stories you sign off.',
      },
      {
        title: 'Solution design',
        description: 'A data model, security model and integration plan reviewed by a certified architect.',
      },
      {
        title: 'Data migration',
        description: 'Mapping, cleansing and trial loads, with reconciliation reports that prove nothing went missing.',
      },
      {
        title: 'Training and hypercare',
        description: 'Role-based training before go-live and a consultant on call for the first weeks after it.',
      },
    ],
    engagement: [
      {
        title: 'Discovery',
        duration: '2–3 weeks',
        description: 'Requirements, priorities and a fixed plan for the phases that follow.',
      },
      {
        title: 'Design',
        duration: '2 weeks',
        description: 'Data model, security and integrations designed and approved before configuration starts.',
      },
      {
        title: 'Build',
        duration: '6–10 weeks',
        description: 'Two-week sprints ending in a demo; your team tests each sprint’s work the following week.',
      },
      {
        title: 'Migration and testing',
        duration: '2–3 weeks',
        description: 'Trial migrations, user acceptance testing and a dress rehearsal of the go-live weekend.',
      },
      {
        title: 'Go-live and hypercare',
        duration: '2–4 weeks',
        description: 'Cut-over, training and daily check-ins until the support queue is quiet.',
      },
    ],
    outcomes: [
      { figure: '3.2 hrs', label: 'saved per advisor every week at a wealth management firm' },
      { figure: '10 weeks', label: 'from kickoff to go-live for a health-tech company' },
      { figure: '0', label: 'records lost in a four-org consolidation' },
    ],
    caseStudies: ['global-financial-corp', 'health-tech-innovations', 'global-tech'],
    cta: {
      heading: 'Go live on a date you can plan around',
      text: 'Tell us what you need Salesforce to do and when; we will come back with phases, a team and a fixed price per phase.',
      label: 'Talk to an implementation lead',
    },
  },
  'custom-salesforce-solutions': {
    intro:
      'When clicks are not enough we write code: Apex services, Lightning Web Components and integrations with ERP, billing and data platforms, delivered with tests and documentation your admins can maintain.',
    heroCta: 'Discuss your build',
    includes: [
      {
        title: 'Apex and automation',
        description: 'Services, triggers and batch jobs with unit tests well above the platform’s 75% coverage floor.',
      },
      {
        title: 'Lightning Web Components',
        description: 'Screens your users need that standard layouts cannot give, built accessible and in TypeScript.',
      },
      {
        title: 'Integrations',
        description:
          'ERP, billing, data warehouse and e-commerce connections through APIs, platform events or middleware.',
      },
      {
        title: 'Release pipeline',
        description: 'Source control, scratch orgs and automated deployments, so releases stop being a weekend event.',
      },
    ],
    engagement: [
      {
        title: 'Technical discovery',
        duration: '1–2 weeks',
        description: 'We read your org and the systems around it and write a design you can review line by line.',
      },
      {
        title: 'Build sprints',
        duration: '4–12 weeks',
        description: 'Two-week sprints with code reviews, automated tests and a demo at the end of each.',
      },
      {
        title: 'Integration testing',
        duration: '1–2 weeks',
        description: 'End-to-end tests with realistic volumes against your other systems’ test environments.',
      },
      {
        title: 'Handover',
        duration: '1 week',
        description: 'Documentation, a walkthrough with your admins and developers, and a support window.',
      },
    ],
    outcomes: [
      { figure: '5 days', label: 'cut from the average quote cycle with automated quote-to-cash' },
      { figure: '90%+', label: 'Apex test coverage on everything we ship' },
      { figure: '4 → 1', label: 'Salesforce orgs consolidated without lost records' },
    ],
    caseStudies: ['tech-solutions', 'global-tech'],
    cta: {
      heading: 'Build what configuration cannot',
      text: 'Describe the process or integration you are stuck on; a senior developer will reply with options and rough effort.',
      label: 'Talk to a Salesforce developer',
    },
  },
  'salesforce-consulting': {
    intro:
      'Our consultants review your org, your processes and your licences, then give you a prioritised roadmap: what to fix, what to build next and what to stop paying for.',
    heroCta: 'Book an org review',
    includes: [
      {
        title: 'Org health check',
        description: 'Automation, security, data quality and technical debt scored against Salesforce best practice.',
      },
      {
        title: 'Licence and cost review',
        description: 'Who uses what, which licences sit idle and which add-ons duplicate what you already own.',
      },
      {
        title: 'Roadmap',
        description: 'A twelve-month plan in quarters, with effort, value and dependencies for each item.',
      },
      {
        title: 'Architecture advice',
        description:
          'Org strategy, integration patterns and data residency questions answered by certified architects.',
      },
    ],
    engagement: [
      {
        title: 'Interviews',
        duration: '1 week',
        description: 'Conversations with admins, users and leaders about what works and what gets in the way.',
      },
      {
        title: 'Org analysis',
        duration: '1–2 weeks',
        description: 'A read-only review of metadata, automation, usage and data quality.',
      },
      {
        title: 'Findings and roadmap',
        duration: '1 week',
        description: 'A written report and a workshop where we agree priorities with your leadership.',
      },
      {
        title: 'Follow-up',
        duration: 'quarterly',
        description: 'Optional check-ins to re-prioritise the roadmap as your business changes.',
      },
    ],
    outcomes: [
      { figure: '94%', label: 'forecast accuracy at quarter start after a pipeline redesign' },
      { figure: '3–4 weeks', label: 'from first interview to an agreed roadmap' },
      { figure: '1 in 5', label: 'licences typically found idle or duplicated in our reviews' },
    ],
    caseStudies: ['strategic-consulting-group', 'global-tech'],
    cta: {
      heading: 'Know what to fix first',
      text: 'Give us read-only access and three weeks; you will get a roadmap your leadership can fund.',
      label: 'Talk to a Salesforce consultant',
    },
  },
  'strategic-digital-marketing': {
    intro:
      'We plan and run digital campaigns that report into Salesforce, so every channel is judged on the pipeline and revenue it produces rather than on clicks.',
    heroCta: 'Review your campaigns',
    includes: [
      {
        title: 'Campaign strategy',
        description: 'Audiences, offers and a channel plan built from your closed-won deals, not from guesswork.',
      },
      {
        title: 'Paid search and social',
        description: 'Campaigns managed weekly, with budgets moved towards what produces opportunities.',
      },
      {
        title: 'Content and SEO',
        description: 'Articles and landing pages that answer your buyers’ questions and rank for them.',
      },
      {
        title: 'Closed-loop analytics',
        description: 'Campaign, source and UTM data carried into Salesforce, with pipeline reports by channel.',
      },
    ],
    engagement: [
      {
        title: 'Audit',
        duration: '2 weeks',
        description: 'Your channels, tracking and CRM attribution reviewed, with quick wins listed first.',
      },
      {
        title: 'Plan',
        duration: '1–2 weeks',
        description: 'A quarterly plan with budgets, targets and the reports that will judge it.',
      },
      {
        title: 'Launch',
        duration: '2–4 weeks',
        description: 'Tracking fixed, campaigns and landing pages live, leads flowing into Salesforce.',
      },
      {
        title: 'Optimise',
        duration: 'monthly',
        description: 'A monthly review of cost per opportunity and revenue by channel, and the next tests to run.',
      },
    ],
    outcomes: [
      { figure: '45%', label: 'more sales-accepted leads once campaigns fed a shared scoring model' },
      { figure: '33%', label: 'more repeat purchases from retention campaigns tied to purchase history' },
      { figure: '100%', label: 'of paid leads arriving in Salesforce with their source and campaign' },
    ],
    caseStudies: ['tech-vision', 'retailnxt-customer-retention'],
    cta: {
      heading: 'Judge marketing on revenue',
      text: 'Share your current channels and budget; we will show you which ones produce pipeline and which only produce clicks.',
      label: 'Talk to a digital marketing strategist',
    },
  },
  'web-design': {
    intro:
      'We design and build fast, accessible websites with forms and tracking wired into your CRM, so a visitor becomes a lead without anyone copying data by hand.',
    heroCta: 'Plan your new site',
    includes: [
      {
        title: 'UX and visual design',
        description: 'Site structure, wireframes and designs tested with real visitors before development starts.',
      },
      {
        title: 'Fast, accessible build',
        description: 'Pages that load in under two seconds on a phone and meet WCAG 2.2 AA.',
      },
      {
        title: 'CRM-connected forms',
        description: 'Contact, demo and quote forms that create leads in Salesforce with their source attached.',
      },
      {
        title: 'Content management',
        description:
          'A CMS your marketers can edit without a developer, with page templates that keep the design intact.',
      },
    ],
    engagement: [
      {
        title: 'Discovery',
        duration: '1–2 weeks',
        description: 'Goals, audiences, content inventory and the conversion paths the site must support.',
      },
      {
        title: 'Design',
        duration: '3–4 weeks',
        description: 'Wireframes, then visual designs for the key templates, reviewed with your team.',
      },
      {
        title: 'Build and content',
        duration: '4–6 weeks',
        description: 'Development, CRM integration and content migration, with weekly previews.',
      },
      {
        title: 'Launch',
        duration: '1 week',
        description: 'Redirects, analytics, performance and accessibility checks, then go-live.',
      },
    ],
    outcomes: [
      { figure: '< 2 s', label: 'largest contentful paint on a mid-range phone' },
      { figure: '0', label: 'leads re-typed by hand from form emails into the CRM' },
      { figure: '9–13 weeks', label: 'typical time from discovery to launch' },
    ],
    caseStudies: ['luxe-properties', 'luxehome-furnishings'],
    cta: {
      heading: 'A website that feeds your pipeline',
      text: 'Send us your current site and your goals; we will reply with a structure, a timeline and a price range.',
      label: 'Talk to our web team',
    },
  },
  'mobile-development': {
    intro:
      'We build mobile apps for field teams and customers on the Salesforce Mobile SDK and modern native stacks, with offline sync and the security model of your org.',
    heroCta: 'Scope your app',
    includes: [
      {
        title: 'Field team apps',
        description: 'Visits, inspections, orders and signatures captured on site, even without a signal.',
      },
      {
        title: 'Customer apps',
        description: 'Accounts, orders and service requests in an app your customers keep on their home screen.',
      },
      {
        title: 'Offline sync',
        description: 'Local storage and conflict handling, so nothing is lost between the basement and the car park.',
      },
      {
        title: 'Security and distribution',
        description: 'Single sign-on, device management and app store or private distribution handled for you.',
      },
    ],
    engagement: [
      {
        title: 'Ride-along discovery',
        duration: '1–2 weeks',
        description: 'We spend time with the people who will use the app, where they will use it.',
      },
      {
        title: 'Prototype',
        duration: '2–3 weeks',
        description: 'A clickable prototype tested with real users before a line of production code.',
      },
      {
        title: 'Build',
        duration: '6–10 weeks',
        description: 'Sprints with a test build on your phones every two weeks.',
      },
      {
        title: 'Pilot and release',
        duration: '2–3 weeks',
        description: 'A pilot group, fixes from their feedback, then store or enterprise release.',
      },
    ],
    outcomes: [
      { figure: '68%', label: 'faster response to new inquiries with mobile follow-up for brokers' },
      { figure: '100%', label: 'of site visits captured offline and synced when back in range' },
      { figure: '11–18 weeks', label: 'from discovery to a released first version' },
    ],
    caseStudies: ['luxe-properties', 'metro-property-management'],
    cta: {
      heading: 'Put Salesforce in your team’s pocket',
      text: 'Tell us who will use the app and where; we will suggest the right approach, native or Salesforce Mobile.',
      label: 'Talk to a mobile developer',
    },
  },
  training: {
    intro:
      'Hands-on training for every role: fundamentals for end users, admin certification preparation and developer bootcamps, taught on a sandbox copy of your own org.',
    heroCta: 'Plan training for your team',
    heroImage: {
      src: '/images/services/training.svg',
      alt: 'A trainer at a whiteboard with a Salesforce dashboard, facing a row of learners at laptops',
      width: 1200,
      height: 675,
    },
    includes: [
      {
        title: 'Your org, your data',
        description:
          'Exercises run in a sandbox of your own org, so people practise the screens they will use on Monday.',
      },
      {
        title: 'Certified instructors',
        description: 'Every course is taught by a consultant who holds the certification and delivers projects.',
      },
      {
        title: 'Remote or on site',
        description: 'Live online classes or sessions at your office; in Raleigh at ours.',
      },
      {
        title: 'Materials to keep',
        description: 'Workbooks, recordings and quick-reference cards tailored to your configuration.',
      },
    ],
    engagement: [
      {
        title: 'Skills assessment',
        duration: '1 week',
        description: 'A short survey and interviews to group learners by role and level.',
      },
      {
        title: 'Course tailoring',
        duration: '1–2 weeks',
        description: 'Exercises and examples rewritten around your objects, processes and data.',
      },
      {
        title: 'Delivery',
        duration: '2–10 days',
        description: 'The programme itself, in blocks that fit around your team’s work.',
      },
      {
        title: 'Follow-up',
        duration: '30 days',
        description: 'Office hours for questions and an adoption report after the first month.',
      },
    ],
    outcomes: [
      { figure: '92%', label: 'first-attempt pass rate on the Administrator exam after our programme' },
      { figure: '3.2 hrs', label: 'saved per advisor every week once advisors were trained on their new console' },
      { figure: '2–10 days', label: 'programmes, from end-user basics to developer bootcamp' },
    ],
    caseStudies: ['global-financial-corp', 'health-tech-innovations'],
    cta: {
      heading: 'Train your team on the org they will use',
      text: 'Tell us how many people, which roles and when; we will propose a programme and dates.',
      label: 'Ask about training',
    },
    programs: {
      heading: 'Training programmes',
      intro: 'Three programmes, each tailored to your org. Pick one or combine them for a mixed team.',
      items: [
        {
          id: 'fundamentals',
          duration: '2-3 days',
          audience: 'Sales, service and marketing users',
          description: 'Everything an everyday user needs to work confidently in Salesforce from the first day.',
          topics: ['Navigation, search and list views', 'Records, activities and reports', 'Dashboards and mobile app'],
        },
        {
          id: 'admin-cert',
          duration: '5 days',
          audience: 'New and aspiring Salesforce administrators',
          description: 'A structured path to the Salesforce Administrator certification, with practice exams.',
          topics: ['Security, users and data access', 'Flows and automation', 'Data management and exam practice'],
        },
        {
          id: 'developer',
          duration: '5-10 days',
          audience: 'Developers new to the Salesforce platform',
          description: 'Apex, Lightning Web Components and deployment, built around a project in your sandbox.',
          topics: ['Apex, SOQL and tests', 'Lightning Web Components', 'Integrations and release pipeline'],
        },
      ],
    },
  },
  support: {
    intro:
      'Managed support plans with guaranteed response times: an experienced team that handles admin requests, fixes, release updates and health checks so your org keeps improving after go-live.',
    heroCta: 'Choose a support plan',
    heroImage: {
      src: '/images/services/support.svg',
      alt: 'A support consultant with a headset next to a ticket queue and an org health gauge',
      width: 1200,
      height: 675,
    },
    includes: [
      {
        title: 'Admin requests',
        description: 'New fields, reports, users and permission changes handled by certified admins.',
      },
      {
        title: 'Fixes and troubleshooting',
        description: 'Broken flows, failed integrations and error emails investigated and fixed at the root.',
      },
      {
        title: 'Release readiness',
        description: 'Each of Salesforce’s three yearly releases tested against your org before it reaches you.',
      },
      {
        title: 'Health checks',
        description: 'Regular reviews of limits, security settings and data quality, with findings you can act on.',
      },
    ],
    engagement: [
      {
        title: 'Onboarding',
        duration: '1–2 weeks',
        description: 'We learn your org, document it and set up the request channels for your team.',
      },
      {
        title: 'Service start',
        duration: 'week 3',
        description: 'Requests flow through email, phone or the portal with response times by plan.',
      },
      {
        title: 'Monthly reporting',
        duration: 'monthly',
        description: 'Requests handled, hours used and the trends behind them, in one short report.',
      },
      {
        title: 'Reviews',
        duration: 'quarterly',
        description: 'A look back and a plan for the next quarter’s improvements.',
      },
    ],
    outcomes: [
      { figure: '97%', label: 'of support requests answered within the plan’s response time' },
      { figure: '96%', label: 'gross revenue retention for a software client we support' },
      { figure: '3', label: 'Salesforce releases tested against your org every year' },
    ],
    caseStudies: ['dataflow-systems', 'metro-property-management'],
    cta: {
      heading: 'Keep your org improving after go-live',
      text: 'Tell us about your org and your team; we will recommend the plan that fits and start within two weeks.',
      label: 'Ask about support',
    },
    plans: {
      heading: 'Support plans',
      intro: 'Three plans with guaranteed response times. Every plan includes certified admins and developers.',
      items: [
        {
          id: 'essential',
          description: 'For smaller orgs that need a reliable expert on call.',
          features: ['48-hour response', 'Business hours', 'Email support'],
        },
        {
          id: 'premium',
          badge: 'POPULAR',
          description: 'For growing teams that change their org every month.',
          features: ['24-hour response', 'Email and phone support', 'Dedicated manager', 'Monthly health check'],
        },
        {
          id: 'enterprise',
          description: 'For business-critical orgs that cannot wait.',
          features: [
            '24/7 support',
            '4-hour response for critical issues',
            'Quarterly reviews',
            'Proactive monitoring',
          ],
        },
      ],
    },
  },
  healthcare: {
    intro:
      'We implement Health Cloud for providers, payers and health-tech companies: patient and member 360 views, care coordination and referral management, configured with HIPAA safeguards from day one.',
    heroCta: 'Plan your Health Cloud project',
    includes: [
      {
        title: 'Patient and member 360',
        description: 'Conditions, care teams, programmes and interactions on one record, visible by role.',
      },
      {
        title: 'Referral and care coordination',
        description: 'Referrals tracked from intake to appointment, with tasks and reminders for care coordinators.',
      },
      {
        title: 'Member service',
        description: 'Omni-channel service for health plans, with benefits and claims context in the console.',
      },
      {
        title: 'HIPAA safeguards',
        description:
          'Shield encryption, field audit trail and access reviews configured and documented for your auditors.',
      },
    ],
    engagement: [
      {
        title: 'Discovery and compliance review',
        duration: '2 weeks',
        description: 'Workflows, data flows and the safeguards your privacy officer requires.',
      },
      {
        title: 'Configuration',
        duration: '4 weeks',
        description: 'Health Cloud data model, care plans and referral processes built in sprints.',
      },
      {
        title: 'Integration and migration',
        duration: '2 weeks',
        description: 'EHR and claims data connected through an integration layer, with minimum necessary access.',
      },
      {
        title: 'Training and go-live',
        duration: '2 weeks',
        description: 'Role-based training for coordinators and agents, then go-live with hypercare.',
      },
    ],
    outcomes: [
      { figure: '10 weeks', label: 'from kickoff to go-live for a referral management platform' },
      { figure: '38%', label: 'shorter average handling time for a regional health plan' },
      { figure: '100%', label: 'of protected fields encrypted and audited' },
    ],
    caseStudies: ['health-tech-innovations', 'health-plus'],
    cta: {
      heading: 'Coordinate care on one platform',
      text: 'Tell us about your patients or members and your systems; we will outline a compliant Health Cloud plan.',
      label: 'Talk to a healthcare consultant',
    },
  },
  'customer-success': {
    intro:
      'For subscription businesses we build customer success on Salesforce: health scores from product and support data, renewal and expansion playbooks, and early warnings before an account churns.',
    heroCta: 'Plan your success programme',
    includes: [
      {
        title: 'Customer health scores',
        description: 'Usage, support, billing and survey signals combined into one score your team trusts.',
      },
      {
        title: 'Renewal management',
        description: 'Renewal opportunities created automatically, with forecasts 120 days ahead.',
      },
      {
        title: 'Playbooks',
        description:
          'Onboarding, adoption, risk and expansion playbooks that create the right tasks at the right time.',
      },
      {
        title: 'Executive reporting',
        description: 'Net and gross revenue retention, churn reasons and expansion pipeline on one dashboard.',
      },
    ],
    engagement: [
      {
        title: 'Retention analysis',
        duration: '2 weeks',
        description: 'We study past churn and expansion to find the signals that predicted them.',
      },
      {
        title: 'Data integration',
        duration: '3 weeks',
        description: 'Product usage, support and billing data brought into Salesforce.',
      },
      {
        title: 'Scores and playbooks',
        duration: '3 weeks',
        description: 'Health scores, renewal automation and playbooks built with your success managers.',
      },
      {
        title: 'Calibration',
        duration: 'after 90 days',
        description: 'Scores checked against real renewals and adjusted where they were wrong.',
      },
    ],
    outcomes: [
      { figure: '27%', label: 'increase in customer lifetime value for a B2B software company' },
      { figure: '31%', label: 'reduction in annual churn for a cloud software vendor' },
      { figure: '96%', label: 'gross revenue retention for a data platform company' },
    ],
    caseStudies: ['techforward-customer-lifetime-value', 'cloudminds-solutions', 'dataflow-systems'],
    cta: {
      heading: 'See churn coming and act before it happens',
      text: 'Share your renewal numbers and your data sources; we will show you which signals predict churn for you.',
      label: 'Talk to a customer success consultant',
    },
  },
};
