// The build's content source (Node only; nothing in the browser imports it): the source the
// environment chooses (source.ts), with Contentful read once, in bulk, into a snapshot that answers
// every read of the prerender (contentful/snapshot.ts, issue #18), the mock without its latency, or the static posts.
import { createContentfulSnapshotSource } from './contentful/snapshot';
import type { ContentEnv, ContentSource } from './source';
import { chooseSourceKind, contentfulConfig, createContentSource, readContentEnv } from './source';

export async function createBuildSource(env: ContentEnv = readContentEnv()): Promise<ContentSource> {
  if (chooseSourceKind(env) === 'contentful') return createContentfulSnapshotSource(contentfulConfig(env));
  return createContentSource(env, { mockDelayMs: 0 });
}
