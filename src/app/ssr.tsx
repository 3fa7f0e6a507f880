// Server-side rendering of one URL to a complete HTML document, used by the build-time prerender.
import { createHash } from 'node:crypto';
import createCache from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';
import type { EmotionCache } from '@emotion/react';
// The edge build, not Node's: react-dom/static.node runs each render inside an AsyncLocalStorage, and the first run()
// turns Node's promise hooks on for the whole process, for good, so every promise of every later request paid for
// them (the server renders live pages). The edge build uses an AsyncLocalStorage only where the runtime has a global
// one, which Node has not; the markup is the same.
import { prerender } from 'react-dom/static.edge';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router-dom';
import { themeBootScript } from '../features/theme';
import { consentBootScript } from '../features/consent';
import { scriptLoaderScript } from './scriptLoader';
import { GlobalStyles } from '../ui/GlobalStyles';
import { serverStyleTags } from '../ui/serverStyles';
import type { ServerStyleChunk } from '../ui/serverStyles';
import { caseStudies } from '../site/case-studies/content';
import { services } from '../site/services/catalog';
import { AppProviders } from './AppProviders';
import { siteConfig } from '../shared/config';
import { feedHeadLinks } from '../shared/feeds';
import { absoluteUrl, documentTitle, isRouteHandle, notFoundMeta } from '../shared/meta';
import type { PageMeta } from '../shared/meta';
import { caseStudySlugAliases, internalPaths, paths } from '../shared/paths';
import { preloadLayout } from './layout/Layout';
import { chunkNameOfRoute, preloadErrorScreen, routes } from './routes';
import { PRELOADED_STATE_ID, serializeState } from './serialization';
import { injectedSliceKeys, makeStore } from './store';
import type { RootState } from './store';
import { contentApi } from '../shared/api';
import { rootReducer } from '../shared/reducer';
import { contentExtraFor } from '../features/blog';
import { createBuildSource } from '../content/buildSource';
import type { ContentSource } from '../content/source';

/** Written by webpack: the entry's files and each named chunk group's files. */
export type ChunkManifest = { entry: string[]; chunks: Record<string, string[]> };

export type RenderedPage = {
  path: string;
  html: string;
  meta: PageMeta;
  status: number;
};

let prerenderSource: ContentSource | undefined;

/** The build's content source (content/buildSource.ts): Contentful read in bulk once, or the mock without latency. */
function defaultPrerenderSource(): ContentSource {
  if (!prerenderSource) throw new Error('Call loadPrerenderSource() before rendering');
  return prerenderSource;
}

export async function loadPrerenderSource(): Promise<ContentSource> {
  prerenderSource ??= await createBuildSource();
  return prerenderSource;
}

/** Every blog post's path, read page by page from the source. */
export async function blogPostPaths(source: ContentSource): Promise<string[]> {
  const slugs: string[] = [];
  for (let skip = 0; ; skip += BLOG_PAGE) {
    const page = await source.getPosts({ skip, limit: BLOG_PAGE });
    slugs.push(...page.items.map((post) => post.slug));
    if (!page.hasNextPage || page.items.length === 0) break;
  }
  return slugs.map(paths.blogPost);
}
const BLOG_PAGE = 100;

/** Every static URL the build writes a page for (blog posts come from blogPostPaths). */
export function knownPaths(): string[] {
  const staticPaths = Object.values(paths).filter((value) => typeof value === 'string');
  return [
    ...staticPaths,
    ...services.map((service) => paths.service(service.slug)),
    `${paths.caseStudies}/index`,
    ...caseStudies.map((study) => paths.caseStudy(study.slug)),
    ...Object.keys(caseStudySlugAliases).map((alias) => paths.caseStudy(alias)),
  ];
}

/** Public, canonical, indexable URLs: what the sitemap lists. */
export const isSitemapPage = (page: RenderedPage): boolean =>
  page.status === 200 &&
  !page.meta.noindex &&
  !internalPaths.includes(page.path) &&
  (page.meta.canonicalPath ?? page.path) === page.path;

export const escapeHtml = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const scriptHash = (script: string): string =>
  `sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}`;

/** The inline scripts of every page; their hashes go into the CSP. */
export const inlineScripts: readonly string[] = [themeBootScript, consentBootScript, scriptLoaderScript];

/**
 * The loader (scriptLoader.ts) with what this page loads once its largest content has painted: the
 * entry's files in order, and the page's own chunk to preload. Nothing in the HTML asks for a script
 * before that, so no script competes with the first paint or the hero image.
 */
