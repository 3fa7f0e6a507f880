// The Content Delivery API shapes this layer reads, as plain structural types: responses come from
// the SDK (links already resolved), from recorded JSON (links + includes) or from the simulator.

export interface CdaLinkSys {
  type: 'Link';
  linkType: string;
  id: string;
}

export interface CdaLink {
  sys: CdaLinkSys;
}

export interface CdaSys {
  id: string;
  type: string;
  contentType?: { sys: { id: string; type?: string; linkType?: string } };
  createdAt?: string;
  updatedAt?: string;
  revision?: number;
  locale?: string;
  space?: CdaLink;
  environment?: CdaLink;
}

export interface CdaEntry {
  sys: CdaSys;
  fields: Record<string, unknown>;
  metadata?: unknown;
}

export interface CdaAssetFile {
  url?: string;
  fileName?: string;
  contentType?: string;
  details?: { size?: number; image?: { width?: number; height?: number } };
}

export interface CdaIncludes {
  Entry?: readonly unknown[];
  Asset?: readonly unknown[];
}

/** A CDA Array: `GET /entries`, `/assets`, `/content_types`. Items stay `unknown` until validated. */
export interface CdaCollection {
  sys?: { type: string };
  total: number;
  skip: number;
  limit: number;
  items: readonly unknown[];
  includes?: CdaIncludes;
  errors?: readonly unknown[];
}

export type CdaQueryValue = string | number | boolean | readonly (string | number)[];

/** A getEntries query: flat keys such as 'fields.slug' or 'fields.publishDate[gte]'. */
export type CdaQuery = Record<string, CdaQueryValue | undefined>;

/** The content type ids of content-model.json. */
export const CONTENT_TYPES = {
  blogPost: 'blogpost',
  author: 'author',
  category: 'category',
  tag: 'tag',
} as const;
