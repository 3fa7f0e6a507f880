// Service page copy, keyed by slug: loaded with the service page's chunk only.
import type { ServiceSlug } from './catalog';

export type ServicePageContent = {
  /** Lead paragraph under the page heading; also the meta description. */
  intro: string;
};

export const servicePages: Record<ServiceSlug, ServicePageContent> = {
  'sales-cloud': {
    intro:
      'We configure Sales Cloud around the way your team sells: lead routing, opportunity stages, forecasting and dashboards that leadership trusts, with adoption built into the rollout.',
  },
  'service-cloud': {
    intro:
      'We design Service Cloud for faster answers: omni-channel routing, entitlements and SLAs, a searchable knowledge base and a console that puts the whole customer history on one screen.',
  },
  'marketing-cloud': {
    intro:
      'We build Marketing Cloud journeys on clean, connected data: segmentation, consent-aware email and SMS, and reporting that ties campaigns to revenue in your CRM.',
  },
  'experience-cloud': {
    intro:
      'We launch Experience Cloud portals where customers track cases and orders and partners register deals, all secured by sharing rules and branded to match your site.',
  },
  pardot: {
    intro:
      'We set up Account Engagement so marketing and sales agree on what a qualified lead is: scoring and grading models, nurture programmes and a clean hand-off into Sales Cloud.',
  },
  'einstein-ai': {
    intro:
      'We put Einstein and Agentforce to work on problems you can measure: lead and opportunity scoring, case classification, next best actions and assistants grounded in your own records, with guardrails your compliance team signs off.',
  },
  'salesforce-implementation': {
    intro:
      'Our implementation method takes you from discovery to go-live in fixed, reviewable phases: requirements, design, configuration, data migration, testing, training and hypercare.',
  },
  'custom-salesforce-solutions': {
    intro:
      'When clicks are not enough we write code: Apex services, Lightning Web Components and integrations with ERP, billing and data platforms, delivered with tests and documentation your admins can maintain.',
  },
  'salesforce-consulting': {
    intro:
      'Our consultants review your org, your processes and your licences, then give you a prioritised roadmap: what to fix, what to build next and what to stop paying for.',
  },
  'strategic-digital-marketing': {
    intro:
      'We plan and run digital campaigns that report into Salesforce, so every channel is judged on the pipeline and revenue it produces rather than on clicks.',
  },
  'web-design': {
    intro:
      'We design and build fast, accessible websites with forms and tracking wired into your CRM, so a visitor becomes a lead without anyone copying data by hand.',
  },
  'mobile-development': {
    intro:
      'We build mobile apps for field teams and customers on the Salesforce Mobile SDK and modern native stacks, with offline sync and the security model of your org.',
  },
  training: {
    intro:
      'Hands-on training for every role: fundamentals for end users, admin certification preparation and developer bootcamps, taught on a sandbox copy of your own org.',
  },
  support: {
    intro:
      'Managed support plans with guaranteed response times: an experienced team that handles admin requests, fixes, release updates and health checks so your org keeps improving after go-live.',
  },
  healthcare: {
    intro:
      'We implement Health Cloud for providers, payers and health-tech companies: patient and member 360 views, care coordination and referral management, configured with HIPAA safeguards from day one.',
  },
  'customer-success': {
    intro:
      'For subscription businesses we build customer success on Salesforce: health scores from product and support data, renewal and expansion playbooks, and early warnings before an account churns.',
  },
};