function scriptLoaderTag(entry: readonly string[], pageChunks: readonly string[]): string {
  const list = (files: readonly string[]) => escapeHtml(files.map((file) => `/${file}`).join(' '));
  return `<script data-scripts="${list(entry)}" data-preload="${list(pageChunks)}">${scriptLoaderScript}</script>`;
}

export function headTags(urlPath: string, meta: PageMeta): string[] {
  const title = documentTitle(meta);
  const url = absoluteUrl(meta.canonicalPath ?? urlPath);
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<meta property="og:type" content="${meta.ogType ?? 'website'}">`,
    `<meta property="og:site_name" content="${escapeHtml(siteConfig.name)}">`,
    `<meta property="og:locale" content="${siteConfig.locale}">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta name="twitter:card" content="summary">`,
    // Every page announces the blog's feeds, so a reader finds them from any URL of the site.
    ...feedHeadLinks(),
  ];
  if (meta.image) {
    tags.push(`<meta property="og:image" content="${escapeHtml(absoluteUrl(meta.image.url))}">`);
    if (meta.image.width) tags.push(`<meta property="og:image:width" content="${meta.image.width}">`);
    if (meta.image.height) tags.push(`<meta property="og:image:height" content="${meta.image.height}">`);
    if (meta.image.alt) tags.push(`<meta property="og:image:alt" content="${escapeHtml(meta.image.alt)}">`);
  }
  if (meta.article) {
    const { publishedTime, modifiedTime, authors, section, tags: articleTags } = meta.article;
    tags.push(`<meta property="article:published_time" content="${escapeHtml(publishedTime)}">`);
    tags.push(`<meta property="article:modified_time" content="${escapeHtml(modifiedTime)}">`);
    for (const author of authors) tags.push(`<meta property="article:author" content="${escapeHtml(author)}">`);
    if (section) tags.push(`<meta property="article:section" content="${escapeHtml(section)}">`);
    for (const tag of articleTags) tags.push(`<meta property="article:tag" content="${escapeHtml(tag)}">`);
  }
  if (meta.jsonLd) tags.push(`<script type="application/ld+json">${serializeState(meta.jsonLd)}</script>`);
  if (meta.noindex) tags.push('<meta name="robots" content="noindex, nofollow">');
  return tags;
}

const handler = createStaticHandler(routes);

/**
 * The rules of the classes the render made that no element carries. Emotion makes one for a `css` prop given to a
 * component (`<Container css={...}>`), then merges it with the component's own styles into the class the element
 * gets. The critical extraction ships only classes found in the markup, so the browser's cache did not know these:
 * it ran them through stylis and inserted them again while hydrating (on /, 23 rules, ~15 ms of a 63 ms task on
 * Lighthouse's 4x CPU). Shipped, hydration finds every class the server made already in the page's styles.
 */
function composedStyles(cache: EmotionCache, critical: readonly ServerStyleChunk[]): ServerStyleChunk[] {
  const shipped = new Set(critical.flatMap((chunk) => chunk.ids));
  const ids = Object.keys(cache.inserted).filter(
    (id) =>
      !shipped.has(id) &&
      typeof cache.inserted[id] === 'string' &&
      cache.registered[`${cache.key}-${id}`] !== undefined,
  );
  return ids.length === 0 ? [] : [{ key: cache.key, ids, css: ids.map((id) => cache.inserted[id] as string).join('') }];
}

/**
 * Renders one URL inside the HTML template. `template` has the markers <!--app-head-->,
 * <!--app-html--> and <!--app-state-->, and no script of its own; `chunks` names the entry's files
 * and the page's own lazy chunk, which the script loader requests after the largest paint.
 */
export async function renderPage(
  urlPath: string,
  template: string,
  chunks: ChunkManifest = { entry: [], chunks: {} },
  source: ContentSource = defaultPrerenderSource(),
): Promise<RenderedPage> {
  const context = await handler.query(new Request(new URL(urlPath, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${urlPath} answers with a redirect; it is not prerendered`);
  const store = makeStore(undefined, { extra: contentExtraFor(source) });
  const leaf = [...context.matches].reverse().find((match) => isRouteHandle(match.route.handle));
  const handle = leaf && isRouteHandle(leaf.route.handle) ? leaf.route.handle : undefined;
  if (leaf && handle?.prefetch) {
    await handle.prefetch(leaf.params, store.dispatch);
    await Promise.all(store.dispatch(contentApi.util.getRunningQueriesThunk()));
  }
  await Promise.all([handle?.preload?.(), preloadLayout(), preloadErrorScreen()]);
  const router = createStaticRouter(handler.dataRoutes, context);
  const cache = createCache({ key: 'css' });
  const emotionServer = createEmotionServer(cache);
  const { prelude } = await prerender(
    <AppProviders store={store} cache={cache} globalStyles={<GlobalStyles />}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
    // React outlines a large Suspense boundary (over 12.8 KB) into a hidden segment that an inline
    // script moves into place; the CSP forbids inline scripts, so every boundary stays inline.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  // React emits a preload for the LCP image (priority) at the start of the markup; in <head>, the
  // browser asks for it first.
  const IMAGE_PRELOAD = /<link rel="preload" as="image"[^>]*>/g;
  const rendered = await new Response(prelude).text();
  const imagePreloads = rendered.match(IMAGE_PRELOAD) ?? [];
  const appHtml = rendered.replace(IMAGE_PRELOAD, '');
  const critical = emotionServer.extractCriticalToChunks(appHtml);
  // Tags the browser's cache adopts where they are (src/ui/serverStyles.ts), not emotion's, which it would move.
  const styles = serverStyleTags([...critical.styles, ...composedStyles(cache, critical.styles)]);

  const meta = leaf && handle ? handle.meta(leaf.params, store.getState()) : notFoundMeta;
  const status = meta === notFoundMeta ? 404 : context.statusCode;

  const entryFiles = new Set(chunks.entry);
  const pageChunks = context.matches
    .flatMap((match) => chunks.chunks[chunkNameOfRoute(match.route.id)] ?? [])
    .filter((file, index, all) => !entryFiles.has(file) && all.indexOf(file) === index);

  const head = [
    ...headTags(urlPath, meta),
    `<script>${themeBootScript}</script>`,
    `<script>${consentBootScript}</script>`,
    ...imagePreloads,
    styles,
  ].join('\n    ');
  // data-path says which URL this markup was rendered for: 404.html answers many URLs.
  const stateTag = `<script type="application/json" id="${PRELOADED_STATE_ID}" data-path="${escapeHtml(urlPath)}">${serializeState(shippedState(store.getState()))}</script>`;
  const html = template
    .replace('<!--app-head-->', () => head)
    .replace('<!--app-html-->', () => appHtml)
    .replace('<!--app-state-->', () => `${stateTag}\n    ${scriptLoaderTag(chunks.entry, pageChunks)}`);
  return { path: urlPath, html, meta, status };
}

