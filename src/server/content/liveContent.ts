// The content the site server renders from (issue #18): with Contentful, a live mirror of the space
// (content/contentful/mirror.ts) brought up to date by webhooks, by other replicas and by a periodic
// delta sync; with the mock source, the mock itself, which never changes. Each version of the
// content is one ContentSource, so a page renders from one version and the pages a change touches
// can be told by comparing two versions (touched.ts).
import { createContentfulClient } from '../../content/contentful/client';
import type { CdaCollection, CdaQuery } from '../../content/contentful/cdaTypes';
import { compact, createContentfulSource } from '../../content/contentful/contentfulSource';
import { ContentMirror, createSyncReader } from '../../content/contentful/mirror';
import type { MirrorDelta, MirrorView, SyncReader } from '../../content/contentful/mirror';
import type { AdaptedPosts } from '../../content/contentful/snapshot';
import { createSnapshotSource } from '../../content/contentful/snapshot';
import { RateLimiter } from '../../content/resilience/rateLimiter';
import { withRetry } from '../../content/resilience/retry';
import type { BlogPost } from '../../content/model';
import type { ContentEnv, ContentSource, SourceKind } from '../../content/source';
import { chooseSourceKind, contentfulConfig, createContentSource } from '../../content/source';

export interface ContentVersion {
  version: number;
  source: ContentSource;
  /** The mirror at this version (Contentful only): raw entries, for telling what a change touched. */
  view?: MirrorView;
}

export interface ContentUpdate {
  before: ContentVersion;
  after: ContentVersion;
  delta: MirrorDelta;
}

export interface LiveContent {
  readonly kind: SourceKind;
  /** The content as of now; throws until the first sync is done (see `ready`). */
  current(): ContentVersion;
  /** Resolves once there is a version to render from; rejects if the first sync failed. */
  ready(): Promise<void>;
  /** Pulls what changed since the last sync; null when nothing did (or nothing can change). */
  refresh(): Promise<ContentUpdate | null>;
}

/** The snapshot reads posts in pages this big: from memory, so the API's largest page. */
const MIRROR_READ_PAGE = 1000;

/** Every post of a version, newest first, read a page of MIRROR_READ_PAGE at a time (from memory for the mirror). */
export async function readAllPosts(source: ContentSource): Promise<BlogPost[]> {
  const posts: BlogPost[] = [];
  for (let skip = 0; ; skip += MIRROR_READ_PAGE) {
    const page = await source.getPosts({ skip, limit: MIRROR_READ_PAGE });
    posts.push(...page.items);
    if (!page.hasNextPage || page.items.length === 0) return posts;
  }
}

export interface LiveContentOptions {
  /** The Sync API reader; the SDK's by default (tests inject one to count or fail pages). */
  syncReader?: SyncReader;
  rateLimiter?: RateLimiter;
}

export async function createLiveContent(env: ContentEnv, options: LiveContentOptions = {}): Promise<LiveContent> {
  if (chooseSourceKind(env) !== 'contentful') {
    const source = await createContentSource(env, { mockDelayMs: 0 });
    const version: ContentVersion = { version: 1, source };
    return {
      kind: source.kind,
      current: () => version,
      ready: () => Promise.resolve(),
      refresh: () => Promise.resolve(null),
    };
  }

  const config = contentfulConfig(env);
  const limiter = options.rateLimiter ?? new RateLimiter();
  const client = createContentfulClient({ ...config, retryOnError: false });
  // For what the mirror cannot answer (connection state, filtered or full-text reads): the delivery API.
  const live = await createContentfulSource({ ...config, client, rateLimiter: limiter, checkConnection: false });
  const apiRead = (query: CdaQuery): Promise<CdaCollection> =>
    withRetry(() => limiter.schedule(() => client.getEntries(compact(query))));
  const mirror = new ContentMirror(options.syncReader ?? createSyncReader({ ...config, rateLimiter: limiter }));

  // Adapted posts carry over from one version to the next until a linked entry or asset changes.
  let adapted: AdaptedPosts = new WeakMap();
  const sourceOf = (view: MirrorView): ContentVersion => ({
    version: view.version,
    view,
    source: createSnapshotSource(live, (query) => Promise.resolve(view.read(query) ?? apiRead(query)), {
      postPageSize: MIRROR_READ_PAGE,
      taxonomyPageSize: MIRROR_READ_PAGE,
      adapted,
    }),
  });

  let current: ContentVersion | null = null;
  let first: Promise<void> | null = null;

  // One refresh at a time, so each update's `before` is the previous update's `after`.
  let queue: Promise<unknown> = Promise.resolve();
  const refresh = (): Promise<ContentUpdate | null> => {
    const run = queue.then(refreshNow, refreshNow);
    queue = run.catch(() => undefined);
    return run;
  };
  const refreshNow = async (): Promise<ContentUpdate | null> => {
    const delta = await mirror.sync();
    const view = mirror.view();
    if (current && view.version === current.version) return null;
    const onlyPosts = [...delta.entryTypes.values()].every((type) => type === 'blogpost') && delta.assets.size === 0;
    if (!onlyPosts) adapted = new WeakMap();
    const before = current;
    const after = sourceOf(view);
    // Adapt the new version now, so the first visitor after a publish does not wait for it.
    await after.source.getPosts({ limit: 1 });
    current = after;
    return before ? { before, after, delta } : null;
  };

  return {
    kind: 'contentful',
    current: () => {
      if (!current) throw new Error('The content mirror has not synced yet');
      return current;
    },
    ready: () =>
      (first ??= refresh().then(
        () => undefined,
        (error: unknown) => {
          first = null;
          throw error;
        },
      )),
    refresh: async () => {
      if (!current) {
        await refresh();
        return null;
      }
      return refresh();
    },
  };
}
