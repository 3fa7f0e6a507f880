// A live mirror of the published space (issue #18), for the site server: Contentful's Sync API read
// once in full (`initial`), then only the changes since the stored `nextSyncToken`. Each sync page is
// one request through the same 60-a-minute limiter and retry wrapper as every other read, so a
// 10,000-post space costs a few dozen requests to mirror and one request per change after that.
//
// The mirror answers the bulk list reads of the snapshot source (snapshot.ts) from memory, in the
// delivery API's shape (one locale, links plus `includes`), so pages rendered from it read exactly
// what the build reads. A sync is applied whole or not at all: readers never see half a delta.
import { createClient } from 'contentful';
import type { CdaCollection, CdaEntry, CdaQuery } from './cdaTypes';
import { buildClientParams, CLIENT_DEFAULTS } from './client';
import type { ContentfulClientConfig } from './client';
import { toContentfulError, isObject } from '../resilience/contentfulError';
import { RateLimiter } from '../resilience/rateLimiter';
import type { RetryOptions } from '../resilience/retry';
import { withRetry } from '../resilience/retry';

export const MIRROR_DEFAULTS = {
  /** Items a sync page: the Sync API's largest page. */
  syncPageSize: 1000,
} as const;

/** What one sync page holds, as the SDK returns it with `paginate: false, withoutLinkResolution: true`. */
export interface SyncPage {
  entries?: readonly unknown[];
  assets?: readonly unknown[];
  deletedEntries?: readonly unknown[];
  deletedAssets?: readonly unknown[];
  nextPageToken?: string;
  nextSyncToken?: string;
}

export type SyncQuery = { initial: true; limit: number } | { nextPageToken: string } | { nextSyncToken: string };

/** Reads one page of the Sync API. */
export type SyncReader = (query: SyncQuery) => Promise<SyncPage>;

/** What a sync changed: the ids of entries and assets published, edited or removed since the last one. */
export interface MirrorDelta {
  initial: boolean;
  entries: ReadonlySet<string>;
  assets: ReadonlySet<string>;
  /** The content type of each changed entry, before or after the change (null when unknown). */
  entryTypes: ReadonlyMap<string, string | null>;
}

export interface MirrorOptions {
  /** The locale the delivery API would answer in; 'en-US' by default. */
  locale?: string;
  syncPageSize?: number;
}

const sysId = (item: unknown): string | undefined =>
  isObject(item) && isObject(item.sys) && typeof item.sys.id === 'string' ? item.sys.id : undefined;

const contentTypeId = (entry: CdaEntry | undefined): string | null => entry?.sys.contentType?.sys.id ?? null;

/** Every link a value holds (fields, rich-text nodes), in order. */
function collectLinks(value: unknown, found: { linkType: string; id: string }[]): void {
  if (Array.isArray(value)) {
    for (const item of value) collectLinks(item, found);
    return;
  }
  if (!isObject(value)) return;
  const sys = value.sys;
  if (isObject(sys) && sys.type === 'Link' && typeof sys.id === 'string' && typeof sys.linkType === 'string') {
    found.push({ linkType: sys.linkType, id: sys.id });
    return;
  }
  for (const child of Object.values(value)) collectLinks(child, found);
}

/** Dates (ISO strings), names and numbers compare as the API compares them; anything else ties. */
function compareValues(left: unknown, right: unknown): number {
  const comparable = (value: unknown): value is string | number =>
    typeof value === 'string' || typeof value === 'number';
  if (!comparable(left) || !comparable(right)) return 0;
  return left < right ? -1 : left > right ? 1 : 0;
}

const orderKey = (query: CdaQuery): string => `${String(query.content_type)}|${String(query.order ?? '')}`;

/** The bulk reads the mirror answers: a content type in a known order, paged, with includes. */
const ANSWERED_KEYS = new Set(['content_type', 'order', 'limit', 'skip', 'include', 'locale']);
const ANSWERED_ORDERS = new Set(['-fields.publishDate', 'fields.name', '']);

/** The mirror at one point in time: never changes once made, so a page renders from one version. */
export class MirrorView {
  private readonly sorted = new Map<string, CdaEntry[]>();

  constructor(
    readonly version: number,
    private readonly entries: ReadonlyMap<string, CdaEntry>,
    private readonly assets: ReadonlyMap<string, CdaEntry>,
    private readonly locale: string,
  ) {}