/**
 * The store as the page ships it, the same for every render of the same content. RTK Query's request ids and times
 * say nothing to the browser (main.tsx dates the queries from the visit); left in, they made every server process
 * send different bytes, and a different ETag, for the same page. Likewise a slice injected by a feature's module
 * (the blog's, connectivity's) is in every store once any page has loaded that module: the state of one it still holds
 * at its start is left out, as the browser makes that state itself when the module loads, so what a page ships does
 * not depend on which pages the process rendered before it.
 */
function shippedState(state: RootState): RootState {
  const queries = Object.fromEntries(
    Object.entries(state.contentApi.queries).map(([key, query]) => [
      key,
      query &&
        ({
          ...query,
          requestId: 'prerendered',
          startedTimeStamp: 0,
          ...(query.fulfilledTimeStamp === undefined ? {} : { fulfilledTimeStamp: 0 }),
        } as typeof query),
    ]),
  );
  const initial = rootReducer(undefined, { type: 'ssr/initialState' }) as Record<string, unknown>;
  const atStart = new Set<string>(injectedSliceKeys.filter((key) => isUnchanged(state[key], initial[key])));
  const slices = Object.entries(state).filter(([key]) => !atStart.has(key));
  return { ...(Object.fromEntries(slices) as RootState), contentApi: { ...state.contentApi, queries } };
}

const isUnchanged = (value: unknown, initial: unknown): boolean =>
  value === initial || JSON.stringify(value) === JSON.stringify(initial);

export function sitemapXml(pages: readonly RenderedPage[]): string {
  const urls = pages
    .filter(isSitemapPage)
    .map((page) => `  <url><loc>${escapeHtml(absoluteUrl(page.path))}</loc></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(): string {
  const disallow = internalPaths.map((path) => `Disallow: ${path}`).join('\n');
  return `User-agent: *\n${disallow}\nAllow: /\n\nSitemap: ${absoluteUrl('/sitemap.xml')}\n`;
}
