// The full page copy of every case study (docs/requirements.md#case-study-content "Case study content"). Typed so that a study
// without one of the page's sections, or with an empty list, does not compile.
import { findCaseStudy } from './content';
import type { CaseStudyCard, CaseStudySlug, IndustryName } from './content';
import { caseStudySlugAliases } from '../../shared/paths';
import { caseStudyTestimonials } from './testimonials';
import type { Testimonial } from './testimonials';

type NonEmpty<T> = readonly [T, ...T[]];

export type KeyMetric = { label: string; value: string };
export type BeforeAfterRow = { metric: string; before: string; after: string };
export type ImplementationPhase = { title: string; description: string; timeframe: string };
export type { Testimonial };
export type ClientFacts = { location: string; size: string; founded: string; focus: string };

export type CaseStudyDetail = {
  challenge: string;
  solution: string;
  solutionPoints: NonEmpty<string>;
  implementation: string;
  technologies: NonEmpty<string>;
  results: NonEmpty<string>;
  clientInfo: ClientFacts;
  testimonial: Testimonial;
  keyMetrics: NonEmpty<KeyMetric>;
  /** Exactly two related studies. */
  related: readonly [CaseStudySlug, CaseStudySlug];
  beforeAfter: NonEmpty<BeforeAfterRow>;
  phases: NonEmpty<ImplementationPhase>;
};

export type RelatedStudy = { slug: CaseStudySlug; title: string; description: string };

/** Everything a case-study page shows: the card, the page copy, and what is derived from them. */
export type CaseStudy = CaseStudyCard &
  Omit<CaseStudyDetail, 'clientInfo' | 'related'> & {
    clientInfo: ClientFacts & { name: string; industry: IndustryName };
    related: readonly [RelatedStudy, RelatedStudy];
  };

