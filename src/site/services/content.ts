// The services the company sells, as typed data rendered by the services templates.

export type ServiceGroup = 'platform' | 'digital' | 'delivery';

export type ServiceIcon =
  | 'sales'
  | 'service'
  | 'marketing'
  | 'experience'
  | 'automation'
  | 'ai'
  | 'implementation'
  | 'code'
  | 'strategy'
  | 'digital'
  | 'design'
  | 'mobile'
  | 'training'
  | 'support'
  | 'health'
  | 'success';

export type Service = {
  slug: string;
  title: string;
  /** One sentence for cards and menus. */
  summary: string;
  /** Lead paragraph under the page heading; also the meta description. */
  intro: string;
  group: ServiceGroup;
  icon: ServiceIcon;
};

export const services = [
  {
    slug: 'sales-cloud',
    title: 'Sales Cloud',
    summary: 'Pipeline, forecasting and territory management your sales team will actually use.',
    intro:
      'We configure Sales Cloud around the way your team sells: lead routing, opportunity stages, forecasting and dashboards that leadership trusts, with adoption built into the rollout.',
    group: 'platform',
    icon: 'sales',
  },
  {
    slug: 'service-cloud',
    title: 'Service Cloud',
    summary: 'Case management, omni-channel routing and knowledge that shorten every resolution.',
    intro:
      'We design Service Cloud for faster answers: omni-channel routing, entitlements and SLAs, a searchable knowledge base and a console that puts the whole customer history on one screen.',
    group: 'platform',
    icon: 'service',
  },
  {
    slug: 'marketing-cloud',
    title: 'Marketing Cloud',
    summary: 'Journeys, segmentation and email that follow each customer across channels.',
    intro:
      'We build Marketing Cloud journeys on clean, connected data: segmentation, consent-aware email and SMS, and reporting that ties campaigns to revenue in your CRM.',
    group: 'platform',
    icon: 'marketing',
  },
  {
    slug: 'experience-cloud',
    title: 'Experience Cloud',
    summary: 'Customer and partner portals connected to the records your team already keeps.',
    intro:
      'We launch Experience Cloud portals where customers track cases and orders and partners register deals, all secured by sharing rules and branded to match your site.',
    group: 'platform',
    icon: 'experience',
  },
  {
    slug: 'pardot',
    title: 'Pardot (Account Engagement)',
    summary: 'B2B lead nurturing, scoring and grading handed to sales at the right moment.',
    intro:
      'We set up Account Engagement so marketing and sales agree on what a qualified lead is: scoring and grading models, nurture programmes and a clean hand-off into Sales Cloud.',
    group: 'platform',
    icon: 'automation',
  },
  {
    slug: 'einstein-ai',
    title: 'Einstein AI',
    summary: 'Predictive scoring, next best actions and generative assistants grounded in your data.',
    intro:
      'We put Einstein and Agentforce to work on problems you can measure: lead and opportunity scoring, case classification, next best actions and assistants grounded in your own records, with guardrails your compliance team signs off.',
    group: 'platform',
    icon: 'ai',
  },
  {
    slug: 'salesforce-implementation',
    title: 'Salesforce Implementation',
    summary: 'From discovery to go-live in fixed phases, with data migration and training included.',
    intro:
      'Our implementation method takes you from discovery to go-live in fixed, reviewable phases: requirements, design, configuration, data migration, testing, training and hypercare.',
    group: 'delivery',
    icon: 'implementation',
  },
  {
    slug: 'custom-salesforce-solutions',
    title: 'Custom Salesforce Solutions',
    summary: 'Apex, Lightning Web Components and integrations where configuration is not enough.',
    intro:
      'When clicks are not enough we write code: Apex services, Lightning Web Components and integrations with ERP, billing and data platforms, delivered with tests and documentation your admins can maintain.',
    group: 'delivery',
    icon: 'code',
  },
  {
    slug: 'salesforce-consulting',
    title: 'Salesforce Consulting',
    summary: 'Org health checks, roadmaps and architecture advice from certified consultants.',
    intro:
      'Our consultants review your org, your processes and your licences, then give you a prioritised roadmap: what to fix, what to build next and what to stop paying for.',
    group: 'delivery',
    icon: 'strategy',
  },
  {
    slug: 'strategic-digital-marketing',
    title: 'Strategic Digital Marketing',
    summary: 'Campaign strategy, paid media and analytics connected to your CRM pipeline.',
    intro:
      'We plan and run digital campaigns that report into Salesforce, so every channel is judged on the pipeline and revenue it produces rather than on clicks.',
    group: 'digital',
    icon: 'digital',
  },
  {
    slug: 'web-design',
    title: 'Web Design',
    summary: 'Fast, accessible websites whose forms feed leads straight into your CRM.',
    intro:
      'We design and build fast, accessible websites with forms and tracking wired into your CRM, so a visitor becomes a lead without anyone copying data by hand.',
    group: 'digital',
    icon: 'design',
  },
  {
    slug: 'mobile-development',
    title: 'Mobile Development',
    summary: 'Mobile apps for field teams and customers, synced with Salesforce offline and online.',
    intro:
      'We build mobile apps for field teams and customers on the Salesforce Mobile SDK and modern native stacks, with offline sync and the security model of your org.',
    group: 'digital',
    icon: 'mobile',
  },
  {
    slug: 'training',
    title: 'Salesforce Training',
    summary: 'Hands-on courses for users, admins and developers, from fundamentals to certification.',
    intro:
      'Hands-on training for every role: fundamentals for end users, admin certification preparation and developer bootcamps, taught on a sandbox copy of your own org.',
    group: 'delivery',
    icon: 'training',
  },
  {
    slug: 'support',
    title: 'Salesforce Support',
    summary: 'Managed admin and developer support plans with guaranteed response times.',
    intro:
      'Managed support plans with guaranteed response times: an experienced team that handles admin requests, fixes, release updates and health checks so your org keeps improving after go-live.',
    group: 'delivery',
    icon: 'support',
  },
  {
    slug: 'healthcare',
    title: 'Salesforce for Healthcare',
    summary: 'Health Cloud implementations for providers and payers, built with HIPAA in mind.',
    intro:
      'We implement Health Cloud for providers, payers and health-tech companies: patient and member 360 views, care coordination and referral management, configured with HIPAA safeguards from day one.',
    group: 'platform',
    icon: 'health',
  },
  {
    slug: 'customer-success',
    title: 'Customer Success Solutions',
    summary: 'Health scores, renewals and expansion playbooks for subscription businesses.',
    intro:
      'For subscription businesses we build customer success on Salesforce: health scores from product and support data, renewal and expansion playbooks, and early warnings before an account churns.',
    group: 'platform',
    icon: 'success',
  },
] as const satisfies readonly Service[];

export type ServiceSlug = (typeof services)[number]['slug'];

export const findService = (slug: string | undefined): Service | undefined =>
  services.find((service) => service.slug === slug);
