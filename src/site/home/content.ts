// Home page copy below the services pager and the choices of which products and stories it features
// (loaded with the lower sections, MoreSections.tsx; the pager's services are in featured.ts).
import type { ServiceIcon, ServiceSlug } from '../services/catalog';

export const stats = [
  { value: '12+', label: 'Years of experience' },
  { value: '100+', label: 'Certified experts' },
  { value: '300+', label: 'Projects delivered' },
  { value: '15+', label: 'Industries served' },
] as const;

/** The dark band's rotating results, in order (case-study slugs). */
export const rotatingStorySlugs = [
  'luxe-properties',
  'metro-property-management',
  'strategic-consulting-group',
  'retailnxt-customer-retention',
  'techforward-customer-lifetime-value',
  'tech-vision',
] as const;

/** 'Client Success Stories': two case studies. */
export const successStorySlugs = ['luxe-properties', 'health-tech-innovations'] as const;

export type CloudProduct = { slug: ServiceSlug; name: string; icon: ServiceIcon; text: string };

/** The auto-scrolling carousel: one card per Salesforce product we implement. */
export const cloudProducts: readonly CloudProduct[] = [
  {
    slug: 'sales-cloud',
    name: 'Sales Cloud',
    icon: 'sales',
    text: 'Lead routing, opportunity stages and forecasts your sales managers can plan a quarter on.',
  },
  {
    slug: 'service-cloud',
    name: 'Service Cloud',
    icon: 'service',
    text: 'Omni-channel routing, SLAs and a console with the whole customer history on one screen.',
  },
  {
    slug: 'marketing-cloud',
    name: 'Marketing Cloud',
    icon: 'marketing',
    text: 'Journeys built on purchase history and consent, reported as revenue in your CRM.',
  },
  {
    slug: 'experience-cloud',
    name: 'Experience Cloud',
    icon: 'experience',
    text: 'Customer and partner portals that show each visitor their own cases, orders and deals.',
  },
  {
    slug: 'pardot',
    name: 'Account Engagement (Pardot)',
    icon: 'automation',
    text: 'Scoring, grading and nurture programmes that hand sales the leads they will call.',
  },
  {
    slug: 'einstein-ai',
    name: 'Einstein and Agentforce',
    icon: 'ai',
    text: 'Predictions and AI agents grounded in your own records, with guardrails compliance signs off.',
  },
];

export type IntegrationMark = 'erp' | 'billing' | 'warehouse' | 'email' | 'telephony' | 'commerce';

/** Generic system types we connect Salesforce to (drawn as our own marks, no vendor logos). */
export const integrations: readonly { mark: IntegrationMark; name: string; text: string }[] = [
  { mark: 'erp', name: 'ERP', text: 'Orders, stock and invoices' },
  { mark: 'billing', name: 'Billing', text: 'Subscriptions and payments' },
  { mark: 'warehouse', name: 'Data warehouse', text: 'Analytics and reporting' },
  { mark: 'email', name: 'Email', text: 'Inbox and calendar sync' },
  { mark: 'telephony', name: 'Telephony', text: 'Click-to-call and call logging' },
  { mark: 'commerce', name: 'E-commerce', text: 'Web shop customers and orders' },
];

export const partnerNetwork =
  'We are a registered Salesforce consulting partner and work alongside a small network of specialist firms: ' +
  'integration and middleware engineers, data-migration specialists and accessibility auditors we have delivered ' +
  'with for years. When a project needs a skill we do not keep in-house, you get a named specialist under our ' +
  'project management and one contract, not a list of subcontractors to coordinate.';
