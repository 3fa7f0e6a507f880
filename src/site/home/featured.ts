// The services the home page's pager features. Apart from content.ts, whose copy is for the sections
// below the pager: this is all of the home page's data that its first-load chunk needs.
import type { ServiceSlug } from '../services/catalog';

/** 'What can we do for you?': six services, shown three at a time. */
export const featuredServiceSlugs = [
  'salesforce-implementation',
  'salesforce-consulting',
  'custom-salesforce-solutions',
  'training',
  'support',
  'strategic-digital-marketing',
] as const satisfies readonly ServiceSlug[];
