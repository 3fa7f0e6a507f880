// Search over the whole archive through the site server's search endpoint:
//   GET /api/search?q=<text>&limit=<n>&skip=<n> → 200 { items: PostTeaser[], total, skip, limit, hasNextPage }
// Injected into the content API from here, a module only the blog listing's chunk imports, so the
// search adds nothing to any page's first-load code. Like every read of posts, its cache entry
// keeps the results' ids and the entity slice their cards (normalized.ts). Every search text has
// its own cache entry, and a component reads only the entry of the text it shows, so a slow answer
// to an earlier keystroke never replaces a later one's. Like every read, a failed search is
// retried once (docs/requirements.md#data-fetching), and a failure shows the spec's 'Failed to search posts'.
import { BLOG_PAGE_SIZE } from '../../shared/paths';
import type { Page, PostTeaser } from '../../content/model';
import { LISTING_ERRORS, blogApi } from './blogApi';
import type { ContentError } from './blogApi';
import { pageRead } from './normalized';
import type { IdPage, Read } from './normalized';

export interface SearchArg {
  query: string;
  limit?: number;
  skip?: number;
}

export const SEARCH_ENDPOINT = '/api/search';

const RETRIES = 1;

/** The endpoint's URL for one page of results (relative: the site's own server answers it). */
export const searchUrl = ({ query, limit = BLOG_PAGE_SIZE, skip = 0 }: SearchArg): string =>
  `${SEARCH_ENDPOINT}?q=${encodeURIComponent(query)}&limit=${limit}&skip=${skip}`;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Enough of a teaser for a card to render it: what the card reads, of the right types. */
const isTeaser = (value: unknown): value is PostTeaser =>
  isRecord(value) &&
  typeof value.id === 'string' &&
  typeof value.slug === 'string' &&
  typeof value.title === 'string' &&
  typeof value.excerpt === 'string' &&
  typeof value.publishDate === 'string' &&
  Array.isArray(value.authors) &&
  Array.isArray(value.tags);

const isTeaserPage = (value: unknown): value is Page<PostTeaser> =>
  isRecord(value) &&
  Array.isArray(value.items) &&
  value.items.every(isTeaser) &&
  typeof value.total === 'number' &&
  typeof value.skip === 'number' &&
  typeof value.limit === 'number' &&
  typeof value.hasNextPage === 'boolean';

type SearchResult = Read<IdPage> | { error: ContentError };

async function fetchSearch(arg: SearchArg, signal: AbortSignal): Promise<SearchResult> {
  const failed = { error: { message: LISTING_ERRORS.search } };
  // Only a browser searches: the prerender never renders a search (its state has no query), and
  // nothing must reach the network from Node should one ever be started there.
  if (typeof window === 'undefined' || typeof fetch !== 'function') return failed;
  for (let attempt = 0; attempt <= RETRIES; attempt += 1) {
    try {
      const response = await fetch(searchUrl(arg), { signal, headers: { accept: 'application/json' } });
      if (response.ok) {
        const body: unknown = await response.json();
        return isTeaserPage(body) ? pageRead(body) : failed;
      }
      // A refused request (4xx) will be refused again; a server error may pass on the retry.
      if (response.status < 500) return failed;
    } catch {
      if (signal.aborted) return failed;
    }
  }
  return failed;
}

export const searchApi = blogApi.injectEndpoints({
  endpoints: (build) => ({
    searchPosts: build.query<IdPage, SearchArg>({
      queryFn: (arg, api) => fetchSearch(arg, api.signal),
      providesTags: [{ type: 'Post', id: 'LIST' }],
    }),
  }),
});

export const { useSearchPostsQuery } = searchApi;
