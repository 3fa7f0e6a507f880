// Build-time entry (dist-node/prerender.js): writes dist/<route>/index.html for every known
// route, dist/404.html, dist/sitemap.xml, dist/robots.txt and dist/build-manifest.json.
import fs from 'node:fs';
import path from 'node:path';
import {
  blogPostPaths,
  inlineScripts,
  isSitemapPage,
  knownPaths,
  loadPrerenderSource,
  renderPage,
  robotsTxt,
  scriptHash,
  sitemapXml,
} from './app/ssr';
import type { ChunkManifest, RenderedPage } from './app/ssr';
import { contentOrigins, readContentEnv } from './content/source';
import { logEndpointOrigins, readLogEndpoint } from './content/logger';
import { analyticsConfig } from './shared/analyticsConfig';
import { analyticsMeasurementId } from './shared/config';

const root = process.cwd();
const distDir = path.join(root, 'dist');
const nodeDistDir = path.join(root, 'dist-node');

function outputFile(urlPath: string): string {
  return urlPath === '/'
    ? path.join(distDir, 'index.html')
    : path.join(distDir, ...urlPath.split('/').filter(Boolean), 'index.html');
}

async function main(): Promise<void> {
  const started = Date.now();
  const template = fs.readFileSync(path.join(nodeDistDir, 'template.html'), 'utf8');
  const chunks = JSON.parse(fs.readFileSync(path.join(nodeDistDir, 'chunks.json'), 'utf8')) as ChunkManifest;

  // Every page reads from one snapshot of the space, read in bulk once (issue #18): a few dozen
  // requests for the whole blog instead of three a post, all behind the 60-a-minute limiter.
  const source = await loadPrerenderSource();
  const pages: RenderedPage[] = [];
  for (const urlPath of [...knownPaths(), ...(await blogPostPaths(source))]) {
    const page = await renderPage(urlPath, template, chunks, source);
    if (page.status !== 200) throw new Error(`Prerender of ${urlPath} gave status ${page.status}`);
    fs.mkdirSync(path.dirname(outputFile(urlPath)), { recursive: true });
    fs.writeFileSync(outputFile(urlPath), page.html);
    // Only the path, status and meta are needed later (the sitemap): 10,000 pages of HTML are 2.7 GB.
    pages.push({ ...page, html: '' });
  }
  const notFound = await renderPage('/404', template, chunks, source);
  fs.writeFileSync(path.join(distDir, '404.html'), notFound.html);
  fs.writeFileSync(path.join(distDir, 'sitemap.xml'), sitemapXml(pages));
  fs.writeFileSync(path.join(distDir, 'robots.txt'), robotsTxt());
  const analyticsEnabled = analyticsMeasurementId() !== '';
  fs.writeFileSync(
    path.join(distDir, 'build-manifest.json'),
    JSON.stringify(
      {
        inlineScriptHashes: inlineScripts.map(scriptHash),
        // The browser reads content from the same source as the build, so the CSP must let it connect.
        connectOrigins: [
          ...contentOrigins(readContentEnv()),
          ...(analyticsEnabled ? analyticsConfig.csp.connectOrigins : []),
          // Error reports go to LOG_ENDPOINT, inlined into the same build.
          ...logEndpointOrigins(readLogEndpoint()),
        ],
        // The analytics tag is allowed only in a build that has a measurement id to load it with.
        scriptOrigins: analyticsEnabled ? analyticsConfig.csp.scriptOrigins : [],
        routes: pages.map((page) => page.path),
        // The server's live sitemap lists these beside the blog's pages.
        sitemapRoutes: pages.filter(isSitemapPage).map((page) => page.path),
      },
      null,
      2,
    ),
  );
  console.log(`Prerendered ${pages.length} routes and 404.html in ${Date.now() - started} ms`);
}

main().catch((error: unknown) => {
  console.error('Prerender failed:', error);
  process.exit(1);
});
