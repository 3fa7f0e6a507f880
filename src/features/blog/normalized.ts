// One home for each post (docs/architecture.md#the-blog): a read's cache entry keeps only the ids of
// the posts it returned (and a post page only what its card lacks), while the posts themselves
// travel once, as cards, in the meta of the read's fulfilled action, from which the entity slice
// (entities.ts) stores them. Ids and cards land in the same action, so no render sees one without
// the other, and nothing is stored twice.
import type { BlogPost, Page, PostPage, PostTeaser } from '../../content/model';
import { toPostPage, toPostTeaser } from '../../content/model';

/** A page of posts as its read's cache entry keeps it: the posts' ids, in the order read. */
export type IdPage = Omit<Page<PostTeaser>, 'items'> & { ids: string[] };

/**
 * A post page as its read's cache entry keeps it: what the page renders beyond the post's card,
 * which is in the entity slice under the same id (selectors.ts `selectPostPage` puts them together).
 */
export type PostPageRecord = Pick<PostPage, 'id' | 'rawContent' | 'bodyHtml' | 'tocItems'>;

/** The meta of a read that returned posts: their cards, for the entity slice. */
export interface CardsMeta {
  cards: PostTeaser[];
}

/** What a read keeps in its cache entry, and the cards its fulfilled action carries. */
export interface Read<T> {
  data: T;
  meta?: CardsMeta;
}

/** A list of posts read: their ids kept, their cards carried. */
export function listRead(posts: readonly PostTeaser[]): Read<string[]> {
  const cards = posts.map(toPostTeaser);
  return { data: cards.map((card) => card.id), meta: { cards } };
}

/** A page of posts read: its ids and counts kept, its cards carried. */
export function pageRead({ items, ...page }: Page<PostTeaser>): Read<IdPage> {
  const { data: ids, meta } = listRead(items);
  return { data: { ...page, ids }, meta };
}

/** A post read for its page: the parts its card lacks kept, the card carried (null: no such post). */
export function postPageRead(post: BlogPost | null): Read<PostPageRecord | null> {
  if (!post) return { data: null };
  const { rawContent, bodyHtml, tocItems, ...card } = toPostPage(post);
  return { data: { id: card.id, rawContent, bodyHtml, tocItems }, meta: { cards: [card] } };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The cards a fulfilled read carries in its meta (`baseQueryMeta`), or undefined for any other action. */
export function cardsCarriedBy(action: unknown): readonly PostTeaser[] | undefined {
  if (!isRecord(action) || !isRecord(action.meta) || action.meta.requestStatus !== 'fulfilled') return undefined;
  const meta = action.meta.baseQueryMeta;
  return isRecord(meta) && Array.isArray(meta.cards) ? (meta.cards as PostTeaser[]) : undefined;
}
