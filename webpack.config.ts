// Two builds from one config: the browser bundle (dist/) and the Node build (dist-node/) that
// prerenders every route and runs the site server.
import path from 'node:path';
import fs from 'node:fs';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { createHash } from 'node:crypto';
import webpack from 'webpack';
import { GenerateSW } from 'workbox-webpack-plugin';
import type { Configuration, Compiler } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';

const root = __dirname;
const distDir = path.join(root, 'dist');
const nodeDistDir = path.join(root, 'dist-node');
/**
 * The browser bundle's source maps: beside dist/, never in it, so the server does not publish our sources. Error
 * reports' stack traces can still be mapped with them (issue 19).
 */
export const sourceMapsDir = path.join(root, 'dist-maps');

type Env = Record<string, string | boolean | undefined>;
type Argv = { mode?: Configuration['mode'] };

const tsRule = {
  test: /\.tsx?$/,
  exclude: /node_modules/,
  use: { loader: 'ts-loader', options: { transpileOnly: true, compilerOptions: { module: 'ESNext' } } },
};

const assetRule = {
  test: /\.(png|jpe?g|gif|webp|avif|svg|woff2?)$/i,
  type: 'asset/resource',
  generator: { filename: 'assets/[name].[contenthash:8][ext]', emit: true },
};

/** Writes the map "chunk name → files" so the prerender can preload each route's page chunk. */
class ChunkManifestPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.emit.tap('ChunkManifestPlugin', (compilation) => {
      const chunks: Record<string, string[]> = {};
      for (const group of compilation.chunkGroups) {
        if (!group.name) continue;
        chunks[group.name] = group.getFiles().filter((file) => file.endsWith('.js'));
      }
      const entry = compilation.entrypoints.get('main');
      const manifest = { entry: entry ? entry.getFiles().filter((f) => f.endsWith('.js')) : [], chunks };
      fs.mkdirSync(nodeDistDir, { recursive: true });
      fs.writeFileSync(path.join(nodeDistDir, 'chunks.json'), JSON.stringify(manifest, null, 2));
    });
  }
}

/**
 * Chunks that only some visits run, and then only in part: the content sources' code (the Contentful SDK, the mock
 * and its Markdown parser: /debug and the dev server), the developers' pages, and what runs only on an error or on a
 * link's hover. Their functions stay compiled when first called, as V8 does by default.
 */
const LAZILY_COMPILED_CHUNKS = new Set([
  'content-source',
  'content-mock',
  'content-static',
  'contentful',
  'page-debug',
  'page-test-rotating-text',
  'error-screen',
  'preload-queue',
]);

/**
 * Puts V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chrome 136+) at the top of every other chunk
 * (issue #21): the entry's (the libraries, the app's start), the pages' and what every page loads after its first
 * commit; nearly all of their functions run as the page starts. V8 otherwise compiles a function when it is first
 * called, on the main thread: React DOM's module, say, in the start-up task that first requires it. With the hint,
 * each function is compiled while the script streams in, on a background thread. Browsers without it read a comment.
 * Added after the minifier (which drops comments) and before the source maps and content hashes, which include it.
 */
class EagerCompileHintPlugin {
  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('EagerCompileHintPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'EagerCompileHintPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 50 },
        () => {
          for (const chunk of compilation.chunks) {
            if (chunk.name && LAZILY_COMPILED_CHUNKS.has(chunk.name)) continue;
            for (const file of chunk.files) {
              if (!file.endsWith('.js')) continue;
              compilation.updateAsset(
                file,
                (source) => new sources.ConcatSource('//# allFunctionsCalledOnLoad\n', source),
              );
            }
          }
        },
      );
    });
  }
}

/** The page the service worker answers with for a page never visited, when offline. */
const OFFLINE_PAGE = '/offline.html';

/**
 * The favicon inlined in every page's <link rel="icon"> (issue #21): a 0.5 KB SVG that would otherwise be the one
 * request the browser makes before the first paint of a page with no image (it asks for the icon once `load` has
 * fired, and a page this small loads before its first frame), which Lighthouse then counts as something the
 * largest paint waited for. As a data: URL (the CSP's img-src allows data:) it costs ~0.3 KB compressed per page.
 */
