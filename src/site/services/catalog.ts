// The catalogue of services: what menus, cards and links need. Page copy lives in content.ts,
// which only the service page's chunk loads.

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
  group: ServiceGroup;
  icon: ServiceIcon;
};

export const services = [
  {
    slug: 'sales-cloud',
    title: 'Sales Cloud',
    summary: 'Pipeline, forecasting and territory management your sales team will actually use.',
    group: 'platform',
    icon: 'sales',
  },
  {
    slug: 'service-cloud',
    title: 'Service Cloud',
    summary: 'Case management, omni-channel routing and knowledge that shorten every resolution.',
    group: 'platform',
    icon: 'service',
  },
  {
    slug: 'marketing-cloud',
    title: 'Marketing Cloud',
    summary: 'Journeys, segmentation and email that follow each customer across channels.',
    group: 'platform',
    icon: 'marketing',
  },
  {
    slug: 'experience-cloud',
    title: 'Experience Cloud',
    summary: 'Customer and partner portals connected to the records your team already keeps.',
    group: 'platform',
    icon: 'experience',
  },
  {
    slug: 'pardot',
    title: 'Pardot (Account Engagement)',
    summary: 'B2B lead nurturing, scoring and grading handed to sales at the right moment.',
    group: 'platform',
    icon: 'automation',
  },
  {
    slug: 'einstein-ai',
    title: 'Einstein AI',
    summary: 'Predictive scoring, next best actions and generative assistants grounded in your data.',
    group: 'platform',
    icon: 'ai',
  },
  {
    slug: 'salesforce-implementation',
    title: 'Salesforce Implementation',
    summary: 'From discovery to go-live in fixed phases, with data migration and training included.',
    group: 'delivery',
    icon: 'implementation',
  },
  {
    slug: 'custom-salesforce-solutions',
    title: 'Custom Salesforce Solutions',
    summary: 'Apex, Lightning Web Components and integrations where configuration is not enough.',
    group: 'delivery',
    icon: 'code',
  },
  {
    slug: 'salesforce-consulting',
    title: 'Salesforce Consulting',
    summary: 'Org health checks, roadmaps and architecture advice from certified consultants.',
    group: 'delivery',
    icon: 'strategy',
  },
  {
    slug: 'strategic-digital-marketing',
    title: 'Strategic Digital Marketing',
    summary: 'Campaign strategy, paid media and analytics connected to your CRM pipeline.',
    group: 'digital',
    icon: 'digital',
  },
  {
    slug: 'web-design',
    title: 'Web Design',
    summary: 'Fast, accessible websites whose forms feed leads straight into your CRM.',
    group: 'digital',
    icon: 'design',
  },
  {
    slug: 'mobile-development',
    title: 'Mobile Development',
    summary: 'Mobile apps for field teams and customers, synced with Salesforce offline and online.',
    group: 'digital',
    icon: 'mobile',
  },
  {
    slug: 'training',
    title: 'Salesforce Training',
    summary: 'Hands-on courses for users, admins and developers, from fundamentals to certification.',
    group: 'delivery',
    icon: 'training',
  },
  {
    slug: 'support',
    title: 'Salesforce Support',
    summary: 'Managed admin and developer support plans with guaranteed response times.',
    group: 'delivery',
    icon: 'support',
  },
  {
    slug: 'healthcare',
    title: 'Salesforce for Healthcare',
    summary: 'Health Cloud implementations for providers and payers, built with HIPAA in mind.',
    group: 'platform',
    icon: 'health',
  },
  {
    slug: 'customer-success',
    title: 'Customer Success Solutions',
    summary: 'Health scores, renewals and expansion playbooks for subscription businesses.',
    group: 'platform',
    icon: 'success',
  },
] as const satisfies readonly Service[];

export type ServiceSlug = (typeof services)[number]['slug'];

export type CatalogService = (typeof services)[number];

export const findService = (slug: string | undefined): CatalogService | undefined =>
  services.find((service) => service.slug === slug);
