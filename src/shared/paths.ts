// Every route path of the site, defined once. Components build links with these helpers.

/** Posts on one page of the blog listing (/blog, its category and tag pages). */
export const BLOG_PAGE_SIZE = 12;

/** `/page/N` for pages after the first; page 1 is the listing's own path. */
const pageSuffix = (page: number) => (page > 1 ? `/page/${page}` : '');

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
  /** Page `page` of the whole listing: /blog, /blog/page/2, … */
  blogPage: (page: number) => `/blog${pageSuffix(page)}`,
  /** Page `page` of one category's posts (by the category's slug). */
  blogCategory: (slug: string, page = 1) => `/blog/category/${encodeURIComponent(slug)}${pageSuffix(page)}`,
  /** Page `page` of one tag's posts (by the tag's slug). */
  blogTag: (slug: string, page = 1) => `/blog/tag/${encodeURIComponent(slug)}${pageSuffix(page)}`,
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
  // The listing's pages. Page 1 has no `/page/1` URL of its own: those redirect to the listing's
  // path (a static `1` outranks `:page`), and any other spelling of a number is not found.
  blogPage: '/blog/page/:page',
  blogPageOne: '/blog/page/1',
  blogCategory: '/blog/category/:category',
  blogCategoryPage: '/blog/category/:category/page/:page',
  blogCategoryPageOne: '/blog/category/:category/page/1',
  blogTag: '/blog/tag/:tag',
  blogTagPage: '/blog/tag/:tag/page/:page',
  blogTagPageOne: '/blog/tag/:tag/page/1',
} as const;

/** Old or misspelled case-study slugs that show the same page as their canonical slug. */
export const caseStudySlugAliases: Readonly<Record<string, string>> = {
  'healthtech-innovations': 'health-tech-innovations',
  'precisionmanufacturing-inc': 'precision-manufacturing',
};

/** Internal pages: rendered and reachable, but `noindex` and never in the sitemap. */
export const internalPaths: readonly string[] = [paths.debug, paths.testRotatingText];
