// Copy for the company and content pages, rendered by one ContentPage template.
import { paths } from '../../app/paths';

export type ContentSection = { heading: string; text: string };

export type ContentPageData = {
  path: string;
  /** Document title (the site name is appended). */
  title: string;
  heading: string;
  description: string;
  intro: string;
  sections: readonly ContentSection[];
  cta: { label: string; to: string };
};

const contactCta = { label: 'Talk to a consultant', to: paths.contact };

export const contentPages = {
  industries: {
    path: paths.industries,
    title: 'Industries',
    heading: 'Salesforce solutions for your industry',
    description:
      'Salesforce implementations for real estate, healthcare, financial services, manufacturing, retail and technology companies, built around the way each industry works.',
    intro:
      'Every industry bends the CRM in its own direction. We bring data models, compliance know-how and proven workflows for the sectors we serve most.',
    sections: [
      {
        heading: 'Real estate and property management',
        text: 'Lead routing for brokerages, buyer portals for developers and tenant service for property managers.',
      },
      {
        heading: 'Healthcare',
        text: 'Health Cloud for providers, payers and health-tech companies, with HIPAA safeguards built in from the first sprint.',
      },
      {
        heading: 'Financial services',
        text: 'A compliant client 360 for advisors, with audit trails and consent tracking regulators expect.',
      },
      {
        heading: 'Manufacturing, retail and technology',
        text: 'Demand forecasting, connected commerce journeys and customer success programmes for subscription software.',
      },
    ],
    cta: contactCta,
  },
  careers: {
    path: paths.careers,
    title: 'Careers',
    heading: 'Build a career in Salesforce consulting',
    description:
      'Join Meridian Cloud Consulting in Raleigh or remotely: Salesforce admins, developers, architects and consultants who like solving real business problems.',
    intro:
      'We are a team of certified admins, developers, architects and consultants who care about shipping work our clients can run on their own. We hire for curiosity and teach the rest.',
    sections: [
      {
        heading: 'How we work',
        text: 'Small delivery teams, a senior reviewer on every project, and no one is asked to estimate work they have not seen.',
      },
      {
        heading: 'Growth',
        text: 'Paid certification exams, study time during the week and a mentor for each new consultant.',
      },
      {
        heading: 'Benefits',
        text: 'Health, dental and vision cover, a 401(k) match, flexible hours and a hybrid office in downtown Raleigh.',
      },
    ],
    cta: { label: 'Send us your CV', to: paths.contact },
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
      'Meridian Cloud Consulting works with real estate firms, health-tech companies, manufacturers, retailers and software companies across North America.',
    intro:
      'Our clients range from twenty-person brokerages to multi-org enterprises. What they share is a clear goal for Salesforce and a wish to own the result.',
    sections: [
      {
        heading: 'Growing companies',
        text: 'First implementations done properly, with a data model that will still fit in five years.',
      },
      {
        heading: 'Established Salesforce users',
        text: 'Org clean-ups, consolidations and the features that were bought but never switched on.',
      },
    ],
    cta: { label: 'Read the case studies', to: paths.caseStudies },
  },
  company: {
    path: paths.company,
    title: 'Company',
    heading: 'A Salesforce partner built for the long run',
    description:
      'Meridian Cloud Consulting: twelve years of Salesforce implementation, consulting and support from Raleigh, North Carolina.',
    intro:
      'For more than twelve years we have implemented and supported Salesforce for companies that need it to work on Monday morning, not just on go-live day.',
    sections: [
      {
        heading: 'What we believe',
        text: 'Configuration before code, adoption before features, and documentation that outlives the project.',
      },
      {
        heading: 'By the numbers',
        text: '100+ certified experts, 300+ projects delivered and clients in 15+ industries.',
      },
    ],
    cta: contactCta,
  },
  about: {
    path: paths.about,
    title: 'About Us',
    heading: 'About Meridian Cloud Consulting',
    description:
      'Who we are: a Raleigh-based Salesforce consulting partner with 100+ certified experts helping businesses implement, extend and support Salesforce.',
    intro:
      'Meridian Cloud Consulting started as three Salesforce admins who were tired of projects that ended at go-live. Today more than a hundred of us do the same work with the same rule: leave every client able to run their own org.',
    sections: [
      {
        heading: 'Our team',
        text: 'Admins, developers, architects, marketers and trainers, holding more than 400 Salesforce certifications between them.',
      },
      { heading: 'Where we work', text: 'From our Raleigh office and remotely across the United States and Canada.' },
    ],
    cta: { label: 'Meet us', to: paths.contact },
  },
  support: {
    path: paths.support,
    title: 'Support',
    heading: 'Help when you need it',
    description:
      'Support for Meridian Cloud Consulting clients: how to reach the support desk, response times by plan, and where to find answers.',
    intro:
      'Existing clients reach our support desk by email or phone. Response times follow your plan; critical issues on Enterprise plans get an answer within four hours, around the clock.',
    sections: [
      {
        heading: 'Raise a request',
        text: 'Email support@example.com with your org name and a description of the issue, or call +1 (919) 555-0142.',
      },
      {
        heading: 'Not a client yet?',
        text: 'Compare the Essential, Premium and Enterprise plans on our Salesforce support page.',
      },
    ],
    cta: { label: 'Compare support plans', to: paths.service('support') },
  },
  faq: {
    path: paths.faq,
    title: 'FAQ',
    heading: 'Frequently asked questions',
    description:
      'Answers to common questions about Salesforce implementation timelines, costs, licences, data migration, training and support with Meridian Cloud Consulting.',
    intro: 'The questions prospective clients ask us most often, answered plainly.',
    sections: [
      {
        heading: 'How long does an implementation take?',
        text: 'A focused Sales Cloud or Service Cloud rollout usually takes 8 to 14 weeks; multi-cloud programmes are planned in phases.',
      },
      {
        heading: 'Do you sell Salesforce licences?',
        text: 'No. You buy licences from Salesforce; we help you choose the right editions and avoid paying for what you will not use.',
      },
      {
        heading: 'Can you take over an existing org?',
        text: 'Yes. We start with a health check, fix what is risky, and then support and extend the org.',
      },
    ],
    cta: { label: 'Ask us anything else', to: paths.contact },
  },
  resources: {
    path: paths.resources,
    title: 'Resources',
    heading: 'Resources for Salesforce teams',
    description:
      'Guides, checklists and articles for Salesforce admins, developers and business owners from the Meridian Cloud Consulting team.',
    intro:
      'Practical material from our projects: what to prepare before an implementation, and how to keep an org healthy afterwards.',
    sections: [
      { heading: 'Blog', text: 'Articles on Salesforce AI, strategy and integration written by our consultants.' },
      {
        heading: 'Client stories',
        text: 'How companies like yours used Salesforce to answer faster, sell more and keep customers longer.',
      },
    ],
    cta: { label: 'Read the blog', to: paths.blog },
  },
  testimonials: {
    path: paths.testimonials,
    title: 'Testimonials',
    heading: 'What our clients say',
    description:
      'What clients of Meridian Cloud Consulting say about working with our Salesforce consultants, developers and trainers.',
    intro: 'We measure ourselves by whether clients come back for the next project. Most do.',
    sections: [
      {
        heading: 'Luxe Properties',
        text: '“Our agents answer new inquiries in minutes instead of hours, and they actually like the mobile app.”',
      },
      {
        heading: 'HealthTech Innovations',
        text: '“Ten weeks from kickoff to go-live, with our compliance team involved at every step.”',
      },
    ],
    cta: { label: 'Read the full stories', to: paths.caseStudies },
  },
} as const satisfies Record<string, ContentPageData>;

export type ContentPageKey = keyof typeof contentPages;
