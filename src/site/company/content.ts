// Copy for the company and content pages, rendered by one ContentPage template: plain text
// sections first, then the richer blocks (cards, roles, people, stories, quotes, FAQ).
import { paths } from '../../shared/paths';
import { caseStudySlugs } from '../case-studies/content';
import type { CaseStudySlug } from '../case-studies/content';

export type PageLink = { label: string; to: string };

export type ContentSection = {
  heading: string;
  text: string;
  bullets?: readonly string[];
  links?: readonly PageLink[];
};

export type OpenRole = {
  title: string;
  team: string;
  location: string;
  type: string;
  summary: string;
  requirements: readonly string[];
};

export type Person = { name: string; role: string; bio: string };

export type FaqItem = { question: string; answer: string };

export type InfoCard = { title: string; text: string; label?: string; link?: PageLink };

export type ContentBlock =
  | { kind: 'cards'; heading: string; intro?: string; cards: readonly InfoCard[] }
  | { kind: 'stats'; heading: string; stats: readonly { value: string; label: string }[] }
  | {
      kind: 'roles';
      heading: string;
      intro?: string;
      roles: readonly OpenRole[];
      /** Where Apply links go. */ apply: string;
    }
  | { kind: 'people'; heading: string; intro?: string; people: readonly Person[] }
  /** Case-study cards for the given studies. */
  | { kind: 'stories'; heading: string; intro?: string; slugs: readonly CaseStudySlug[]; more?: PageLink }
  /** The testimonials of the given case studies. */
  | { kind: 'quotes'; heading: string; intro?: string; slugs: readonly CaseStudySlug[] }
  | { kind: 'faq'; heading: string; items: readonly FaqItem[] };

export type ContentPageData = {
  path: string;
  /** Document title (the site name is appended). */
  title: string;
  heading: string;
  description: string;
  intro: string;
  sections: readonly ContentSection[];
  blocks?: readonly ContentBlock[];
  cta: { label: string; to: string };
};

const contactCta = { label: 'Talk to a consultant', to: paths.contact };

/** The quotes that open the testimonials page; every other study's follows, in the case-study list's order. */
const leadingTestimonials = [
  'luxe-properties',
  'health-tech-innovations',
  'precision-manufacturing',
  'global-financial-corp',
] as const satisfies readonly CaseStudySlug[];

export const companyStats = [
  { value: '12+', label: 'Years of Salesforce delivery' },
  { value: '100+', label: 'Certified experts' },
  { value: '300+', label: 'Projects delivered' },
  { value: '15+', label: 'Industries served' },
] as const;

/** Every FAQ question, grouped; the FAQ page renders them and lists them in its FAQPage JSON-LD. */
export const faqGroups: readonly { heading: string; items: readonly FaqItem[] }[] = [
  {
    heading: 'Projects and timelines',
    items: [
      {
        question: 'How long does a Salesforce implementation take?',
        answer:
          'A focused Sales Cloud or Service Cloud rollout usually takes 8 to 14 weeks. Health Cloud projects such as HealthTech Innovations have gone live in 10 weeks; multi-cloud programmes are planned in phases, each with its own go-live.',
      },
      {
        question: 'How do you price a project?',
        answer:
          'After a discovery workshop we quote a fixed price for a defined scope, split into phases. Changes are estimated before they are agreed, so the invoice never surprises you.',
      },
      {
        question: 'What does the first month of a project look like?',
        answer:
          'Discovery workshops with the people who will use the system, an audit of your data and current tools, and a written plan with phases, milestones and the decisions we need from you.',
      },
      {
        question: 'Can you take over an existing Salesforce org?',
        answer:
          'Yes. We start with a health check of security, data quality, automation and technical debt, fix what is risky first, and then support and extend the org.',
      },
    ],
  },
  {
    heading: 'Salesforce products and licences',
    items: [
      {
        question: 'Do you sell Salesforce licences?',
        answer:
          'No. You buy licences from Salesforce directly. We help you choose the editions and add-ons you need and avoid paying for features you will not use.',
      },
      {
        question: 'Which Salesforce products do you work with?',
        answer:
          'Sales Cloud, Service Cloud, Marketing Cloud, Account Engagement (Pardot), Experience Cloud, Health Cloud, Einstein AI and the platform itself, plus integrations through MuleSoft and APIs.',
      },
      {
        question: 'Is Einstein AI worth it for a mid-sized company?',
        answer:
          'Often, if your data is in order. We start with a data readiness check; Precision Manufacturing’s 14-week AI journey spent its first phase on exactly that before any model was built.',
      },
    ],
  },
  {
    heading: 'Data, security and compliance',
    items: [
      {
        question: 'Can you migrate data from our old CRM without losing history?',
        answer:
          'Yes. We map every object and field, rehearse the migration in a full copy of production at least twice, and reconcile record counts and totals with you before the cut-over.',
      },
      {
        question: 'Do you work with HIPAA-regulated data?',
        answer:
          'Yes. For healthcare clients we sign a business associate agreement, design access with least privilege, and use Shield Platform Encryption where protected health information is stored.',
      },
    ],
  },
  {
    heading: 'Training and support',
    items: [
      {
        question: 'Will our team be able to run Salesforce without you?',
        answer:
          'That is the goal of every project. Admin training, written documentation and a handover period are part of each implementation, and certification programmes are available for your admins and developers.',
      },
      {
        question: 'What support do you offer after go-live?',
        answer:
          'Three support plans, Essential, Premium and Enterprise, with guaranteed response times, a named admin and monthly release reviews. Enterprise includes round-the-clock cover for critical issues.',
      },
      {
        question: 'Where is your team based?',
        answer:
          'Our head office is in Raleigh, North Carolina, and our consultants work on site or remotely across the United States and Canada, mostly in Eastern and Central time.',
      },
    ],
  },
];

