// The blog listing's pages (paths.ts: /blog, /blog/page/N, /blog/category/:category[/page/N],
// /blog/tag/:tag[/page/N]) as data: which category or tag a URL names, the read of its 12 cards,
// whether the page exists, and its metadata. Shared by the page, its meta and its prefetch, so all
// three agree on every answer (and on the cache key of every read).
import { siteConfig } from '../../shared/config';
import { absoluteUrl, notFoundMeta } from '../../shared/meta';
import type { PageMeta } from '../../shared/meta';
import { BLOG_PAGE_SIZE, paths } from '../../shared/paths';
import type { RootState } from '../../shared/hooks';
import type { Category, Tag } from '../../content/model';
import { LISTING_ERRORS, blogApi } from './blogApi';
import type { PostsArg } from './blogApi';
import { listingPostsQuery } from './queries';

/** One page of the blog listing: all posts, or one category's or tag's (by slug). */
export type BlogListing =
  | { kind: 'all'; page: number }
  | { kind: 'category'; slug: string; page: number }
  | { kind: 'tag'; slug: string; page: number };

export const blogListingPath = (listing: BlogListing): string => {
  switch (listing.kind) {
    case 'category':
      return paths.blogCategory(listing.slug, listing.page);
    case 'tag':
      return paths.blogTag(listing.slug, listing.page);
    default:
      return paths.blogPage(listing.page);
  }
};

/**
 * The page number of a listing URL: 1 without a `:page`; otherwise only the canonical spelling of a
 * number from 2 on ("2", never "02", "1" or "2.0"), else null (not found), so no page has two URLs.
 */
export function blogPageNumber(param: string | undefined): number | null {
  if (param === undefined) return 1;
  if (!/^[1-9][0-9]{0,8}$/.test(param)) return null;
  const page = Number(param);
  return page >= 2 ? page : null;
}

/** The listing a route's parameters name (`:category`, `:tag`, `:page`), or null for a page that cannot exist. */
export function blogListingOf(params: Readonly<Record<string, string | undefined>>): BlogListing | null {
  const page = blogPageNumber(params.page);
  if (page === null) return null;
  if (params.category !== undefined) return params.category ? { kind: 'category', slug: params.category, page } : null;
  if (params.tag !== undefined) return params.tag ? { kind: 'tag', slug: params.tag, page } : null;
  return { kind: 'all', page };
}

export type ListingTerm = Category | Tag;

export type ListingResolution =
  /** The category or tag list has not loaded yet. */
  | { status: 'pending' }
  /** No category or tag has this slug: not found. */
  | { status: 'unknown' }
  /** The page's read: its category or tag (null for every post), and its cards' query. */
  | { status: 'found'; term: ListingTerm | null; arg: PostsArg };

/**
 * The category or tag a listing names, matched by slug case-insensitively (docs/requirements.md#case-insensitive-filters),
 * and the query of its page's cards, which filters by the term's id as the content source does.
 */
export function resolveListing(
  listing: BlogListing,
  categories: readonly Category[] | undefined,
  tags: readonly Tag[] | undefined,
): ListingResolution {
  if (listing.kind === 'all') return { status: 'found', term: null, arg: listingPostsQuery(listing.page) };
  const terms = listing.kind === 'category' ? categories : tags;
  if (!terms) return { status: 'pending' };
  const slug = listing.slug.toLowerCase();
  const term = terms.find((candidate) => candidate.slug.toLowerCase() === slug);
  if (!term) return { status: 'unknown' };
  const filter = listing.kind === 'category' ? { category: term.id } : { tag: term.id };
  return { status: 'found', term, arg: listingPostsQuery(listing.page, filter) };
}

// What a listing page says when a read it needs fails without a message of its own (a failure's own
// message always wins: docs/requirements.md#listing-errors "the thrown message or one of …").

/** The page's cards: of its category, of its tag, or of every post. */
export const cardsReadError = (listing: BlogListing): string =>
  listing.kind === 'category'
    ? LISTING_ERRORS.postsByCategory
    : listing.kind === 'tag'
      ? LISTING_ERRORS.postsByTag
      : LISTING_ERRORS.posts;