  get size(): { entries: number; assets: number } {
    return { entries: this.entries.size, assets: this.assets.size };
  }

  entry(id: string): CdaEntry | undefined {
    return this.entries.get(id);
  }

  /**
   * Answers a bulk list read (content type, order, limit, skip, include) as the delivery API would,
   * or null for anything else (filters, full-text queries, other orders): those go to the API.
   */
  read(query: CdaQuery): CdaCollection | null {
    if (Object.keys(query).some((key) => query[key] !== undefined && !ANSWERED_KEYS.has(key))) return null;
    if (typeof query.content_type !== 'string') return null;
    const order = typeof query.order === 'string' ? query.order : '';
    if (!ANSWERED_ORDERS.has(order)) return null;
    if (query.locale !== undefined && query.locale !== this.locale) return null;
    const limit = typeof query.limit === 'number' ? query.limit : 100;
    const skip = typeof query.skip === 'number' ? query.skip : 0;
    const include = typeof query.include === 'number' ? query.include : 1;
    const all = this.ordered(query);
    const items = all.slice(skip, skip + limit);
    return { sys: { type: 'Array' }, total: all.length, skip, limit, items, includes: this.includesOf(items, include) };
  }

  private ordered(query: CdaQuery): CdaEntry[] {
    const key = orderKey(query);
    const cached = this.sorted.get(key);
    if (cached) return cached;
    const type = query.content_type as string;
    const order = typeof query.order === 'string' ? query.order : '';
    const matching = [...this.entries.values()].filter((entry) => contentTypeId(entry) === type);
    if (order !== '') {
      const descending = order.startsWith('-');
      const field = order.replace(/^-/, '').replace(/^fields\./, '');
      // Stable: equal values keep the order the space gave them. Entries without the field come last.
      matching.sort((a, b) => {
        const left = a.fields[field];
        const right = b.fields[field];
        if ((left === undefined) !== (right === undefined)) return left === undefined ? 1 : -1;
        const result = compareValues(left, right);
        return descending ? -result : result;
      });
    }
    this.sorted.set(key, matching);
    return matching;
  }

  /** The linked entries and assets of `items`, `depth` levels deep, as the API's `includes`. */
  private includesOf(items: readonly CdaEntry[], depth: number): { Entry: CdaEntry[]; Asset: CdaEntry[] } {
    const included = { Entry: new Map<string, CdaEntry>(), Asset: new Map<string, CdaEntry>() };
    const pageIds = new Set(items.map((item) => item.sys.id));
    let frontier: readonly CdaEntry[] = items;
    for (let level = 0; level < depth && frontier.length > 0; level += 1) {
      const next: CdaEntry[] = [];
      for (const item of frontier) {
        const links: { linkType: string; id: string }[] = [];
        collectLinks(item.fields, links);
        for (const { linkType, id } of links) {
          if (linkType === 'Asset') {
            const asset = this.assets.get(id);
            if (asset && !included.Asset.has(id)) included.Asset.set(id, asset);
          } else if (linkType === 'Entry' && !pageIds.has(id) && !included.Entry.has(id)) {
            const entry = this.entries.get(id);
            if (entry) {
              included.Entry.set(id, entry);
              next.push(entry);
            }
          }
        }
      }
      frontier = next;
    }
    return { Entry: [...included.Entry.values()], Asset: [...included.Asset.values()] };
  }
}

export class ContentMirror {
  private entries = new Map<string, CdaEntry>();
  private assets = new Map<string, CdaEntry>();
  private token: string | null = null;
  private running: Promise<MirrorDelta> | null = null;
  private again: Promise<MirrorDelta> | null = null;
  private currentView: MirrorView | null = null;
  private readonly locale: string;
  private readonly pageSize: number;
  /** Bumped by every sync that changed something. */
  version = 0;

  constructor(
    private readonly readPage: SyncReader,
    options: MirrorOptions = {},
  ) {
    this.locale = options.locale ?? CLIENT_DEFAULTS.locale;
    this.pageSize = options.syncPageSize ?? MIRROR_DEFAULTS.syncPageSize;
  }

  /** True once the initial sync has been applied. */
  get ready(): boolean {
    return this.token !== null;
  }

  /** The current version; throws before the initial sync. */
  view(): MirrorView {
    if (!this.currentView) throw new Error('The content mirror has not synced yet');
    return this.currentView;
  }

