// The route table of docs/requirements.md#route-table, written out independently of the app's own route code.

export const serviceSlugs = [
  'sales-cloud',
  'service-cloud',
  'marketing-cloud',
  'experience-cloud',
  'pardot',
  'einstein-ai',
  'salesforce-implementation',
  'custom-salesforce-solutions',
  'salesforce-consulting',
  'strategic-digital-marketing',
  'web-design',
  'mobile-development',
  'training',
  'support',
] as const;

/** Service pages that docs/requirements.md#route-table only lists as "links also seen". */
export const linkedServiceSlugs = ['healthcare', 'customer-success'] as const;

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

export const contentPages = [
  '/careers',
  '/contact',
  '/customers',
  '/company',
  '/about',
  '/support',
  '/faq',
  '/resources',
  '/testimonials',
] as const;

export const internalPages = ['/debug', '/test-rotating-text'] as const;
export const legalPages = ['/privacy-policy', '/terms-of-service'] as const;

/** Alias path → the canonical path whose page it shows. */
export const aliases: Readonly<Record<string, string>> = {
  '/case-studies/index': '/case-studies',
  '/case-studies/healthtech-innovations': '/case-studies/health-tech-innovations',
  '/case-studies/precisionmanufacturing-inc': '/case-studies/precision-manufacturing',
};

/** Every distinct page of the table (no aliases). */
export const canonicalRoutes: readonly string[] = [
  '/',
  '/services',
  ...serviceSlugs.map((slug) => `/services/${slug}`),
  ...linkedServiceSlugs.map((slug) => `/services/${slug}`),
  '/industries',
  '/case-studies',
  ...caseStudySlugs.map((slug) => `/case-studies/${slug}`),
  '/blog',
  ...contentPages,
  ...internalPages,
  ...legalPages,
];

export const aliasRoutes: readonly string[] = Object.keys(aliases);

/** Every path that must answer 200 with its own prerendered page. */
export const allRoutes: readonly string[] = [...canonicalRoutes, ...aliasRoutes];

/** Pages that must not appear in the sitemap. */
export const unlistedInSitemap = ['/debug', '/test-rotating-text', '/case-studies/index'] as const;

export const UNKNOWN_PATH = '/this/does/not/exist';