/**
 * The list a category or tag page finds its term in: without it the page cannot filter the posts by
 * that term. With the other list failed as well (no chips either), the page has none of the data it
 * starts from.
 */
export const termsReadError = (listing: BlogListing, otherListFailed: boolean): string => {
  if (otherListFailed) return LISTING_ERRORS.initialData;
  return listing.kind === 'tag' ? LISTING_ERRORS.filterByTag : LISTING_ERRORS.filterByCategory;
};

/** The listing's last page: 1 for an empty listing, whose first page still exists (it says so). */
export const lastPageOf = (total: number): number => Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE));

/** Pages after the first carry the trending aside; /blog itself leads with the newest posts. */
export const showsTrending = (listing: BlogListing): boolean => listing.kind !== 'all' || listing.page > 1;

/** The listing at the URL of `term`'s own slug (the canonical spelling of a slug matched loosely). */
export const canonicalListing = (listing: BlogListing, term: ListingTerm | null): BlogListing =>
  listing.kind === 'all' || !term ? listing : { ...listing, slug: term.slug };

const pageSuffix = (page: number) => (page > 1 ? ` – page ${page}` : '');

/** The listing's name: "Blog – page 2", "Category: Salesforce AI", "Tag: Apex – page 3". */
export function listingTitle(listing: BlogListing, term: ListingTerm | null): string {
  const name = term?.name ?? (listing.kind === 'all' ? '' : listing.slug);
  switch (listing.kind) {
    case 'category':
      return `Category: ${name}${pageSuffix(listing.page)}`;
    case 'tag':
      return `Tag: ${name}${pageSuffix(listing.page)}`;
    default:
      return `Blog${pageSuffix(listing.page)}`;
  }
}

export const BLOG_DESCRIPTION =
  'Salesforce insights from Meridian Cloud Consulting: AI, platform strategy, integration and practical advice from real implementation projects.';

function listingDescription(listing: BlogListing, term: ListingTerm | null): string {
  const page = listing.page > 1 ? ` Page ${listing.page}.` : '';
  const name = term?.name ?? (listing.kind === 'all' ? '' : listing.slug);
  switch (listing.kind) {
    case 'category': {
      const own = term && 'description' in term ? (term.description?.trim() ?? '') : '';
      return `${own || `Salesforce articles on ${name} from ${siteConfig.name}: practical advice from real implementation projects.`}${page}`;
    }
    case 'tag':
      return `Salesforce articles tagged ${name} from ${siteConfig.name}: practical advice from real implementation projects.${page}`;
    default:
      return `${BLOG_DESCRIPTION}${page}`;
  }
}

export function listingMeta(listing: BlogListing, term: ListingTerm | null): PageMeta {
  const canonical = canonicalListing(listing, term);
  const meta: PageMeta = {
    title: listingTitle(listing, term),
    description: listingDescription(listing, term),
    canonicalPath: blogListingPath(canonical),
  };
  if (listing.kind !== 'all' || listing.page > 1) return meta;
  return {
    ...meta,
    title: 'Blog',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Blog',
      name: `${siteConfig.name} blog`,
      url: absoluteUrl(paths.blog),
      publisher: { '@type': 'Organization', name: siteConfig.name },
    },
  };
}

const selectCategories = blogApi.endpoints.getCategories.select(undefined);
const selectTags = blogApi.endpoints.getTags.select(undefined);

/** The listing page's metadata from the store: not found for an unknown term or a page past the last. */
export function listingMetaOf(params: Readonly<Record<string, string | undefined>>, state: RootState): PageMeta {
  const listing = blogListingOf(params);
  if (!listing) return notFoundMeta;
  const resolution = resolveListing(listing, selectCategories(state).data?.items, selectTags(state).data?.items);
  if (resolution.status === 'unknown') return notFoundMeta;
  if (resolution.status === 'pending') return listingMeta(listing, null);
  const cards = blogApi.endpoints.getPostTeasers.select(resolution.arg)(state).data;
  if (cards && listing.page > lastPageOf(cards.total)) return notFoundMeta;
  return listingMeta(listing, resolution.term);
}
