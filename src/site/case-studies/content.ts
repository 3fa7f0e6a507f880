// Client stories (fictional clients) as typed data: the card of every study lives here, so the home
// page and the index stay small; the long page copy of each study is in details.ts, which only the
// case-study page's chunk loads.
//
// Service link of each study (docs/requirements.md#case-study-service-link allows /services/healthcare, marketing-cloud, pardot or
// einstein-ai, and customer-success for the last two pages of the route table):
//   healthcare       health-tech-innovations, health-plus (Health Cloud work)
//   marketing-cloud  coastal-developments, retailnxt-customer-retention, luxehome-furnishings,
//                    fashion-forward, retail-max (consumer journeys and email)
//   pardot           strategic-consulting-group, global-financial-corp, tech-vision, tech-solutions
//                    (B2B lead nurturing and scoring)
//   einstein-ai      luxe-properties, metro-property-management, techforward-customer-lifetime-value,
//                    precision-manufacturing, global-tech (predictions, routing, classification)
//   customer-success cloudminds-solutions, dataflow-systems

import type { ServiceSlug } from '../services/catalog';

/** Every case study, in the index's order: the one list of them (the type, the cards and the pages follow it). */
export const caseStudySlugs = [
  'luxe-properties',
  'coastal-developments',
  'metro-property-management',
  'techforward-customer-lifetime-value',
  'strategic-consulting-group',
  'retailnxt-customer-retention',
  'global-financial-corp',
  'health-tech-innovations',
  'precision-manufacturing',
  'luxehome-furnishings',
  'fashion-forward',
  'tech-vision',
  'health-plus',
  'retail-max',
  'tech-solutions',
  'global-tech',
  'cloudminds-solutions',
  'dataflow-systems',
] as const;

export type CaseStudySlug = (typeof caseStudySlugs)[number];

export const industries = [
  { slug: 'real-estate', name: 'Real Estate' },
  { slug: 'healthcare', name: 'Healthcare' },
  { slug: 'financial-services', name: 'Financial Services' },
  { slug: 'manufacturing', name: 'Manufacturing' },
  { slug: 'retail', name: 'Retail' },
  { slug: 'technology', name: 'Technology' },
  { slug: 'professional-services', name: 'Professional Services' },
] as const;

export type IndustryName = (typeof industries)[number]['name'];
export type IndustrySlug = (typeof industries)[number]['slug'];

/** The only service pages a case study may link to (docs/requirements.md#case-study-service-link), among the catalogue's services. */
export type CaseStudyServiceSlug = Extract<
  ServiceSlug,
  'healthcare' | 'marketing-cloud' | 'pardot' | 'einstein-ai' | 'customer-success'
>;

export type LocalImage = { src: string; width: number; height: number };

/** A monogram drawn from the client's initials: the clients are fictional, so there is no real logo. */
export type Monogram = { initials: string; color: MonogramColor };

/** Backgrounds that keep white initials above 4.5:1 in both themes. */
export const monogramColors = {
  blue: '#0b5fce',
  teal: '#00695f',
  purple: '#6b3fa0',
  red: '#a4262c',
  amber: '#8a4b00',
  green: '#1e6b3a',
  slate: '#334155',
} as const;
export type MonogramColor = keyof typeof monogramColors;

/** The case study card of docs/requirements.md#case-study-card, plus the service page the study links to. */
export type CaseStudyCard = {
  id: number;
  slug: CaseStudySlug;
  title: string;
  subtitle: string;
  description: string;
  image: LocalImage;
  logo: Monogram;
  industry: IndustryName;
  statValue: string;
  statLabel: string;
  clientName: string;
  /** What the client is, in a few words ("Luxury residential brokerage"). */
  clientTitle: string;
  serviceSlug: CaseStudyServiceSlug;
};

/** Kept for the pages that only need the summary fields. */
export type CaseStudySummary = CaseStudyCard;

const industryImage = (name: IndustryName): LocalImage => ({
  src: `/images/case-studies/${industrySlug(name)}.svg`,
  width: 1200,
  height: 675,
});