export const caseStudyDetails: { readonly [Slug in CaseStudySlug]: CaseStudyDetail } = {
  'luxe-properties': {
    challenge:
      'Luxe Properties lists homes above $1.5 million on six portals and its own website. Every inquiry landed in one shared inbox, an office manager forwarded it to whoever seemed free, and buyers often heard from a competitor first. Agents worked from their phones, but the old CRM had no usable mobile view, so follow-ups lived in personal notes.',
    solution:
      'We brought every inquiry source into Sales Cloud, let Einstein score each lead on budget, timing and fit, and routed it to the agent who knows that neighbourhood, with a push notification and a one-tap reply on the Salesforce mobile app.',
    solutionPoints: [
      'Portal, website and phone inquiries captured as leads within seconds, with duplicates merged automatically',
      'Einstein Lead Scoring trained on four years of closed deals to rank every new inquiry',
      'Round-robin routing by neighbourhood and price band, with escalation to the team lead after 10 minutes',
      'Mobile quick actions for calling, texting and booking a showing straight from the lead',
    ],
    implementation:
      'A 10-week project: two weeks of discovery with agents riding along on showings, six weeks of build in two-week sprints reviewed by a pilot team of eight agents, and two weeks of rollout office by office.',
    technologies: [
      'Sales Cloud',
      'Einstein Lead Scoring',
      'Salesforce Mobile App',
      'Flow Builder',
      'Omni-Channel routing',
    ],
    results: [
      'Average first response to a new inquiry fell by 68%, from 47 minutes to 15',
      'Showings booked from portal leads rose by 24% in the first quarter after go-live',
      'Agents log 90% of their follow-ups in Salesforce, up from an estimated 30%',
      'The office manager no longer forwards leads by hand, which freed about ten hours a week',
    ],
    clientInfo: {
      location: 'Charlotte, North Carolina',
      size: '85 agents in 4 offices',
      founded: '2009',
      focus: 'Luxury residential sales and relocation',
    },
    testimonial: caseStudyTestimonials['luxe-properties'],
    keyMetrics: [
      { label: 'Faster first response', value: '68%' },
      { label: 'More showings booked', value: '24%' },
      { label: 'Implementation', value: '10 weeks' },
    ],
    related: ['coastal-developments', 'metro-property-management'],
    beforeAfter: [
      { metric: 'Average first response to an inquiry', before: '47 minutes', after: '15 minutes' },
      { metric: 'Leads assigned by hand', before: 'All of them', after: 'None' },
      { metric: 'Follow-ups recorded in the CRM', before: 'About 30%', after: '90%' },
    ],
    phases: [
      {
        title: 'Discovery',
        description: 'Ride-alongs with agents, an audit of every lead source and a scoring baseline.',
        timeframe: 'Weeks 1–2',
      },
      {
        title: 'Build and pilot',
        description: 'Lead capture, Einstein scoring and routing built in sprints and tried by eight pilot agents.',
        timeframe: 'Weeks 3–8',
      },
      {
        title: 'Rollout',
        description: 'Office-by-office training, mobile set-up on every phone and a week of floor support.',
        timeframe: 'Weeks 9–10',
      },
    ],
  },
  'coastal-developments': {
    challenge:
      'Coastal Developments builds master-planned communities along the Carolina coast and releases homes in phases. Registrants from each phase sat in spreadsheets, the sales centre and the marketing agency kept separate lists, and no one could tell which emails had brought a buyer to a reservation.',
    solution:
      'We connected Sales Cloud to Marketing Cloud so that every registrant, showing and reservation is one contact record, and built journeys that follow each buyer from first interest through reservation to contract.',
    solutionPoints: [
      'Registration forms for each community feeding Marketing Cloud and Sales Cloud at the same time',
      'Journeys by home type and price band, paused automatically when a buyer books a showing',
      'Reservation-to-contract reminders with document checklists sent on the buyer’s timeline',
      'Campaign influence reports that show which emails and events led to reservations',
    ],
    implementation:
      'Twelve weeks, starting with the next phase launch as a fixed date: data clean-up and Marketing Cloud Connect first, then the registration journey in time for launch, and the contract journey four weeks after.',
    technologies: ['Marketing Cloud Engagement', 'Journey Builder', 'Marketing Cloud Connect', 'Sales Cloud'],
    results: [
      'Time from reservation to signed contract fell by 41%, from 34 days to 20',
      'Phase three sold out seven weeks faster than phase two',
      '18,000 registrants merged into 11,200 clean contacts with a full history',
      'Marketing spend can now be tied to reservations by campaign',
    ],
    clientInfo: {
      location: 'Wilmington, North Carolina',
      size: '140 employees',
      founded: '2004',
      focus: 'Coastal master-planned residential communities',
    },
    testimonial: caseStudyTestimonials['coastal-developments'],
    keyMetrics: [
      { label: 'Shorter reservation to contract', value: '41%' },
      { label: 'Faster phase sell-out', value: '7 weeks' },
      { label: 'Clean buyer records', value: '11,200' },
    ],
    related: ['luxe-properties', 'retailnxt-customer-retention'],
    beforeAfter: [
      { metric: 'Reservation to signed contract', before: '34 days', after: '20 days' },
      { metric: 'Buyer lists', before: 'Three spreadsheets and an agency list', after: 'One contact record per buyer' },
      { metric: 'Campaign reporting', before: 'Opens and clicks only', after: 'Reservations by campaign' },
    ],
    phases: [
      {
        title: 'Data clean-up',
        description: 'Merged registrant lists, agreed consent rules and connected the two clouds.',
        timeframe: 'Weeks 1–4',
      },
      {
        title: 'Registration journey',
        description: 'Forms and welcome journeys live for the phase three launch.',
        timeframe: 'Weeks 5–8',
      },
      {
        title: 'Contract journey and reporting',
        description: 'Reservation-to-contract reminders and campaign influence dashboards.',
        timeframe: 'Weeks 9–12',
      },
    ],
  },
  'metro-property-management': {
    challenge:
      'Metro Property Management looks after 9,000 rental units across the Triangle. Tenants reported problems by phone, email and a web form, and two coordinators read every request to decide whether it was a plumber, an electrician or a note for next week. Emergencies sat in the same queue as squeaky doors.',
    solution:
      'We moved all request channels into Service Cloud and trained Einstein Case Classification on 60,000 past work orders, so each request arrives with a trade, a priority and a vendor already filled in. Emergencies page the on-call technician immediately.',
    solutionPoints: [
      'One case queue for phone, email, web form and the tenant portal',
      'Einstein Case Classification suggesting trade and priority, with coordinators confirming',
      'Emergency keywords such as leak, gas and no heat escalating to the on-call technician by SMS',
      'Tenants see the status of their request and the technician’s visit window online',
    ],
    implementation:
      'Eleven weeks in three phases, with the classification model trained on historical work orders in parallel with the Service Cloud build.',
    technologies: [
      'Service Cloud',
      'Einstein Case Classification',
      'Experience Cloud tenant portal',
      'Field Service',
      'Flow Builder',
    ],
    results: [
      'Average time to resolve a maintenance request fell by 52%, from 6.1 days to 2.9',
      'Emergencies reach a technician within 12 minutes on average',
      'Einstein’s suggestions are accepted unchanged for 87% of requests',
      'Tenant satisfaction with maintenance rose from 3.4 to 4.3 out of 5',
    ],
    clientInfo: {
      location: 'Durham, North Carolina',
      size: '210 employees, 9,000 units',
      founded: '1998',
      focus: 'Multifamily and single-family rental management',
    },
    testimonial: caseStudyTestimonials['metro-property-management'],
    keyMetrics: [
      { label: 'Faster resolution', value: '52%' },
      { label: 'Emergency response', value: '12 min' },
      { label: 'Suggestions accepted', value: '87%' },
    ],
    related: ['luxe-properties', 'health-plus'],
    beforeAfter: [
      { metric: 'Average resolution time', before: '6.1 days', after: '2.9 days' },
      {
        metric: 'Triage',
        before: 'Every request read by hand',
        after: 'Classified by Einstein, confirmed in one click',
      },
      { metric: 'Tenant satisfaction', before: '3.4 / 5', after: '4.3 / 5' },
    ],
    phases: [
      {
        title: 'Channels into one queue',
        description: 'Email-to-case, web-to-case and phone logging in Service Cloud.',
        timeframe: 'Weeks 1–4',
      },
      {
        title: 'Classification model',
        description: 'Einstein trained and tested on 60,000 historical work orders.',
        timeframe: 'Weeks 3–8',
      },
      {
        title: 'Tenant portal and launch',
        description: 'Status tracking for tenants, emergency escalation and coordinator training.',
        timeframe: 'Weeks 9–11',
      },
    ],
  },
  'techforward-customer-lifetime-value': {
    challenge:
      'TechForward sells analytics software to mid-market companies and had grown to 1,200 customers. Account managers split their time evenly across their books, expansion conversations started only when a customer asked, and leadership could not say which accounts were likely to grow.',
    solution:
      'We combined product usage, support history and contract data in Salesforce and built an Einstein Discovery model that predicts expansion likelihood for every account, with the top factors explained on the account page.',
    solutionPoints: [
      'Daily product usage summaries loaded into Salesforce from the data warehouse',
      'An Einstein Discovery model predicting the chance of expansion in the next two quarters',
      'The top three reasons behind each prediction shown on the account record',
      'A prioritised call list for each account manager, refreshed every Monday',
    ],
    implementation:
      'Twelve weeks: four to bring usage data in and agree definitions, four to train and validate the model against last year’s renewals, and four to roll it out team by team.',
    technologies: ['Sales Cloud', 'Einstein Discovery', 'CRM Analytics', 'MuleSoft Composer'],
    results: [
      'Customer lifetime value rose by 27% over the following twelve months',
      'Expansion revenue from existing customers grew by 35%',
      'Account managers spend 60% of their outreach on the top-ranked third of their book',
      'The model’s top decile converted to expansion at four times the average rate',
    ],
    clientInfo: {
      location: 'Austin, Texas',
      size: '420 employees',
      founded: '2012',
      focus: 'Analytics software for mid-market finance teams',
    },
    testimonial: caseStudyTestimonials['techforward-customer-lifetime-value'],
    keyMetrics: [
      { label: 'Higher customer lifetime value', value: '27%' },
      { label: 'More expansion revenue', value: '35%' },
      { label: 'Top decile conversion', value: '4x' },
    ],
    related: ['cloudminds-solutions', 'precision-manufacturing'],
    beforeAfter: [
      { metric: 'Deciding whom to call', before: 'Even split across the book', after: 'Ranked list every Monday' },
      { metric: 'Usage data in Salesforce', before: 'None', after: 'Daily summary per account' },
      { metric: 'Expansion conversations started by us', before: 'About 20%', after: 'About 70%' },
    ],
    phases: [
      {
        title: 'Data foundation',
        description: 'Usage and contract data in Salesforce with agreed definitions.',
        timeframe: 'Weeks 1–4',
      },
      {
        title: 'Model and validation',
        description: 'Einstein Discovery trained and checked against last year’s outcomes.',
        timeframe: 'Weeks 5–8',
      },
      {
        title: 'Rollout',
        description: 'Call lists, account page components and coaching for each team.',
        timeframe: 'Weeks 9–12',
      },
    ],
  },
  'strategic-consulting-group': {
    challenge:
      'Strategic Consulting Group advises healthcare and logistics companies on operations. Each partner kept prospects in their own inbox, event follow-up depended on who remembered, and the quarterly pipeline review was a round of estimates no one could check.',
    solution:
      'We set up Account Engagement for thought-leadership nurturing and connected it to a single Sales Cloud pipeline with stage definitions the partners agreed, so every opportunity has a source, a stage and a next step.',
    solutionPoints: [
      'Nurture tracks for each practice, built around the firm’s research reports and webinars',
      'Engagement scoring that alerts the responsible partner when a prospect is active',
      'One opportunity pipeline with stage entry criteria written with the partners',
      'A forecast dashboard reviewed in the monthly partner meeting',
    ],
    implementation:
      'Nine weeks, with two partner workshops to agree stages and scoring before any configuration, then build and a practice-by-practice launch.',
    technologies: ['Account Engagement (Pardot)', 'Sales Cloud', 'Collaborative Forecasts', 'Engagement History'],
    results: [
      'Forecast accuracy at quarter start reached 94%, up from about 70%',
      'Event follow-up within two days for every attendee, automatically',
      'Win rate on nurtured opportunities is 1.6 times that of cold ones',
      'Partners spend the pipeline meeting on deals instead of reconciling lists',
    ],
    clientInfo: {
      location: 'Chicago, Illinois',
      size: '160 consultants',
      founded: '2001',
      focus: 'Operations consulting for healthcare and logistics',
    },
    testimonial: caseStudyTestimonials['strategic-consulting-group'],
    keyMetrics: [
      { label: 'Forecast accuracy', value: '94%' },
      { label: 'Higher win rate when nurtured', value: '1.6x' },
      { label: 'Implementation', value: '9 weeks' },
    ],
    related: ['global-financial-corp', 'tech-vision'],
    beforeAfter: [
      { metric: 'Forecast accuracy at quarter start', before: 'About 70%', after: '94%' },
      { metric: 'Event follow-up', before: 'When a partner remembered', after: 'Within two days, every attendee' },
      { metric: 'Prospect lists', before: 'In partners’ inboxes', after: 'One shared pipeline' },
    ],
    phases: [
      {
        title: 'Partner workshops',
        description: 'Stage definitions, scoring rules and practice nurture themes agreed.',
        timeframe: 'Weeks 1–2',
      },
      {
        title: 'Build',
        description: 'Account Engagement, pipeline and forecast configured and tested.',
        timeframe: 'Weeks 3–7',
      },
      {
        title: 'Practice launches',
        description: 'Each practice trained and moved over in turn.',
        timeframe: 'Weeks 8–9',
      },
    ],
  },
  'retailnxt-customer-retention': {
    challenge:
      'RetailNXT sells home goods online and in 30 stores. Every customer got the same weekly newsletter, whatever they had bought, and nobody noticed when a regular stopped coming back until the yearly report.',
    solution:
      'We brought order history from the e-commerce platform and the point of sale into Marketing Cloud and built journeys that react to what each customer buys, and to when they stop.',
    solutionPoints: [
      'One customer profile combining online orders, store receipts and email engagement',
      'Replenishment journeys for consumables timed to each product’s typical reorder cycle',
      'A win-back journey triggered when a customer passes 1.5 times their usual gap between orders',
      'Product recommendations in email based on category purchase history',
    ],
    implementation:
      'Ten weeks: data integration first, then the win-back journey as the quickest measurable result, followed by replenishment and recommendation journeys.',
    technologies: ['Marketing Cloud Engagement', 'Journey Builder', 'Einstein Recommendations', 'Data Extensions'],
    results: [
      'Repeat purchases within 90 days rose by 33%',
      'The win-back journey recovers one in seven lapsing customers',
      'Unsubscribe rate halved once emails followed purchase history',
      'Email now drives 21% of online revenue, up from 12%',
    ],
    clientInfo: {
      location: 'Columbus, Ohio',
      size: '30 stores, 900 employees',
      founded: '2011',
      focus: 'Home goods, online and in store',
    },
    testimonial: caseStudyTestimonials['retailnxt-customer-retention'],
    keyMetrics: [
      { label: 'More repeat purchases', value: '33%' },
      { label: 'Share of online revenue from email', value: '21%' },
      { label: 'Lapsing customers won back', value: '1 in 7' },
    ],
    related: ['fashion-forward', 'retail-max'],
    beforeAfter: [
      { metric: 'Emails sent', before: 'One weekly newsletter to everyone', after: 'Journeys by purchase history' },
      { metric: 'Online revenue from email', before: '12%', after: '21%' },
      { metric: 'Unsubscribe rate per send', before: '0.42%', after: '0.21%' },
    ],
    phases: [
      {
        title: 'Customer data',
        description: 'Orders from web and stores matched into one profile per shopper.',
        timeframe: 'Weeks 1–4',
      },
      { title: 'Win-back journey', description: 'Lapse detection and a three-step win-back.', timeframe: 'Weeks 5–7' },
      {
        title: 'Replenishment and recommendations',
        description: 'Reorder reminders and personalised product blocks.',
        timeframe: 'Weeks 8–10',
      },
    ],
  },
  'global-financial-corp': {
    challenge:
      'Global Financial Corp’s 120 advisors copied prospect details between a CRM, a portfolio system, a scheduling tool and spreadsheets. Every marketing email needed compliance sign-off, so advisors simply stopped sending them, and prospects went quiet.',
    solution:
      'We built a client 360 in Sales Cloud with portfolio summaries synced nightly, and set up Account Engagement with a library of compliance-approved templates that advisors can send without a new review each time.',
    solutionPoints: [
      'Household, accounts and portfolio summary on one record, synced nightly',
      'Compliance-approved email templates and nurture tracks, with approval history kept',
      'Prospect scoring that tells an advisor when a referral is reading their material',
      'Audit trail of every client communication for regulatory review',
    ],
    implementation:
      'Fourteen weeks with the compliance team as part of the project team from the first workshop, so every template and field was approved before launch.',
    technologies: [
      'Sales Cloud',
      'Account Engagement (Pardot)',
      'Shield Field Audit Trail',
      'MuleSoft',
      'Salesforce Mobile App',
    ],
    results: [
      'Advisors save 3.2 hours a week on data entry and look-ups',
      'Prospect-to-client conversion rose from 18% to 26%',
      'Compliance reviews of routine emails dropped to zero, with the audit trail intact',
      'New advisors are productive in three weeks instead of eight',
    ],
    clientInfo: {
      location: 'Charlotte, North Carolina',
      size: '120 advisors, 450 employees',
      founded: '1987',
      focus: 'Wealth management for families and business owners',
    },
    testimonial: caseStudyTestimonials['global-financial-corp'],
    keyMetrics: [
      { label: 'Saved per advisor every week', value: '3.2 hrs' },
      { label: 'Prospect conversion', value: '26%' },
      { label: 'New advisor ramp-up', value: '3 weeks' },
    ],
    related: ['strategic-consulting-group', 'health-plus'],
    beforeAfter: [
      { metric: 'Systems an advisor checks for one client', before: '4', after: '1' },
      { metric: 'Compliance review per routine email', before: 'Every email', after: 'Once per template' },
      { metric: 'Prospect-to-client conversion', before: '18%', after: '26%' },
    ],
    phases: [
      {
        title: 'Requirements with compliance',
        description: 'Data, retention and communication rules agreed with the compliance team.',
        timeframe: 'Weeks 1–3',
      },
      {
        title: 'Client 360',
        description: 'Household model, portfolio sync and advisor page layouts.',
        timeframe: 'Weeks 4–9',
      },
      {
        title: 'Account Engagement',
        description: 'Template library, nurture tracks and scoring, each approved before launch.',
        timeframe: 'Weeks 10–14',
      },
    ],
  },
  'health-tech-innovations': {
    challenge:
      'HealthTech Innovations runs remote monitoring programmes for patients with heart failure and COPD. Referrals arrived by fax, care coordinators tracked enrolment in spreadsheets, and a patient’s readings, care plan and calls lived in three different places.',
    solution:
      'We implemented Health Cloud with a care plan per patient, digital referral intake and automated outreach, all configured with HIPAA safeguards and a signed business associate agreement in place from the start.',
    solutionPoints: [
      'Digital referral intake from partner clinics, replacing the fax line',
      'Care plans with goals and tasks per condition, visible on one patient timeline',
      'Alerts to the care team when device readings cross the thresholds a clinician set',
      'Shield Platform Encryption and field-level access so each role sees only what it needs',
    ],
    implementation:
      'A fixed 10-week implementation: compliance and data design first, then care plans and referral intake, then outreach and training, with the compliance officer signing off at each step.',
    technologies: [
      'Health Cloud',
      'Shield Platform Encryption',
      'Experience Cloud referral portal',
      'Flow Builder',
      'MuleSoft',
    ],
    results: [
      'Live 10 weeks after kickoff, on the date set in the first week',
      'Referral-to-enrolment time fell from 9 days to 3',
      'Care coordinators manage 40% more patients each',
      'Hospital readmissions among enrolled patients fell by 18% in the first six months',
    ],
    clientInfo: {
      location: 'Raleigh, North Carolina',
      size: '260 employees',
      founded: '2015',
      focus: 'Remote patient monitoring for chronic conditions',
    },
    testimonial: caseStudyTestimonials['health-tech-innovations'],
    keyMetrics: [
      { label: 'Kickoff to go-live', value: '10 weeks' },
      { label: 'Referral to enrolment', value: '3 days' },
      { label: 'Fewer readmissions', value: '18%' },
    ],
    related: ['health-plus', 'metro-property-management'],
    beforeAfter: [
      { metric: 'Referral intake', before: 'Fax and manual entry', after: 'Digital referral portal' },
      { metric: 'Referral to enrolment', before: '9 days', after: '3 days' },
      { metric: 'Patients per care coordinator', before: '85', after: '120' },
    ],
    phases: [
      {
        title: 'Compliance and data design',
        description: 'Business associate agreement, access model, encryption and the patient data model.',
        timeframe: 'Weeks 1–3',
      },
      {
        title: 'Care plans and referrals',
        description: 'Care plan templates per condition and the partner referral portal.',
        timeframe: 'Weeks 4–7',
      },
      {
        title: 'Alerts, training and go-live',
        description: 'Device reading alerts, coordinator training and a supported launch.',
        timeframe: 'Weeks 8–10',
      },
    ],
  },
  'precision-manufacturing': {
    challenge:
      'Precision Manufacturing makes hydraulic components and sells through 60 distributors. Orders swung sharply from month to month, the plant planned production on last year’s volumes, and the result was rush shifts in one quarter and excess stock in the next.',
    solution:
      'Over a 14-week AI journey in five phases we cleaned the order and opportunity data, connected distributor sell-through figures, and built Einstein forecasts that planners and account managers review together every month.',
    solutionPoints: [
      'Order history, open opportunities and distributor sell-through in one data set',
      'Einstein Discovery forecasts by product family and region, with the drivers explained',
      'A monthly planning dashboard that compares the forecast with the production plan',
      'Account managers alerted when a distributor’s orders drift from its forecast',
    ],
    implementation:
      'Five phases over 14 weeks, each ending with a review by the operations director: no phase started until the previous one had delivered something the planners could use.',
    technologies: ['Sales Cloud', 'Einstein Discovery', 'CRM Analytics', 'Data Cloud', 'MuleSoft'],
    results: [
      'Forecast error at product-family level fell from 31% to 12%',
      'Rush overtime shifts down by 45% in the first two quarters',
      'Finished-goods inventory reduced by $2.1 million',
      'Planners and sales now work from the same monthly number',
    ],
    clientInfo: {
      location: 'Greensboro, North Carolina',
      size: '650 employees, 2 plants',
      founded: '1976',
      focus: 'Hydraulic components for industrial equipment',
    },
    testimonial: caseStudyTestimonials['precision-manufacturing'],
    keyMetrics: [
      { label: 'AI journey in five phases', value: '14 weeks' },
      { label: 'Forecast error', value: '12%' },
      { label: 'Less finished-goods inventory', value: '$2.1M' },
    ],
    related: ['techforward-customer-lifetime-value', 'global-tech'],
    beforeAfter: [
      { metric: 'Forecast error by product family', before: '31%', after: '12%' },
      { metric: 'Basis for the production plan', before: 'Last year’s volumes', after: 'Monthly Einstein forecast' },
      { metric: 'Rush overtime shifts per quarter', before: '22', after: '12' },
    ],
    phases: [
      {
        title: 'Data readiness',
        description: 'Order and opportunity history cleaned, product families agreed.',
        timeframe: 'Weeks 1–3',
      },
      {
        title: 'Distributor data',
        description: 'Sell-through figures from the top 40 distributors connected.',
        timeframe: 'Weeks 4–6',
      },
      {
        title: 'Model building',
        description: 'Einstein Discovery models trained and tested against two past years.',
        timeframe: 'Weeks 7–9',
      },
      {
        title: 'Planning dashboards',
        description: 'Forecast-versus-plan dashboards and drift alerts for account managers.',
        timeframe: 'Weeks 10–12',
      },
      {
        title: 'Adoption',
        description: 'The first two monthly planning meetings run on the new forecast, with us in the room.',
        timeframe: 'Weeks 13–14',
      },
    ],
  },
  'luxehome-furnishings': {
    challenge:
      'LuxeHome Furnishings has 22 showrooms where customers spend an hour choosing sofas and dining sets, then leave to think about it. Showroom consultants had no way to follow up beyond a business card, and the web shop never knew what a visitor had liked in the store.',
    solution:
      'We gave consultants a tablet app to save a visitor’s favourites to their profile, and built Marketing Cloud journeys that follow up with those exact pieces, fabric swatches and delivery times, with the consultant’s name on every email.',
    solutionPoints: [
      'A tablet wishlist for showroom consultants, saved to the customer profile in seconds',
      'Follow-up journeys with the saved pieces, matching accessories and the consultant’s contact details',
      'Online orders credited to the showroom consultant who started the sale',
      'Delivery updates and care guides after purchase',
    ],
    implementation:
      'Eleven weeks, piloted in three showrooms for a month before the other nineteen followed in two waves.',
    technologies: ['Marketing Cloud Engagement', 'Journey Builder', 'Sales Cloud', 'Salesforce Mobile App'],
    results: [
      'Average order value up by 22% for customers who received showroom follow-ups',
      'One in five showroom wishlists turns into an online order within 30 days',
      'Consultants’ commission now includes online orders they started, which drove adoption',
      'Post-purchase emails cut delivery-status calls by a third',
    ],
    clientInfo: {
      location: 'High Point, North Carolina',
      size: '22 showrooms, 500 employees',
      founded: '1994',
      focus: 'Premium home furniture',
    },
    testimonial: caseStudyTestimonials['luxehome-furnishings'],
    keyMetrics: [
      { label: 'Higher average order value', value: '22%' },
      { label: 'Wishlists ordered online', value: '1 in 5' },
      { label: 'Fewer delivery-status calls', value: '33%' },
    ],
    related: ['fashion-forward', 'coastal-developments'],
    beforeAfter: [
      { metric: 'Showroom follow-up', before: 'A business card', after: 'Personal journey with saved pieces' },
      { metric: 'Average order value', before: '$2,850', after: '$3,480' },
      { metric: 'Credit for online orders', before: 'None', after: 'Attributed to the consultant' },
    ],
    phases: [
      {
        title: 'Pilot design',
        description: 'Wishlist app and first journey designed with three showroom teams.',
        timeframe: 'Weeks 1–4',
      },
      {
        title: 'Pilot',
        description: 'Three showrooms live for a month, journey tuned on real results.',
        timeframe: 'Weeks 5–8',
      },
      {
        title: 'Rollout',
        description: 'The remaining nineteen showrooms in two waves, with delivery emails.',
        timeframe: 'Weeks 9–11',
      },
    ],
  },
  'fashion-forward': {
    challenge:
      'Fashion Forward launches four collections a year to a list of 600,000 subscribers. Every launch email went to everyone, unsubscribes rose each season, and the team could not tell which customers cared about which styles.',
    solution:
      'We built style, size and price segments from browsing and purchase data in Marketing Cloud, and replaced the single launch blast with a sequence that shows each customer the pieces most likely to suit them.',
    solutionPoints: [
      'Style affinity and size profiles built from orders, returns and browsing',
      'Launch sequences with early access for the most engaged segment',
      'Back-in-stock and low-stock alerts in the customer’s size',
      'Send-time optimisation so each email arrives when that subscriber usually reads',
    ],
    implementation:
      'Eight weeks, timed so the new segments and sequences were live for the autumn launch, with A/B tests against the old single email.',
    technologies: ['Marketing Cloud Engagement', 'Einstein Send Time Optimization', 'Journey Builder', 'Data Cloud'],
    results: [
      'Email revenue per launch campaign rose 2.4 times',
      'Unsubscribes per launch fell by 46%',
      'Returns on email-driven orders dropped by 9% thanks to size-matched recommendations',
      'Early-access customers bought 30% of the autumn collection in its first week',
    ],
    clientInfo: {
      location: 'Atlanta, Georgia',
      size: '180 employees',
      founded: '2016',
      focus: 'Direct-to-consumer women’s fashion',
    },
    testimonial: caseStudyTestimonials['fashion-forward'],
    keyMetrics: [
      { label: 'Email revenue per campaign', value: '2.4x' },
      { label: 'Fewer unsubscribes', value: '46%' },
      { label: 'Implementation', value: '8 weeks' },
    ],
    related: ['retailnxt-customer-retention', 'luxehome-furnishings'],
    beforeAfter: [
      { metric: 'Launch emails', before: 'One email to 600,000 subscribers', after: 'Sequences by style and size' },
      { metric: 'Unsubscribes per launch', before: '3,900', after: '2,100' },
      { metric: 'Revenue per launch campaign', before: 'Baseline', after: '2.4 times baseline' },
    ],
    phases: [
      {
        title: 'Segments',
        description: 'Style, size and price profiles from order and browsing data.',
        timeframe: 'Weeks 1–3',
      },
      {
        title: 'Launch sequences',
        description: 'Early-access, launch and stock-alert journeys built and tested.',
        timeframe: 'Weeks 4–6',
      },
      {
        title: 'Autumn launch',
        description: 'Live launch with A/B tests and a results review.',
        timeframe: 'Weeks 7–8',
      },
    ],
  },
  'tech-vision': {
    challenge:
      'TechVision sells security software to IT teams. Marketing passed every webinar attendee and whitepaper download to sales as a lead, sales rejected most of them, and each side blamed the other for a thin pipeline.',
    solution:
      'We ran joint workshops to define a sales-ready lead, then built scoring and grading in Account Engagement to match, with nurture tracks that keep everyone else warm until they are ready.',
    solutionPoints: [
      'A lead definition signed off by both the sales and marketing leaders',
      'Scoring on engagement and grading on company size, industry and role',
      'Nurture tracks by buyer role: security lead, IT manager and CIO',
      'Lead handover with a reason and the prospect’s recent activity attached',
    ],
    implementation:
      'Eight weeks: two weeks of workshops and data review, four of build, and two of parallel running before the old lead process was switched off.',
    technologies: ['Account Engagement (Pardot)', 'Sales Cloud', 'Engagement Studio', 'B2B Marketing Analytics'],
    results: [
      'Sales-accepted leads rose by 45% in the first two quarters',
      'Sales acceptance rate of marketing leads went from 22% to 61%',
      'Average sales cycle shortened by 17 days for nurtured leads',
      'Marketing and sales report on one shared funnel every month',
    ],
    clientInfo: {
      location: 'Reston, Virginia',
      size: '300 employees',
      founded: '2013',
      focus: 'Endpoint security software for IT teams',
    },
    testimonial: caseStudyTestimonials['tech-vision'],
    keyMetrics: [
      { label: 'More sales-accepted leads', value: '45%' },
      { label: 'Acceptance rate', value: '61%' },
      { label: 'Shorter sales cycle', value: '17 days' },
    ],
    related: ['tech-solutions', 'strategic-consulting-group'],
    beforeAfter: [
      { metric: 'Leads accepted by sales', before: '22%', after: '61%' },
      { metric: 'Lead definition', before: 'Any form fill', after: 'Agreed score and grade' },
      { metric: 'Funnel reporting', before: 'Two separate reports', after: 'One shared funnel' },
    ],
    phases: [
      {
        title: 'Workshops and data review',
        description: 'A shared lead definition and a look at two years of conversions.',
        timeframe: 'Weeks 1–2',
      },
      {
        title: 'Build',
        description: 'Scoring, grading, nurture tracks and the handover process.',
        timeframe: 'Weeks 3–6',
      },
      {
        title: 'Parallel run',
        description: 'New and old processes side by side, then the switch.',
        timeframe: 'Weeks 7–8',
      },
    ],
  },
  'health-plus': {
    challenge:
      'HealthPlus covers 340,000 members across the Carolinas. Member service agents searched the claims system, the eligibility system and a care-management tool to answer a single question, and members calling about a claim were often transferred twice.',
    solution:
      'We implemented Health Cloud as the member service desktop: coverage, claims, care programmes and past conversations on one screen, with calls, chat and secure messages routed to the right team the first time.',
    solutionPoints: [
      'A member view combining eligibility, claims status and active care programmes',
      'Omni-channel routing for phone, chat and secure portal messages by topic and language',
      'Guided flows for the ten most common requests, from ID cards to prior authorisations',
      'Role-based access and encryption of protected health information',
    ],
    implementation:
      'Sixteen weeks, with the claims and eligibility integrations built first and the agent desktop rolled out team by team over the last four weeks.',
    technologies: ['Health Cloud', 'Service Cloud Voice', 'Omni-Channel', 'Shield Platform Encryption', 'MuleSoft'],
    results: [
      'Average handling time fell by 38%',
      'Transfers between teams dropped from 24% of calls to 7%',
      'Member satisfaction with service rose 11 points',
      'New agents handle calls alone after three weeks instead of six',
    ],
    clientInfo: {
      location: 'Charlotte, North Carolina',
      size: '1,100 employees, 340,000 members',
      founded: '1982',
      focus: 'Regional health insurance for individuals and employers',
    },
    testimonial: caseStudyTestimonials['health-plus'],
    keyMetrics: [
      { label: 'Shorter handling time', value: '38%' },
      { label: 'Calls transferred', value: '7%' },
      { label: 'Higher member satisfaction', value: '+11 pts' },
    ],
    related: ['health-tech-innovations', 'global-financial-corp'],
    beforeAfter: [
      { metric: 'Systems per member question', before: '3', after: '1' },
      { metric: 'Calls transferred between teams', before: '24%', after: '7%' },
      { metric: 'New agent ramp-up', before: '6 weeks', after: '3 weeks' },
    ],
    phases: [
      {
        title: 'Integrations',
        description: 'Claims and eligibility data available in Health Cloud in real time.',
        timeframe: 'Weeks 1–6',
      },
      {
        title: 'Member desktop',
        description: 'Member view, guided flows and omni-channel routing.',
        timeframe: 'Weeks 7–12',
      },
      {
        title: 'Team-by-team rollout',
        description: 'Training and floor support for each service team.',
        timeframe: 'Weeks 13–16',
      },
    ],
  },
  'retail-max': {
    challenge:
      'RetailMax runs 140 sporting goods stores and a web shop, each with its own customer list and its own loyalty card. Members who bought online earned nothing in store, and marketing could not reach the best customers because it did not know who they were.',
    solution:
      'We matched store and online customers into one record and moved the loyalty programme onto Salesforce, with Marketing Cloud journeys for joining, earning, tier changes and birthdays that work the same wherever a member shops.',
    solutionPoints: [
      'Identity matching across 2.3 million store and online customer records',
      'One loyalty programme with points earned and redeemed in any channel',
      'Tier, birthday and reward-expiry journeys in Marketing Cloud',
      'Store staff see a member’s tier and offers at the till',
    ],
    implementation:
      'Eighteen weeks, with a two-region pilot before the programme switched over in every store on one announced date.',
    technologies: ['Marketing Cloud Engagement', 'Loyalty Management', 'Data Cloud', 'MuleSoft', 'Journey Builder'],
    results: [
      'All 140 stores and the web shop on one customer record',
      'Loyalty members now account for 58% of revenue, up from 41%',
      'Cross-channel members spend 2.1 times as much as single-channel ones',
      'Duplicate customer records reduced by 38%',
    ],
    clientInfo: {
      location: 'Nashville, Tennessee',
      size: '140 stores, 4,800 employees',
      founded: '1990',
      focus: 'Sporting goods and outdoor equipment',
    },
    testimonial: caseStudyTestimonials['retail-max'],
    keyMetrics: [
      { label: 'Stores on one customer record', value: '140' },
      { label: 'Revenue from loyalty members', value: '58%' },
      { label: 'Cross-channel member spend', value: '2.1x' },
    ],
    related: ['retailnxt-customer-retention', 'luxehome-furnishings'],
    beforeAfter: [
      { metric: 'Loyalty programmes', before: 'Two, store and online', after: 'One, in every channel' },
      { metric: 'Revenue from loyalty members', before: '41%', after: '58%' },
      { metric: 'Customer records', before: '2.3 million with duplicates', after: '1.4 million matched' },
    ],
    phases: [
      {
        title: 'Identity matching',
        description: 'Store and online records matched and merged with agreed rules.',
        timeframe: 'Weeks 1–6',
      },
      {
        title: 'Loyalty build',
        description: 'Programme rules, point-of-sale integration and journeys.',
        timeframe: 'Weeks 7–13',
      },
      {
        title: 'Pilot and switch-over',
        description: 'Two regions piloted, then every store moved on one date.',
        timeframe: 'Weeks 14–18',
      },
    ],
  },
  'tech-solutions': {
    challenge:
      'Tech Solutions Inc. provides managed IT services to small and mid-sized businesses. Its website attracted steady traffic, but enquiries went to a general mailbox, half were never answered, and there was no way to tell which visitors were serious.',
    solution:
      'We replaced the website forms with Account Engagement forms, scored visitors on the pages they read, and built nurture programmes that offer a free IT assessment once a prospect shows real interest.',
    solutionPoints: [
      'Account Engagement forms and landing pages for each service line',
      'Scoring that weights pricing and case-study page visits',
      'Nurture programmes ending in an assessment booking link',
      'Automatic assignment of hot prospects to an account executive within minutes',
    ],
    implementation:
      'Seven weeks from kickoff to the first nurture programme going live, followed by a month of tuning scores against booked assessments.',
    technologies: ['Account Engagement (Pardot)', 'Sales Cloud', 'Engagement Studio', 'Salesforce Scheduler'],
    results: [
      'Booked assessments per month tripled within two quarters',
      'Every web enquiry is answered within one business hour',
      'Assessment-to-contract conversion held steady at 40% while volume grew',
      'Marketing can show revenue by campaign for the first time',
    ],
    clientInfo: {
      location: 'Raleigh, North Carolina',
      size: '75 employees',
      founded: '2008',
      focus: 'Managed IT services for small and mid-sized businesses',
    },
    testimonial: caseStudyTestimonials['tech-solutions'],
    keyMetrics: [
      { label: 'More booked assessments', value: '3x' },
      { label: 'Enquiry response', value: '< 1 hr' },
      { label: 'Kickoff to first programme', value: '7 weeks' },
    ],
    related: ['tech-vision', 'global-tech'],
    beforeAfter: [
      { metric: 'Web enquiries answered', before: 'About half', after: 'All, within one business hour' },
      { metric: 'Booked assessments per month', before: '8', after: '25' },
      { metric: 'Revenue by campaign', before: 'Unknown', after: 'Reported monthly' },
    ],
    phases: [
      {
        title: 'Forms and tracking',
        description: 'Account Engagement forms, tracking and landing pages on the website.',
        timeframe: 'Weeks 1–3',
      },
      {
        title: 'Scoring and nurture',
        description: 'Scoring model and assessment nurture programme.',
        timeframe: 'Weeks 4–7',
      },
      { title: 'Tuning', description: 'Scores adjusted against booked assessments.', timeframe: 'Weeks 8–11' },
    ],
  },
  'global-tech': {
    challenge:
      'GlobalTech distributes electronic components in North America and Europe. After several acquisitions it ran four Salesforce orgs, so the same customer appeared up to four times, reps could not see what a customer bought from other regions, and cross-selling depended on personal networks.',
    solution:
      'We consolidated the four orgs into one, with a single account per customer and a shared product catalogue, and then used Einstein Next Best Action to suggest cross-sell offers from the combined purchase history.',
    solutionPoints: [
      'Four orgs merged into one with no lost records and full history',
      'One global account per customer with regional contacts and ownership',
      'Einstein Next Best Action recommending offers from the combined purchase history',
      'Recommendations shown on the account page with the reason and a one-click quote',
    ],
    implementation:
      'Twenty weeks: a migration rehearsed three times in full copies of production, a weekend cut-over, and the Einstein recommendations added six weeks after consolidation.',
    technologies: ['Sales Cloud', 'Einstein Next Best Action', 'CPQ', 'Data Loader and custom migration tooling'],
    results: [
      'Four orgs consolidated into one, with zero lost records',
      'Cross-sell revenue per rep up 19% in the first two quarters',
      'Salesforce licence and maintenance costs down by 28%',
      'A single pipeline report for the whole company',
    ],
    clientInfo: {
      location: 'Dallas, Texas',
      size: '2,300 employees in 9 countries',
      founded: '1985',
      focus: 'Electronic component distribution',
    },
    testimonial: caseStudyTestimonials['global-tech'],
    keyMetrics: [
      { label: 'More cross-sell revenue per rep', value: '19%' },
      { label: 'Salesforce orgs consolidated', value: '4 → 1' },
      { label: 'Lower licence costs', value: '28%' },
    ],
    related: ['precision-manufacturing', 'tech-solutions'],
    beforeAfter: [
      { metric: 'Salesforce orgs', before: '4', after: '1' },
      { metric: 'Records per customer', before: 'Up to 4', after: '1 global account' },
      { metric: 'Cross-sell suggestions', before: 'Personal networks', after: 'Einstein, on every account' },
    ],
    phases: [
      {
        title: 'Design and mapping',
        description: 'A target data model and field mapping for all four orgs.',
        timeframe: 'Weeks 1–6',
      },
      {
        title: 'Rehearsals and cut-over',
        description: 'Three full migration rehearsals, then a weekend cut-over.',
        timeframe: 'Weeks 7–14',
      },
      {
        title: 'Next Best Action',
        description: 'Recommendation strategies and account page components.',
        timeframe: 'Weeks 15–20',
      },
    ],
  },
  'cloudminds-solutions': {
    challenge:
      'CloudMinds Solutions sells a collaboration platform to companies of 50 to 5,000 people. Customers who were about to leave gave no warning the team could see: product usage sat in one tool, support tickets in another, and renewals were worked from a spreadsheet.',
    solution:
      'We built customer health scores in Salesforce from product usage, support cases and survey responses, and renewal playbooks that start automatically when a score drops, so customer success managers act months before the renewal date.',
    solutionPoints: [
      'A health score per account from usage, seats in use, support cases and NPS',
      'Playbooks triggered by score changes, with tasks for the customer success manager',
      'Executive business reviews scheduled for every account above $50,000 a year',
      'A renewal forecast by risk band for leadership',
    ],
    implementation:
      'Twelve weeks, with the health score tested against the previous year’s churned accounts before any playbook went live.',
    technologies: ['Sales Cloud', 'Service Cloud', 'CRM Analytics', 'Flow Builder', 'Salesforce Surveys'],
    results: [
      'Annual churn reduced by 31%',
      'At-risk accounts flagged on average 110 days before renewal',
      'Net revenue retention rose from 98% to 109%',
      'Customer success managers spend their week on playbooks instead of spreadsheets',
    ],
    clientInfo: {
      location: 'Denver, Colorado',
      size: '350 employees',
      founded: '2014',
      focus: 'Team collaboration software',
    },
    testimonial: caseStudyTestimonials['cloudminds-solutions'],
    keyMetrics: [
      { label: 'Less annual churn', value: '31%' },
      { label: 'Warning before renewal', value: '110 days' },
      { label: 'Net revenue retention', value: '109%' },
    ],
    related: ['dataflow-systems', 'techforward-customer-lifetime-value'],
    beforeAfter: [
      { metric: 'First sign of churn risk', before: 'At renewal', after: 'About 110 days before' },
      { metric: 'Net revenue retention', before: '98%', after: '109%' },
      { metric: 'Renewal tracking', before: 'A spreadsheet', after: 'Forecast by risk band' },
    ],
    phases: [
      {
        title: 'Health score',
        description: 'Usage, support and survey data combined and tested on last year’s churn.',
        timeframe: 'Weeks 1–5',
      },
      {
        title: 'Playbooks',
        description: 'Risk, onboarding and expansion playbooks with tasks and templates.',
        timeframe: 'Weeks 6–9',
      },
      {
        title: 'Renewal forecast and launch',
        description: 'Leadership dashboards and training for the success team.',
        timeframe: 'Weeks 10–12',
      },
    ],
  },
  'dataflow-systems': {
    challenge:
      'DataFlow Systems sells data pipeline software on multi-year contracts. Renewals were worked in the last 30 days by whoever had time, executive sponsors changed without anyone noticing, and finance learned about a lost renewal after the fact.',
    solution:
      'We built customer success operations in Salesforce: success plans with measurable goals, renewal timelines that start 120 days out, and sponsor tracking that alerts the team when a key contact leaves a customer.',
    solutionPoints: [
      'Success plans with goals agreed with each customer and reviewed every quarter',
      'Renewal opportunities created automatically 120 days before the end date',
      'Executive sponsor tracking with alerts when a sponsor changes jobs',
      'A renewal dashboard shared by customer success, sales and finance',
    ],
    implementation:
      'Ten weeks, designed with the customer success, sales and finance leaders together so renewal stages mean the same thing to all three.',
    technologies: ['Sales Cloud', 'Service Cloud', 'Flow Builder', 'CRM Analytics'],
    results: [
      'Gross revenue retention reached 96%, up from 89%',
      'Every renewal now has an owner and a plan 120 days out',
      'Lost renewals are known at least a quarter ahead, so finance forecasts are reliable',
      'Sponsor changes are caught within a week',
    ],
    clientInfo: {
      location: 'Seattle, Washington',
      size: '280 employees',
      founded: '2013',
      focus: 'Data pipeline and integration software',
    },
    testimonial: caseStudyTestimonials['dataflow-systems'],
    keyMetrics: [
      { label: 'Gross revenue retention', value: '96%' },
      { label: 'Renewal lead time', value: '120 days' },
      { label: 'Implementation', value: '10 weeks' },
    ],
    related: ['cloudminds-solutions', 'tech-vision'],
    beforeAfter: [
      { metric: 'Gross revenue retention', before: '89%', after: '96%' },
      { metric: 'Renewal work starts', before: '30 days before', after: '120 days before' },
      { metric: 'Sponsor changes noticed', before: 'Often not at all', after: 'Within a week' },
    ],
    phases: [
      {
        title: 'Shared definitions',
        description: 'Renewal stages and success plan goals agreed by all three teams.',
        timeframe: 'Weeks 1–2',
      },
      {
        title: 'Build',
        description: 'Success plans, renewal automation and sponsor tracking.',
        timeframe: 'Weeks 3–8',
      },
      {
        title: 'Launch',
        description: 'Dashboards, training and the first renewal review on the new process.',
        timeframe: 'Weeks 9–10',
      },
    ],
  },
};

/** The full page of a case study by slug or alias, or undefined for an unknown slug. */
export function getCaseStudy(slugOrAlias: string | undefined): CaseStudy | undefined {
  const card = findCaseStudy(slugOrAlias ? (caseStudySlugAliases[slugOrAlias] ?? slugOrAlias) : undefined);
  if (!card) return undefined;
  const detail = caseStudyDetails[card.slug];
  const relatedStudy = (slug: CaseStudySlug): RelatedStudy => {
    const related = findCaseStudy(slug);
    return { slug, title: related?.title ?? '', description: related?.description ?? '' };
  };
  return {
    ...card,
    ...detail,
    clientInfo: { name: card.clientName, industry: card.industry, ...detail.clientInfo },
    related: [relatedStudy(detail.related[0]), relatedStudy(detail.related[1])],
  };
}
