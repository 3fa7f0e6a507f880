// The navigation lists that name services: the mega-menu, the mobile menu's services and the footer's
// columns. Only the lazily loaded menus (TopBarMenus.tsx) and footer import this module, so the
// service catalog stays out of the first-load code the top bar needs.
import { services } from '../../site/services/catalog';
import { paths } from '../../shared/paths';
import type { NavLink } from './navigation';

const serviceLink = (slug: string): NavLink => {
  const service = services.find((s) => s.slug === slug);
  return { label: service ? service.title : slug, to: paths.service(slug) };
};

export const megaMenu = {
  platform: {
    heading: 'Platform solutions',
    links: ['sales-cloud', 'service-cloud', 'marketing-cloud', 'experience-cloud', 'pardot', 'healthcare'].map(
      serviceLink,
    ),
  },
  digital: {
    heading: 'Digital services',
    links: [
      'salesforce-implementation',
      'salesforce-consulting',
      'custom-salesforce-solutions',
      'strategic-digital-marketing',
      'web-design',
      'mobile-development',
      'training',
      'support',
    ].map(serviceLink),
  },
  featured: {
    eyebrow: 'Featured',
    title: 'Put Einstein AI to work',
    text: 'Predictive scoring, next best actions and assistants grounded in your own Salesforce data.',
    link: serviceLink('einstein-ai'),
  },
};

export const footerColumns: { heading: string; links: NavLink[] }[] = [
  {
    heading: 'Company',
    links: [
      { label: 'About us', to: paths.about },
      { label: 'Company', to: paths.company },
      { label: 'Careers', to: paths.careers },
      { label: 'Customers', to: paths.customers },
      { label: 'Testimonials', to: paths.testimonials },
      { label: 'Contact', to: paths.contact },
    ],
  },
  {
    heading: 'Services',
    links: [
      { label: 'All services', to: paths.services },
      serviceLink('salesforce-implementation'),
      serviceLink('salesforce-consulting'),
      serviceLink('custom-salesforce-solutions'),
      serviceLink('training'),
      serviceLink('support'),
    ],
  },
  {
    heading: 'Products',
    links: ['sales-cloud', 'service-cloud', 'marketing-cloud', 'experience-cloud', 'pardot', 'einstein-ai'].map(
      serviceLink,
    ),
  },
  {
    heading: 'Resources',
    links: [
      { label: 'Blog', to: paths.blog },
      { label: 'Case studies', to: paths.caseStudies },
      { label: 'Industries', to: paths.industries },
      { label: 'Resources', to: paths.resources },
      { label: 'FAQ', to: paths.faq },
      { label: 'Support', to: paths.support },
    ],
  },
];