export const industrySlug = (name: IndustryName): IndustrySlug => {
  const found = industries.find((industry) => industry.name === name);
  // The names come from the same list, so this never falls through.
  return found ? found.slug : 'technology';
};

export const findIndustry = (slug: string | null | undefined) => industries.find((industry) => industry.slug === slug);

type CardInput = Omit<CaseStudyCard, 'id' | 'image' | 'slug'>;

// Keyed by slug, so a study without a card is a type error.
const cards: { readonly [Slug in CaseStudySlug]: CardInput } = {
  'luxe-properties': {
    clientName: 'Luxe Properties',
    clientTitle: 'Luxury residential brokerage',
    title: 'Luxe Properties answers every buyer inquiry within minutes',
    subtitle: 'Einstein lead scoring and instant routing for a luxury real estate brokerage',
    description:
      'Inquiries from six listing portals landed in a shared inbox and waited hours for an agent. Scored, routed and followed up on mobile, they now reach the right agent in minutes.',
    industry: 'Real Estate',
    statValue: '68%',
    statLabel: 'faster response to new inquiries',
    logo: { initials: 'LP', color: 'amber' },
    serviceSlug: 'einstein-ai',
  },
  'coastal-developments': {
    clientName: 'Coastal Developments',
    clientTitle: 'Residential developer',
    title: 'Coastal Developments sells out phases with one view of every buyer',
    subtitle: 'Marketing Cloud journeys from first visit to signed contract for a residential developer',
    description:
      'Each new phase used to start with a spreadsheet of names from the last one. Now every registrant gets a journey matched to the homes they asked about, and sales sees every touch.',
    industry: 'Real Estate',
    statValue: '41%',
    statLabel: 'shorter time from reservation to contract',
    logo: { initials: 'CD', color: 'teal' },
    serviceSlug: 'marketing-cloud',
  },
  'metro-property-management': {
    clientName: 'Metro Property Management',
    clientTitle: 'Property manager, 9,000 rental units',
    title: 'Metro Property Management resolves tenant requests in half the time',
    subtitle: 'Einstein case classification and routing across 9,000 rental units',
    description:
      'Maintenance requests arrived by phone, email and a web form, and a coordinator triaged every one by hand. Einstein now classifies and routes them, and urgent leaks never wait in a queue.',
    industry: 'Real Estate',
    statValue: '52%',
    statLabel: 'faster maintenance request resolution',
    logo: { initials: 'MP', color: 'slate' },
    serviceSlug: 'einstein-ai',
  },
  'techforward-customer-lifetime-value': {
    clientName: 'TechForward',
    clientTitle: 'B2B analytics software company',
    title: 'TechForward grows customer lifetime value with predicted expansion',
    subtitle: 'Einstein predictions that tell account managers which customers are ready to grow',
    description:
      'Account managers spread their time evenly across 1,200 customers. Einstein Discovery now ranks accounts by expansion likelihood, so the team calls the right customers first.',
    industry: 'Technology',
    statValue: '27%',
    statLabel: 'increase in customer lifetime value',
    logo: { initials: 'TF', color: 'blue' },
    serviceSlug: 'einstein-ai',
  },
  'strategic-consulting-group': {
    clientName: 'Strategic Consulting Group',
    clientTitle: 'Management consulting firm',
    title: 'Strategic Consulting Group forecasts with confidence',
    subtitle: 'Account Engagement nurturing and a clean pipeline for a professional services firm',
    description:
      'Partners kept their own prospect lists and the pipeline review was guesswork. Nurture programmes and shared scoring in Account Engagement gave the firm one pipeline everyone trusts.',
    industry: 'Professional Services',
    statValue: '94%',
    statLabel: 'forecast accuracy at quarter start',
    logo: { initials: 'SC', color: 'purple' },
    serviceSlug: 'pardot',
  },
  'retailnxt-customer-retention': {
    clientName: 'RetailNXT',
    clientTitle: 'Online and in-store home goods retailer',
    title: 'RetailNXT wins back lapsed shoppers with connected journeys',
    subtitle: 'Marketing Cloud journeys driven by purchase history',
    description:
      'One newsletter went to every shopper, whatever they had bought. Journeys built on order history now reach lapsing customers with the products they are likely to need next.',
    industry: 'Retail',
    statValue: '33%',
    statLabel: 'more repeat purchases within 90 days',
    logo: { initials: 'RN', color: 'red' },
    serviceSlug: 'marketing-cloud',
  },
  'global-financial-corp': {
    clientName: 'Global Financial Corp',
    clientTitle: 'Wealth management firm',
    title: 'Global Financial Corp gives advisors a complete client picture',
    subtitle: 'Compliant prospect nurturing and a client 360 for a wealth management firm',
    description:
      'Advisors copied prospect details between four systems and compliance reviewed every email by hand. Approved Account Engagement templates and one client record removed both chores.',
    industry: 'Financial Services',
    statValue: '3.2 hrs',
    statLabel: 'saved per advisor every week',
    logo: { initials: 'GF', color: 'green' },
    serviceSlug: 'pardot',
  },
  'health-tech-innovations': {
    clientName: 'HealthTech Innovations',
    clientTitle: 'Remote patient monitoring provider',
    title: 'HealthTech Innovations coordinates care on Health Cloud',
    subtitle: 'Referral management and patient engagement in 10 weeks',
    description:
      'Referrals arrived by fax and care coordinators tracked patients in spreadsheets. A 10-week Health Cloud implementation gave them one care plan per patient, with HIPAA safeguards from day one.',
    industry: 'Healthcare',
    statValue: '10 weeks',
    statLabel: 'from kickoff to go-live',
    logo: { initials: 'HI', color: 'teal' },
    serviceSlug: 'healthcare',
  },
  'precision-manufacturing': {
    clientName: 'Precision Manufacturing',
    clientTitle: 'Industrial components manufacturer',
    title: 'Precision Manufacturing predicts demand with Einstein',
    subtitle: 'A 14-week AI journey in five phases for an industrial manufacturer',
    description:
      'Distributor orders swung from month to month and the plant planned on last year’s numbers. Five phases over 14 weeks took them from clean data to Einstein forecasts planners rely on.',
    industry: 'Manufacturing',
    statValue: '14 weeks',
    statLabel: 'AI journey in five phases',
    logo: { initials: 'PM', color: 'slate' },
    serviceSlug: 'einstein-ai',
  },
  'luxehome-furnishings': {
    clientName: 'LuxeHome Furnishings',
    clientTitle: 'Furniture retailer, 22 showrooms',
    title: 'LuxeHome Furnishings turns showroom visits into online orders',
    subtitle: 'Marketing Cloud follow-up that connects showrooms with the web shop',
    description:
      'Showroom visitors left with a brochure and were never heard from again. Consultants now save a visitor’s favourites, and a journey follows up with those pieces online.',
    industry: 'Retail',
    statValue: '22%',
    statLabel: 'higher average order value',
    logo: { initials: 'LH', color: 'amber' },
    serviceSlug: 'marketing-cloud',
  },
  'fashion-forward': {
    clientName: 'Fashion Forward',
    clientTitle: 'Direct-to-consumer fashion brand',
    title: 'Fashion Forward personalises every seasonal launch',
    subtitle: 'Segmentation and lifecycle email for a fashion brand',
    description:
      'Every launch email went to the whole list and unsubscribes rose each season. Style and size segments now decide who hears about what, and launch revenue per email more than doubled.',
    industry: 'Retail',
    statValue: '2.4x',
    statLabel: 'email revenue per campaign',
    logo: { initials: 'FF', color: 'purple' },
    serviceSlug: 'marketing-cloud',
  },
  'tech-vision': {
    clientName: 'TechVision',
    clientTitle: 'Cybersecurity software vendor',
    title: 'TechVision aligns marketing and sales on qualified leads',
    subtitle: 'Account Engagement scoring and nurture programmes',
    description:
      'Sales rejected most marketing leads as not ready, and marketing could not say why. A shared scoring model and nurture tracks now hand over leads sales actually accepts.',
    industry: 'Technology',
    statValue: '45%',
    statLabel: 'more sales-accepted leads',
    logo: { initials: 'TV', color: 'blue' },
    serviceSlug: 'pardot',
  },
  'health-plus': {
    clientName: 'HealthPlus',
    clientTitle: 'Regional health plan',
    title: 'HealthPlus answers members faster across every channel',
    subtitle: 'Health Cloud member service for a regional health plan',
    description:
      'Member service agents searched three systems to answer a claims question. A Health Cloud member view puts coverage, claims and care programmes on one screen.',
    industry: 'Healthcare',
    statValue: '38%',
    statLabel: 'shorter average handling time',
    logo: { initials: 'HP', color: 'green' },
    serviceSlug: 'healthcare',
  },
  'retail-max': {
    clientName: 'RetailMax',
    clientTitle: 'Sporting goods chain, 140 stores',
    title: 'RetailMax connects stores and e-commerce in one loyalty programme',
    subtitle: 'One customer record and loyalty journeys across 140 stores and the web shop',
    description:
      'Store and online shoppers were two separate customer lists with two separate loyalty cards. One Marketing Cloud programme now recognises members wherever they buy.',
    industry: 'Retail',
    statValue: '140',
    statLabel: 'stores on one customer record',
    logo: { initials: 'RM', color: 'red' },
    serviceSlug: 'marketing-cloud',
  },
  'tech-solutions': {
    clientName: 'Tech Solutions Inc.',
    clientTitle: 'IT managed services provider',
    title: 'Tech Solutions fills its pipeline from its own website',
    subtitle: 'Account Engagement forms, scoring and nurturing for an IT services provider',
    description:
      'Website enquiries went to a general mailbox and most were never followed up. Forms, scoring and nurture programmes now turn visitors into booked assessments.',
    industry: 'Technology',
    statValue: '3x',
    statLabel: 'more booked assessments per month',
    logo: { initials: 'TS', color: 'slate' },
    serviceSlug: 'pardot',
  },
  'global-tech': {
    clientName: 'GlobalTech',
    clientTitle: 'Electronics distributor',
    title: 'GlobalTech gives every rep a next best action',
    subtitle: 'Einstein recommendations after consolidating four Salesforce orgs into one',
    description:
      'Four regional orgs meant four versions of every customer. After consolidation, Einstein Next Best Action suggests the next offer for each account from one shared history.',
    industry: 'Technology',
    statValue: '19%',
    statLabel: 'more cross-sell revenue per rep',
    logo: { initials: 'GT', color: 'teal' },
    serviceSlug: 'einstein-ai',
  },
  'cloudminds-solutions': {
    clientName: 'CloudMinds Solutions',
    clientTitle: 'SaaS collaboration platform',
    title: 'CloudMinds Solutions cuts churn with early warnings',
    subtitle: 'Health scores and renewal playbooks for a SaaS provider',
    description:
      'Customers who were about to leave gave no warning the team could see. Health scores built from product usage and support cases now flag risk months before renewal.',
    industry: 'Technology',
    statValue: '31%',
    statLabel: 'reduction in annual churn',
    logo: { initials: 'CM', color: 'purple' },
    serviceSlug: 'customer-success',
  },
  'dataflow-systems': {
    clientName: 'DataFlow Systems',
    clientTitle: 'Data-infrastructure company',
    title: 'DataFlow Systems renews more accounts, earlier',
    subtitle: 'Customer success operations for a data-infrastructure company',
    description:
      'Renewals were worked in the last thirty days, by whoever had time. Success plans, renewal timelines and executive sponsor tracking now start 120 days out.',
    industry: 'Technology',
    statValue: '96%',
    statLabel: 'gross revenue retention',
    logo: { initials: 'DF', color: 'blue' },
    serviceSlug: 'customer-success',
  },
};

export const caseStudies: readonly CaseStudyCard[] = caseStudySlugs.map((slug, index) => ({
  ...cards[slug],
  slug,
  id: index + 1,
  image: industryImage(cards[slug].industry),
}));

export const findCaseStudy = (slug: string | undefined): CaseStudyCard | undefined =>
  caseStudies.find((study) => study.slug === slug);

/** Industries in the order of the list above, only those with at least one study (the filter's options). */
export const caseStudyIndustries = industries.filter((industry) =>
  caseStudies.some((study) => study.industry === industry.name),
);
