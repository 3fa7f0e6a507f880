// `npm run dev`: the site server's API from source on API_PORT (default 3001) and
// webpack-dev-server with hot reload on DEV_PORT (default 8080), proxying the API to it.
import path from 'node:path';
import webpack from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import { handleShutdownSignals, startServer } from '../src/server/lifecycle';
import makeConfig from '../webpack.config';

const root = path.resolve(__dirname, '..');
const apiPort = Number(process.env.API_PORT ?? 3001);
process.env.API_PORT = String(apiPort);

async function main(): Promise<void> {
  const api = await startServer({ port: apiPort, host: '127.0.0.1', distDir: path.join(root, 'dist') });
  handleShutdownSignals(api.app);
  const [browser] = makeConfig({}, { mode: 'development' });
  if (!browser?.devServer) throw new Error('webpack.config.ts has no browser build with devServer settings');
  const compiler = webpack(browser);
  const server = new WebpackDevServer(browser.devServer, compiler);
  await server.start();
  console.log(`Dev server with hot reload: http://127.0.0.1:${String(browser.devServer.port)} (API on ${api.url})`);
}

main().catch((error: unknown) => {
  console.error('Dev server failed to start:', error);
  process.exit(1);
});
