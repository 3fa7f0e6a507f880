// Which paths are counted as page views.

/**
 * Page views are not sent for these paths (docs/requirements.md#page-view-exclusions). The match is a plain prefix, so
 * /privacy-policy and /terms-of-service are excluded along with /privacy and /terms and every
 * sub-path: legal pages are read to decide about tracking and are not worth measuring.
 */
export const excludedPathPrefixes = ['/privacy', '/terms', '/admin', '/debug', '/offline'] as const;

export const isExcludedPath = (path: string): boolean => excludedPathPrefixes.some((prefix) => path.startsWith(prefix));