export const contentPages = {
  careers: {
    path: paths.careers,
    title: 'Careers',
    heading: 'Build a career in Salesforce consulting',
    description:
      'Open roles at Meridian Cloud Consulting in Raleigh, NC and remote in the US: Salesforce developers, consultants, admins and marketing automation specialists.',
    intro:
      'We are a team of certified admins, developers, architects and consultants who care about shipping work our clients can run on their own. We hire for curiosity and judgement, and we teach the rest.',
    sections: [],
    blocks: [
      {
        kind: 'roles',
        heading: 'Open roles',
        apply: paths.contact,
        intro:
          'Every role below is open now. Apply through our contact page and tell us which role you are interested in; a member of the delivery team, not a recruiter, reads every application.',
        roles: [
          {
            title: 'Senior Salesforce Developer',
            team: 'Custom development',
            location: 'Raleigh, NC (hybrid) or remote, US',
            type: 'Full time',
            summary:
              'Design and build Apex, Lightning Web Components and integrations for clients in healthcare, manufacturing and software.',
            requirements: [
              'Five or more years of Salesforce development, including Apex and LWC',
              'Experience with REST integrations and asynchronous processing',
              'Platform Developer I certification; Platform Developer II is a plus',
            ],
          },
          {
            title: 'Salesforce Functional Consultant',
            team: 'Implementation',
            location: 'Raleigh, NC (hybrid)',
            type: 'Full time',
            summary:
              'Lead discovery workshops, turn business processes into Sales and Service Cloud designs, and guide clients through go-live.',
            requirements: [
              'Three or more years configuring Sales Cloud or Service Cloud',
              'Confidence running workshops with business stakeholders',
              'Salesforce Administrator certification',
            ],
          },
          {
            title: 'Marketing Cloud Specialist',
            team: 'Digital marketing',
            location: 'Remote, US',
            type: 'Full time',
            summary:
              'Build journeys, segments and email templates in Marketing Cloud and Account Engagement for retail and B2B clients.',
            requirements: [
              'Hands-on experience with Journey Builder and AMPscript or SQL',
              'An eye for email design and deliverability',
              'Marketing Cloud Email Specialist certification or the will to earn it in six months',
            ],
          },
          {
            title: 'Salesforce Support Administrator',
            team: 'Managed support',
            location: 'Raleigh, NC (on site)',
            type: 'Full time',
            summary:
              'Answer support requests from clients on our support plans, make configuration changes and keep their orgs healthy between releases.',
            requirements: [
              'One or more years as a Salesforce administrator',
              'Clear written communication with non-technical users',
              'Salesforce Administrator certification',
            ],
          },
        ],
      },
      {
        kind: 'cards',
        heading: 'Why people stay',
        cards: [
          {
            title: 'How we work',
            text: 'Small delivery teams, a senior reviewer on every project, and no one is asked to estimate work they have not seen.',
          },
          {
            title: 'Growth',
            text: 'Paid certification exams, four hours of study time every week and a mentor for each new consultant.',
          },
          {
            title: 'Benefits',
            text: 'Health, dental and vision cover, a 401(k) match, 25 days of paid time off and flexible hours.',
          },
          {
            title: 'Where we work',
            text: 'A hybrid office in downtown Raleigh and remote colleagues across the United States; the team meets in person every quarter.',
          },
        ],
      },
    ],
    cta: { label: 'Apply through our contact page', to: paths.contact },
  },
  contact: {
    path: paths.contact,
    title: 'Contact Us',
    heading: 'Get in touch',
    description:
      'Contact Meridian Cloud Consulting to discuss a Salesforce implementation, a project review, training or a support plan. We reply within one business day.',
    intro:
      'Tell us where you are with Salesforce and what you want to change. A consultant, not a sales script, replies within one business day.',
    sections: [
      {
        heading: 'Visit us',
        text: '421 Fayetteville Street, Suite 1100, Raleigh, NC 27601. Meetings by appointment, Monday to Friday.',
      },
      {
        heading: 'Call or write',
        text: 'Phone +1 (919) 555-0142 or email hello@example.com between 8:30 am and 5:30 pm Eastern time.',
      },
    ],
    cta: { label: 'Read our client stories', to: paths.caseStudies },
  },
  customers: {
    path: paths.customers,
    title: 'Customers',
    heading: 'The teams we work with',
    description:
      'Meridian Cloud Consulting customers: real estate firms, health plans, financial advisors, manufacturers, retailers and software companies, and the results they measured.',
    intro:
      'Our clients range from twenty-person brokerages to multi-org enterprises. What they share is a clear goal for Salesforce and a wish to own the result. Here is a selection of their stories.',
    sections: [],
    blocks: [
      { kind: 'stats', heading: 'Our customers in numbers', stats: companyStats },
      {
        kind: 'stories',
        heading: 'Featured customer stories',
        intro: 'Six of our eighteen published case studies, one from each of the industries we serve most.',
        slugs: [
          'luxe-properties',
          'health-tech-innovations',
          'global-financial-corp',
          'precision-manufacturing',
          'retailnxt-customer-retention',
          'cloudminds-solutions',
        ],
        more: { label: `See all ${String(caseStudySlugs.length)} case studies`, to: paths.caseStudies },
      },
      {
        kind: 'cards',
        heading: 'Who we help',
        cards: [
          {
            title: 'Growing companies',
            text: 'First implementations done properly, with a data model that will still fit in five years.',
            link: { label: 'Salesforce implementation', to: paths.service('salesforce-implementation') },
          },
          {
            title: 'Established Salesforce users',
            text: 'Org clean-ups, consolidations and the features that were bought but never switched on.',
            link: { label: 'Salesforce consulting', to: paths.service('salesforce-consulting') },
          },
          {
            title: 'Teams that want to own their org',
            text: 'Training and certification programmes so your own admins and developers run Salesforce day to day.',
            link: { label: 'Salesforce training', to: paths.service('training') },
          },
        ],
      },
      {
        kind: 'quotes',
        heading: 'In their words',
        slugs: ['metro-property-management', 'health-plus', 'dataflow-systems'],
      },
    ],
    cta: { label: 'Read all testimonials', to: paths.testimonials },
  },
  company: {
    path: paths.company,
    title: 'Company',
    heading: 'A Salesforce partner built for the long run',
    description:
      'Meridian Cloud Consulting: twelve years of Salesforce implementation, consulting and support from Raleigh, North Carolina, for clients in more than fifteen industries.',
    intro:
      'For more than twelve years we have implemented and supported Salesforce for companies that need it to work on Monday morning, not just on go-live day.',
    sections: [
      {
        heading: 'What we do',
        text: 'We implement Salesforce, extend it with custom development and integrations, train the people who run it, and support it afterwards. Most clients start with one project and stay for the next.',
        links: [
          { label: 'All services', to: paths.services },
          { label: 'Industries we serve', to: paths.industries },
        ],
      },
      {
        heading: 'How we deliver',
        text: 'Fixed phases with a go-live at the end of each, a senior reviewer on every project, and documentation your team can actually use. We prefer configuration to code and adoption to features.',
      },
    ],
    blocks: [
      { kind: 'stats', heading: 'By the numbers', stats: companyStats },
      {
        kind: 'cards',
        heading: 'Get to know us',
        cards: [
          {
            title: 'About us',
            text: 'Our story, the values we hire for and the people who lead the firm.',
            link: { label: 'About Meridian Cloud Consulting', to: paths.about },
          },
          {
            title: 'Careers',
            text: 'Open roles for developers, consultants and administrators in Raleigh and remote.',
            link: { label: 'See open roles', to: paths.careers },
          },
          {
            title: 'Customers',
            text: 'The companies we work with and the results they measured.',
            link: { label: 'Meet our customers', to: paths.customers },
          },
        ],
      },
    ],
    cta: contactCta,
  },
  about: {
    path: paths.about,
    title: 'About Us',
    heading: 'About Meridian Cloud Consulting',
    description:
      'Who we are: a Raleigh-based Salesforce consulting partner founded in 2013, with 100+ certified experts, our values and our leadership team.',
    intro:
      'Meridian Cloud Consulting started as three Salesforce admins who were tired of projects that ended at go-live. Today more than a hundred of us do the same work with the same rule: leave every client able to run their own org.',
    sections: [
      {
        heading: 'Our story',
        text: 'We opened our first office above a coffee shop on Fayetteville Street in 2013, with two clients and a shared laptop for demos. Growth came from referrals: clients who had seen a project finish on time and wanted the same for their next one. Today we work from a larger office on the same street and with colleagues across the United States.',
      },
      {
        heading: 'Our team',
        text: 'Admins, developers, architects, marketers and trainers, holding more than 400 Salesforce certifications between them. Every consultant keeps at least one day a month for learning.',
      },
    ],
    blocks: [
      {
        kind: 'cards',
        heading: 'Our values',
        cards: [
          {
            title: 'Leave clients independent',
            text: 'We document, train and hand over, so a client can run their org without us, and chooses to keep working with us anyway.',
          },
          {
            title: 'Say what we measured',
            text: 'Every case study on this site reports figures the client measured and agreed to publish.',
          },
          {
            title: 'Configuration before code',
            text: 'Custom code only where the platform cannot do the job, because every line is something someone must maintain.',
          },
          {
            title: 'Small teams, senior review',
            text: 'Projects are run by small teams, and a senior architect reviews every design before it is built.',
          },
        ],
      },
      {
        kind: 'people',
        heading: 'Leadership',
        people: [
          {
            name: 'Rachel Donovan',
            role: 'Co-founder and Chief Executive Officer',
            bio: 'Twenty years in CRM, starting as a Salesforce admin at a Raleigh insurer. Rachel still runs a discovery workshop every month.',
          },
          {
            name: 'Michael Osei',
            role: 'Co-founder and Chief Technology Officer',
            bio: 'Salesforce Certified Technical Architect who leads our architecture reviews and our integration practice.',
          },
          {
            name: 'Laura Kim',
            role: 'Vice President, Delivery',
            bio: 'Oversees every active project and the phase reviews that keep them on schedule. Previously led delivery at a health-tech company.',
          },
          {
            name: 'Andre Williams',
            role: 'Director, Customer Support',
            bio: 'Runs the support desk and the Essential, Premium and Enterprise plans, and the monthly release reviews clients rely on.',
          },
        ],
      },
    ],
    cta: { label: 'Meet us', to: paths.contact },
  },
  support: {
    path: paths.support,
    title: 'Support',
    heading: 'Help when you need it',
    description:
      'Support for Meridian Cloud Consulting clients: how to raise a request, response times by support plan, and where to find answers and training.',
    intro:
      'Existing clients reach our support desk by email or phone. Response times follow your plan; critical issues on Enterprise plans get an answer within four hours, around the clock.',
    sections: [
      {
        heading: 'Raise a request',
        text: 'Email support@example.com from your company address with your org name, what you expected, what happened instead, and a screenshot if you have one. For critical issues, call +1 (919) 555-0142 as well.',
      },
      {
        heading: 'How we prioritise',
        text: 'Every request gets a priority when it arrives, and the first response comes within the time your plan guarantees.',
        bullets: [
          'Critical: Salesforce is down or a core process has stopped for many users',
          'High: a key feature is broken and there is no workaround',
          'Normal: a question, a small change or an issue with a workaround',
          'Planned: enhancements scheduled into your monthly change window',
        ],
      },
      {
        heading: 'Not on a support plan yet?',
        text: 'Compare the Essential, Premium and Enterprise plans, or ask us which fits your org.',
        links: [
          { label: 'Compare support plans', to: paths.service('support') },
          { label: 'Ask about support', to: paths.contactWith({ source: 'support' }) },
        ],
      },
    ],
    blocks: [
      {
        kind: 'cards',
        heading: 'Help yourself first',
        cards: [
          {
            title: 'FAQ',
            text: 'Answers to common questions about projects, licences, data and support.',
            link: { label: 'Read the FAQ', to: paths.faq },
          },
          {
            title: 'Training',
            text: 'Courses for end users, admins and developers, on site or remote.',
            link: { label: 'See training programmes', to: paths.service('training') },
          },
          {
            title: 'Resources',
            text: 'Guides and checklists from our projects, and the articles on our blog.',
            link: { label: 'Browse resources', to: paths.resources },
          },
        ],
      },
    ],
    cta: { label: 'Compare support plans', to: paths.service('support') },
  },
  faq: {
    path: paths.faq,
    title: 'FAQ',
    heading: 'Frequently asked questions',
    description:
      'Answers to common questions about Salesforce implementation timelines, pricing, licences, data migration, HIPAA, training and support with Meridian Cloud Consulting.',
    intro:
      'The questions prospective clients ask us most often, answered plainly. Select a question to see its answer.',
    sections: [],
    blocks: faqGroups.map((group) => ({ kind: 'faq' as const, heading: group.heading, items: group.items })),
    cta: { label: 'Ask us anything else', to: paths.contact },
  },
  resources: {
    path: paths.resources,
    title: 'Resources',
    heading: 'Resources for Salesforce teams',
    description:
      'Guides, checklists, case studies and articles for Salesforce admins, developers and business owners from the Meridian Cloud Consulting team.',
    intro:
      'Practical material from our projects: what to prepare before an implementation, how to keep an org healthy afterwards, and what other companies measured.',
    sections: [],
    blocks: [
      {
        kind: 'cards',
        heading: 'Guides and checklists',
        cards: [
          {
            label: 'Checklist',
            title: 'Before your implementation starts',
            text: 'Name an owner for each process, list every system that holds customer data, and agree what success looks like in numbers. Our implementation page walks through each phase.',
            link: { label: 'How we run implementations', to: paths.service('salesforce-implementation') },
          },
          {
            label: 'Guide',
            title: 'Getting your data ready for AI',
            text: 'Predictions are only as good as the history behind them. See how we assess data readiness before any Einstein model is trained.',
            link: { label: 'Einstein AI services', to: paths.service('einstein-ai') },
          },
          {
            label: 'Checklist',
            title: 'Keeping an org healthy after go-live',
            text: 'Review unused fields and automation every quarter, test each Salesforce release in a sandbox, and keep admin documentation current.',
            link: { label: 'Salesforce support plans', to: paths.service('support') },
          },
          {
            label: 'Guide',
            title: 'Training your team',
            text: 'From end-user fundamentals to admin and developer certification, the programmes we run for client teams.',
            link: { label: 'Training programmes', to: paths.service('training') },
          },
        ],
      },
      {
        kind: 'cards',
        heading: 'Read and learn',
        cards: [
          {
            label: 'Blog',
            title: 'Articles from our consultants',
            text: 'Rollout planning, data migration, integration patterns and Lightning Web Components, written by the people who do the work.',
            link: { label: 'Read the blog', to: paths.blog },
          },
          {
            label: 'Case studies',
            title: 'Eighteen client stories',
            text: 'How companies like yours used Salesforce to answer faster, sell more and keep customers longer, with the figures they measured.',
            link: { label: 'Browse case studies', to: paths.caseStudies },
          },
          {
            label: 'FAQ',
            title: 'Questions, answered',
            text: 'Timelines, pricing, licences, HIPAA and support: the questions we hear most often.',
            link: { label: 'Read the FAQ', to: paths.faq },
          },
        ],
      },
    ],
    cta: { label: 'Ask a consultant', to: paths.contact },
  },
  testimonials: {
    path: paths.testimonials,
    title: 'Testimonials',
    heading: 'What our clients say',
    description:
      'What clients of Meridian Cloud Consulting say about working with our Salesforce consultants, developers and trainers, in their own words.',
    intro:
      'We measure ourselves by whether clients come back for the next project. Here is what the people we worked with said when each project was done.',
    sections: [],
    blocks: [
      {
        kind: 'quotes',
        heading: 'Client testimonials',
        slugs: [
          ...leadingTestimonials,
          ...caseStudySlugs.filter((slug) => !(leadingTestimonials as readonly string[]).includes(slug)),
        ],
      },
    ],
    cta: { label: 'Read the full stories', to: paths.caseStudies },
  },
} as const satisfies Record<string, ContentPageData>;
