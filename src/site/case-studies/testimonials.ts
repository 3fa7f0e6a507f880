// What each case-study client said, on its own so the testimonial and customer pages do not load
// the full case-study copy.
import type { CaseStudySlug } from './content';

export type Testimonial = {
  quote: string;
  author: string;
  position: string;
  /** Initials avatar: the people are fictional, so there are no photos. */
  avatar: { initials: string };
};

const avatar = (name: string) => ({
  initials: name
    .split(' ')
    .map((part) => part[0])
    .join('')
    .slice(0, 2),
});

export const caseStudyTestimonials: { readonly [Slug in CaseStudySlug]: Testimonial } = {
  'luxe-properties': {
    quote:
      'Our agents answer new inquiries in minutes instead of hours, and they actually like the mobile app. Buyers notice the difference on the first call.',
    author: 'Danielle Ortiz',
    position: 'Managing Broker, Luxe Properties',
    avatar: avatar('Danielle Ortiz'),
  },
  'coastal-developments': {
    quote:
      'For the first time, sales and marketing look at the same buyer. We knew which families were ready before they walked into the sales centre.',
    author: 'Marcus Bell',
    position: 'Director of Sales and Marketing, Coastal Developments',
    avatar: avatar('Marcus Bell'),
  },
  'metro-property-management': {
    quote:
      'Our coordinators used to spend their mornings sorting emails. Now they spend them solving the hard cases, and tenants can see exactly when someone is coming.',
    author: 'Priya Raman',
    position: 'VP of Operations, Metro Property Management',
    avatar: avatar('Priya Raman'),
  },
  'techforward-customer-lifetime-value': {
    quote:
      'We stopped guessing which customers to call. The model explains itself, so the account managers trust it and actually use the list.',
    author: 'Kevin Nguyen',
    position: 'Chief Revenue Officer, TechForward',
    avatar: avatar('Kevin Nguyen'),
  },
  'strategic-consulting-group': {
    quote:
      'The partners agreed on what a stage means, and Meridian built exactly that. Our forecast is now a number we can plan hiring on.',
    author: 'Elaine Foster',
    position: 'Managing Partner, Strategic Consulting Group',
    avatar: avatar('Elaine Foster'),
  },
  'retailnxt-customer-retention': {
    quote:
      'We finally notice when a good customer drifts away, and we do something about it the same week instead of the same year.',
    author: 'Hannah Price',
    position: 'Head of CRM, RetailNXT',
    avatar: avatar('Hannah Price'),
  },
  'global-financial-corp': {
    quote:
      'Compliance signed off on the whole template library once, and our advisors started nurturing prospects again. That alone paid for the project.',
    author: 'Robert Chen',
    position: 'Chief Operating Officer, Global Financial Corp',
    avatar: avatar('Robert Chen'),
  },
  'health-tech-innovations': {
    quote:
      'Ten weeks from kickoff to go-live, with our compliance team involved at every step. Our coordinators now see the whole patient in one place.',
    author: 'Dr. Alicia Morgan',
    position: 'Chief Clinical Officer, HealthTech Innovations',
    avatar: { initials: 'AM' },
  },
  'precision-manufacturing': {
    quote:
      'Every phase ended with something our planners could use, so nobody had to take the AI on faith. The forecast is now the first thing we look at each month.',
    author: 'James Whitaker',
    position: 'Director of Operations, Precision Manufacturing',
    avatar: avatar('James Whitaker'),
  },
  'luxehome-furnishings': {
    quote:
      'Our consultants love that online orders now count for them. The follow-up emails feel like they come from the person the customer met.',
    author: 'Sofia Marino',
    position: 'VP of Retail, LuxeHome Furnishings',
    avatar: avatar('Sofia Marino'),
  },
  'fashion-forward': {
    quote:
      'Our launches feel personal now. Customers see the pieces in their size and style first, and they tell us so.',
    author: 'Jasmine Carter',
    position: 'Director of E-commerce, Fashion Forward',
    avatar: avatar('Jasmine Carter'),
  },
  'tech-vision': {
    quote:
      'The workshops did as much as the technology. Sales and marketing now argue about the same numbers, and the numbers keep going up.',
    author: 'Omar Haddad',
    position: 'VP of Marketing, TechVision',
    avatar: avatar('Omar Haddad'),
  },
  'health-plus': {
    quote:
      'Our agents stopped juggling three systems. Members get an answer on the first call, and our agents go home less tired.',
    author: 'Theresa Lang',
    position: 'VP of Member Services, HealthPlus',
    avatar: avatar('Theresa Lang'),
  },
  'retail-max': {
    quote:
      'A member is a member now, in the store or online. That sounds simple, but it took a real partner to get 2.3 million records right.',
    author: 'Derek Lawson',
    position: 'Chief Marketing Officer, RetailMax',
    avatar: avatar('Derek Lawson'),
  },
  'tech-solutions': {
    quote:
      'Our website used to be a brochure. Now it books assessments for us, and we know which visitors to call first.',
    author: 'Brian Walsh',
    position: 'President, Tech Solutions Inc.',
    avatar: avatar('Brian Walsh'),
  },
  'global-tech': {
    quote:
      'The weekend cut-over was uneventful, which is the best thing you can say about a migration. Then the recommendations started paying for it.',
    author: 'Stefan Keller',
    position: 'CIO, GlobalTech',
    avatar: avatar('Stefan Keller'),
  },
  'cloudminds-solutions': {
    quote:
      'Last year we found out about churn at renewal. This year we saw it coming in the spring and saved most of those accounts.',
    author: 'Natalie Brooks',
    position: 'VP of Customer Success, CloudMinds Solutions',
    avatar: avatar('Natalie Brooks'),
  },
  'dataflow-systems': {
    quote:
      'Renewals used to be a scramble in the last month. Now they are a process that starts four months out, and finance trusts the number.',
    author: 'Carlos Mendez',
    position: 'Chief Customer Officer, DataFlow Systems',
    avatar: avatar('Carlos Mendez'),
  },
};