  /**
   * Brings the mirror up to date: the initial sync the first time, a delta after. A call that
   * arrives while one runs waits for one more run after it (shared by every such call), so a burst
   * of webhooks costs two syncs, not one each, and no change announced during a sync is missed.
   */
  sync(): Promise<MirrorDelta> {
    if (!this.running) {
      this.running = this.runSync().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    this.again ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.again = null;
        return this.sync();
      });
    return this.again;
  }

  private async runSync(): Promise<MirrorDelta> {
    const token = this.token;
    const initial = token === null;
    const pages: SyncPage[] = [];
    let page = await this.readPage(initial ? { initial: true, limit: this.pageSize } : { nextSyncToken: token });
    pages.push(page);
    while (page.nextPageToken) {
      page = await this.readPage({ nextPageToken: page.nextPageToken });
      pages.push(page);
    }
    if (!page.nextSyncToken) throw new Error('Contentful sync ended without a nextSyncToken');
    return this.apply(pages, initial, page.nextSyncToken);
  }

  private apply(pages: readonly SyncPage[], initial: boolean, nextToken: string): MirrorDelta {
    // Copies, so the views handed out before this sync keep their version.
    const entries = initial ? new Map<string, CdaEntry>() : new Map(this.entries);
    const assets = initial ? new Map<string, CdaEntry>() : new Map(this.assets);
    const changedEntries = new Set<string>();
    const changedAssets = new Set<string>();
    const entryTypes = new Map<string, string | null>();
    const noteEntry = (id: string, before: CdaEntry | undefined, after: CdaEntry | undefined): void => {
      changedEntries.add(id);
      entryTypes.set(id, contentTypeId(after) ?? contentTypeId(before) ?? entryTypes.get(id) ?? null);
    };
    for (const page of pages) {
      for (const item of page.entries ?? []) {
        const entry = this.flatten(item);
        if (!entry) continue;
        noteEntry(entry.sys.id, entries.get(entry.sys.id), entry);
        entries.set(entry.sys.id, entry);
      }
      for (const item of page.assets ?? []) {
        const asset = this.flatten(item);
        if (!asset) continue;
        changedAssets.add(asset.sys.id);
        assets.set(asset.sys.id, asset);
      }
      for (const item of page.deletedEntries ?? []) {
        const id = sysId(item);
        if (id === undefined) continue;
        noteEntry(id, entries.get(id), undefined);
        entries.delete(id);
      }
      for (const item of page.deletedAssets ?? []) {
        const id = sysId(item);
        if (id === undefined) continue;
        changedAssets.add(id);
        assets.delete(id);
      }
    }
    this.token = nextToken;
    if (initial || changedEntries.size > 0 || changedAssets.size > 0 || !this.currentView) {
      this.entries = entries;
      this.assets = assets;
      this.version += 1;
      this.currentView = new MirrorView(this.version, entries, assets, this.locale);
    }
    return { initial, entries: changedEntries, assets: changedAssets, entryTypes };
  }

  /** A sync item (every locale) as the delivery API serves it in one locale; null when it is not one. */
  private flatten(item: unknown): CdaEntry | null {
    if (!isObject(item) || !isObject(item.sys) || typeof item.sys.id !== 'string') return null;
    const fields: Record<string, unknown> = {};
    if (isObject(item.fields)) {
      for (const [name, byLocale] of Object.entries(item.fields)) {
        if (isObject(byLocale) && this.locale in byLocale) fields[name] = byLocale[this.locale];
      }
    }
    return {
      ...(item as unknown as CdaEntry),
      sys: { ...(item.sys as unknown as CdaEntry['sys']), locale: this.locale },
      fields,
    };
  }
}

export interface SyncReaderConfig extends ContentfulClientConfig {
  rateLimiter?: RateLimiter;
  retry?: RetryOptions;
}

/**
 * Sync pages from Contentful through the SDK, one request a page, each through the limiter and the
 * retry wrapper (the SDK's own retry off, as for every read of the source).
 */
export function createSyncReader(config: SyncReaderConfig): SyncReader {
  const sdk = createClient(buildClientParams({ ...config, retryOnError: false })).withoutLinkResolution;
  const limiter = config.rateLimiter ?? new RateLimiter();
  return (query) =>
    withRetry(
      () =>
        limiter.schedule(async () => {
          try {
            return await sdk.sync(query, { paginate: false });
          } catch (error) {
            throw toContentfulError(error);
          }
        }),
      config.retry,
    );
}