function faviconDataUrl(): string {
  const svg = fs.readFileSync(path.join(root, 'public', 'favicon.svg'), 'utf8').trim();
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/**
 * The service worker (dist/sw.js), production builds only. What it carries of the spec and why:
 * - Precache: the hashed JS chunks (the app shell) and the offline page. Not the prerendered HTML:
 *   the prerender writes it after webpack has run, and precached HTML only changes when a new worker
 *   installs, so visitors would read yesterday's pages until they closed every tab. HTML goes through
 *   the network first instead (fresh whenever online), and a visited page's last copy opens offline.
 * - Old chunks: cached HTML names the chunks of its own build, so every /assets/ script also goes into
 *   a runtime cache (cache-first: its URL never changes) that outlives a new worker's precache cleanup.
 * - Never cached: anything but GET (Workbox routes only GET unless told otherwise), /api/*, the owner's /admin
 *   inbox (leads' personal data must not sit in a browser cache) and the newsletter's one-time link pages.
 * - Updates: no skipWaiting/clientsClaim. A new worker waits until every tab of the old one has
 *   closed and takes over on the next visit, so a page never runs chunks of two builds mid-session;
 *   the first visit is not controlled either (it loaded everything from the network anyway).
 */
function serviceWorkerPlugin(): GenerateSW {
  const revision = (file: string) =>
    createHash('sha256')
      .update(fs.readFileSync(path.join(root, 'public', file)))
      .digest('hex')
      .slice(0, 16);
  return new GenerateSW({
    swDest: 'sw.js',
    inlineWorkboxRuntime: true,
    sourcemap: false,
    mode: 'production',
    include: [/^assets\/.*\.js$/],
    exclude: [/\.map$/, /LICENSE/],
    dontCacheBustURLsMatching: /\.[0-9a-f]{8}\./,
    additionalManifestEntries: [
      { url: OFFLINE_PAGE, revision: revision(OFFLINE_PAGE) },
      // The offline page's icon: the site's pages inline theirs (faviconDataUrl), so none of them caches the file.
      { url: '/favicon.svg', revision: revision('favicon.svg') },
    ],
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    cleanupOutdatedCaches: true,
    skipWaiting: false,
    clientsClaim: false,
    runtimeCaching: [
      {
        // Visited pages: fresh from the network, from the cache when the network is gone or slow.
        urlPattern: ({ request, url, sameOrigin }) =>
          request.mode === 'navigate' && sameOrigin && !/^\/(api|admin|newsletter)(\/|$)/.test(url.pathname),
        handler: 'NetworkFirst',
        options: {
          cacheName: 'pages',
          networkTimeoutSeconds: 3,
          expiration: { maxEntries: 50 },
          cacheableResponse: { statuses: [200] },
          precacheFallback: { fallbackURL: OFFLINE_PAGE },
        },
      },
      {
        urlPattern: ({ request, url, sameOrigin }) =>
          request.destination === 'script' && sameOrigin && url.pathname.startsWith('/assets/'),
        handler: 'CacheFirst',
        options: {
          cacheName: 'scripts',
          expiration: { maxEntries: 80, maxAgeSeconds: 30 * 24 * 60 * 60 },
          cacheableResponse: { statuses: [200] },
        },
      },
      {
        // Same-origin images only: cross-origin ones would be opaque, and each opaque entry costs megabytes of quota.
        urlPattern: ({ request, url, sameOrigin }) =>
          request.destination === 'image' && sameOrigin && !url.pathname.startsWith('/api/'),
        handler: 'CacheFirst',
        options: {
          cacheName: 'images',
          expiration: { maxEntries: 60, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  });
}

// React Router's package exports only its development build, which ships its developer warnings (their texts, and
// the checks that raise them on every render). Its production build, the same code without them
// (ENABLE_DEV_WARNINGS = false), sits beside it unexported: the browser's production bundle takes that one.
const reactRouterBuild = path.join(root, 'node_modules', 'react-router', 'dist', 'production');
const reactRouterProduction = {
  'react-router$': path.join(reactRouterBuild, 'index.mjs'),
  'react-router/dom$': path.join(reactRouterBuild, 'dom-export.mjs'),
};

// BUILD_TARGET: which bundle a module is in. Code only the server runs (a route's prefetch, meta.ts) is left out of
// the browser's chunks under `process.env.BUILD_TARGET !== 'browser'`; under Jest it is unset, so tests keep it.
const define = (mode: string, target: 'browser' | 'node') =>
  new webpack.DefinePlugin({
    'process.env.NODE_ENV': JSON.stringify(mode),
    'process.env.BUILD_TARGET': JSON.stringify(target),
    'process.env.BUILD_YEAR': JSON.stringify(String(new Date().getFullYear())),
    'process.env.SITE_URL': JSON.stringify(process.env.SITE_URL ?? 'http://localhost:3000'),
  });

function browserConfig(mode: 'production' | 'development'): Configuration & { devServer?: DevServerConfiguration } {
  const production = mode === 'production';
  return {
    name: 'browser',
    mode,
    target: 'web',
    entry: { main: './src/main.tsx' },
    output: {
      path: distDir,
      publicPath: '/',
      filename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      clean: { keep: /^(?!assets\/)/ },
      // Relative to output.path, hence ../dist-maps/.
      ...(production && { sourceMapFilename: `${path.relative(distDir, sourceMapsDir)}/[file].map` }),
    },
    // hidden: no chunk names its map in a sourceMappingURL comment.
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // jsdom only lends the prerender a DOM for sanitizing; browsers have their own.
      alias: { jsdom: false, ...(production && reactRouterProduction) },
    },
    module: { rules: [tsRule, assetRule] },
    optimization: {
      moduleIds: 'deterministic',
      runtimeChunk: 'single',
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          // Every library on the first load in one chunk: its size is the "floor" `npm run size` compares against.
          vendor: {
            test: /[\\/]node_modules[\\/]/,
            name: 'vendor',
            chunks: 'initial',
            priority: 20,
          },
          // The contact form, its checks and zod always load together (the home page's lower sections, /contact):
          // one chunk rather than two. One chunk more, and webpack's chunk ids grow from 3 to 4 digits (it keeps
          // them 5% dense), which costs the first load of every page ~50 B of runtime.
          contactForm: {
            test: /[\\/](?:node_modules[\\/]zod[\\/]|src[\\/]features[\\/]forms[\\/](?:ContactForm|schema)\.tsx?$)/,
            name: 'contact-form',
            chunks: 'async',
            priority: 10,
          },
        },
      },
    },
    performance: { hints: false },
    // webpack 5.112 would otherwise parse and minify .html itself, stripping the template's markers.
    experiments: { html: false },
    plugins: [
      define(mode, 'browser'),
      // The content source is chosen at build time for the browser. The delivery token is meant for
      // public use; the preview token (drafts) never ships to visitors.
      new webpack.DefinePlugin({
        ...Object.fromEntries(
          [
            'CONTENT_SOURCE',
            'CONTENTFUL_SPACE_ID',
            'CONTENTFUL_ACCESS_TOKEN',
            'CONTENTFUL_ENVIRONMENT',
            'CONTENTFUL_HOST',
            // Public by design: the Google tag id ships in every page that loads the tag.
            'GA_MEASUREMENT_ID',
          ].map((name) => [`process.env.${name}`, JSON.stringify(process.env[name] ?? '')]),
        ),
        'process.env.CONTENTFUL_PREVIEW_TOKEN': JSON.stringify(''),
        // Monitoring: where error logs are reported (empty: nowhere) and the metrics sample rate.
        'process.env.LOG_ENDPOINT': JSON.stringify(process.env.LOG_ENDPOINT ?? ''),
        'process.env.METRICS_SAMPLE_RATE': JSON.stringify(process.env.METRICS_SAMPLE_RATE ?? ''),
        // REDUX_DEVTOOLS=1 connects a production build's store to Redux DevTools (store.ts devToolsOption).
        'process.env.REDUX_DEVTOOLS': JSON.stringify(process.env.REDUX_DEVTOOLS ?? ''),
      }),
      new HtmlWebpackPlugin({
        template: './public/index.html',
        // Production HTML is written by the prerender, which fills this template per route and adds
        // the script loader (src/app/scriptLoader.ts) in place of <script defer> tags.
        filename: production ? path.join(nodeDistDir, 'template.html') : 'index.html',
        inject: production ? false : 'head',
        scriptLoading: 'defer',
        minify: false,
        templateParameters: { faviconHref: faviconDataUrl() },
      }),
      // Only production builds feed the prerender; the dev server must not overwrite its manifest.
      ...(production ? [new EagerCompileHintPlugin(), new ChunkManifestPlugin(), serviceWorkerPlugin()] : []),
    ],
    devServer: {
      port: Number(process.env.DEV_PORT ?? 8080),
      host: '127.0.0.1',
      hot: true,
      historyApiFallback: true,
      static: { directory: path.join(root, 'public'), publicPath: '/' },
      client: { overlay: { warnings: false, errors: true } },
      proxy: [
        {
          context: (pathname, req) =>
            pathname.startsWith('/api/') || pathname === '/healthz' || (pathname === '/' && req.method === 'POST'),
          target: `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`,
        },
      ],
    },
  };
}

function nodeConfig(mode: 'production' | 'development'): Configuration {
  return {
    name: 'node',
    mode,
    target: 'node20',
    entry: {
      prerender: './src/prerender.tsx',
      server: './src/server/main.ts',
      precompress: './src/server/precompressCli.ts',
    },
    output: {
      path: nodeDistDir,
      filename: '[name].js',
      library: { type: 'commonjs2' },
      clean: { keep: /(chunks\.json|template\.html)$/ },
    },
    devtool: 'source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: { rules: [tsRule, { ...assetRule, generator: { ...assetRule.generator, emit: false } }] },
    // Packages stay in node_modules: the prerender must use the very same React and router as the server would.
    externals: [
      ({ request }, callback) => {
        if (request && !request.startsWith('.') && !path.isAbsolute(request))
          return callback(undefined, `commonjs ${request}`);
        callback();
      },
    ],
    externalsPresets: { node: true },
    optimization: { minimize: false, splitChunks: false },
    plugins: [define(mode, 'node'), new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 3 })],
    node: { __dirname: false, __filename: false },
  };
}

export default (_env: Env, argv: Argv): Configuration[] => {
  const mode = argv.mode === 'development' ? 'development' : 'production';
  return [browserConfig(mode), nodeConfig(mode)];
};
