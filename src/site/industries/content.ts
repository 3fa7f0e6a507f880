// The industries we serve: what goes wrong with customer data in each, which services help, and
// the case studies from that industry (derived from the case-study cards, never listed twice).
import { industries } from '../case-studies/content';
import type { IndustryName, IndustrySlug } from '../case-studies/content';
import type { ServiceSlug } from '../services/catalog';

export type IndustryProfile = {
  slug: IndustrySlug;
  name: IndustryName;
  summary: string;
  challenges: readonly [string, ...string[]];
  services: readonly [ServiceSlug, ...ServiceSlug[]];
};

export const industryPage = {
  title: 'Industries',
  heading: 'Salesforce solutions for your industry',
  description:
    'Salesforce for real estate, healthcare, financial services, manufacturing, retail, technology and professional services: the challenges we solve, the services we use and client results.',
  intro:
    'Every industry bends the CRM in its own direction. For the sectors we serve most, we bring data models, compliance know-how and workflows that have already worked for companies like yours.',
} as const;

// Keyed by slug, so an industry of the case studies without a profile is a type error.
const profiles: { readonly [Slug in IndustrySlug]: Omit<IndustryProfile, 'slug' | 'name'> } = {
  'real-estate': {
    summary:
      'Brokerages, developers and property managers win on speed: answering an inquiry first, following a buyer from registration to contract, and fixing a tenant’s leak before it becomes a claim.',
    challenges: [
      'Leads from listing portals wait in shared inboxes while buyers call the next agent',
      'Buyer and registrant lists scattered across spreadsheets and agencies',
      'Maintenance requests triaged by hand across phone, email and web forms',
    ],
    services: ['sales-cloud', 'einstein-ai', 'marketing-cloud', 'service-cloud'],
  },
  healthcare: {
    summary:
      'Providers, payers and health-tech companies need one view of the patient or member, with HIPAA safeguards designed in from the first sprint rather than added at the end.',
    challenges: [
      'Referrals by fax and care plans tracked in spreadsheets',
      'Member service agents switching between claims, eligibility and care systems',
      'Protected health information that must be encrypted and visible only to the right roles',
    ],
    services: ['healthcare', 'service-cloud', 'experience-cloud'],
  },
  'financial-services': {
    summary:
      'Advisors and bankers need a complete client picture, and compliance needs every communication approved and on record. We design for both from the first workshop.',
    challenges: [
      'Client data copied between CRM, portfolio and scheduling systems',
      'Every marketing email waiting for a compliance review',
      'Audit trails regulators expect, kept without slowing advisors down',
    ],
    services: ['pardot', 'sales-cloud', 'salesforce-implementation'],
  },
  manufacturing: {
    summary:
      'Manufacturers selling through distributors need to see demand before it reaches the plant, and to share one forecast between sales and operations.',
    challenges: [
      'Production planned on last year’s volumes while distributor orders swing',
      'Sell-through data that never reaches the CRM',
      'Sales and operations working from different numbers',
    ],
    services: ['einstein-ai', 'sales-cloud', 'custom-salesforce-solutions'],
  },
  retail: {
    summary:
      'Retailers need to recognise a customer in the store, online and in the inbox, and to send each one something worth opening.',
    challenges: [
      'Separate customer lists and loyalty programmes for stores and e-commerce',
      'One newsletter for everyone, and rising unsubscribes',
      'Lapsing customers noticed only in the yearly report',
    ],
    services: ['marketing-cloud', 'strategic-digital-marketing', 'service-cloud'],
  },
  technology: {
    summary:
      'Software and IT companies live on qualified pipeline and on renewals. We align marketing with sales and give customer success teams warning before churn.',
    challenges: [
      'Marketing leads that sales rejects as not ready',
      'Churn discovered at renewal, when it is too late to act',
      'Several Salesforce orgs after acquisitions, each with its own version of the customer',
    ],
    services: ['pardot', 'customer-success', 'einstein-ai', 'salesforce-consulting'],
  },
  'professional-services': {
    summary:
      'Consulting and advisory firms sell on expertise and relationships. We help them nurture prospects with their thinking and forecast work they can staff.',
    challenges: [
      'Prospects kept in partners’ personal inboxes',
      'Event and webinar follow-up that depends on memory',
      'Pipeline reviews built on estimates no one can check',
    ],
    services: ['pardot', 'sales-cloud', 'salesforce-consulting'],
  },
};

export const industryProfiles: readonly IndustryProfile[] = industries.map((industry) => ({
  ...industry,
  ...profiles[industry.slug],
}));
