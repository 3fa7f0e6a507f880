// Every route path of the site, defined once. Components build links with these helpers.

export const paths = {
  home: '/',
  services: '/services',
  service: (slug: string) => `/services/${slug}`,
  industries: '/industries',
  caseStudies: '/case-studies',
  caseStudy: (slug: string) => `/case-studies/${slug}`,
  /** The case-study index filtered to one industry. */
  caseStudiesIn: (industry: string) => `/case-studies?${new URLSearchParams({ industry }).toString()}`,
  blog: '/blog',
  blogPost: (slug: string) => `/blog/${encodeURIComponent(slug)}`,
  careers: '/careers',
  contact: '/contact',
  contactWith: (query: Record<string, string>) => `/contact?${new URLSearchParams(query).toString()}`,
  customers: '/customers',
  company: '/company',
  about: '/about',
  support: '/support',
  faq: '/faq',
  resources: '/resources',
  testimonials: '/testimonials',
  debug: '/debug',
  testRotatingText: '/test-rotating-text',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
} as const;

/** Route patterns for the router (the `:param` forms of the helpers above). */
export const patterns = {
  service: '/services/:slug',
  caseStudiesIndexAlias: '/case-studies/index',
  caseStudy: '/case-studies/:slug',
  blogPost: '/blog/:slug',
  legacyBlogPost: '/blogs/:slug',
} as const;

/** Old or misspelled case-study slugs that show the same page as their canonical slug. */
export const caseStudySlugAliases: Readonly<Record<string, string>> = {
  'healthtech-innovations': 'health-tech-innovations',
  'precisionmanufacturing-inc': 'precision-manufacturing',
};

/** Internal pages: rendered and reachable, but `noindex` and never in the sitemap. */
export const internalPaths: readonly string[] = [paths.debug, paths.testRotatingText];
