// Runs once before the suite: checks for Chromium, builds the site if it is stale, starts the site server.
import fs from 'node:fs';
import path from 'node:path';
import { build, buildIsStale } from '../../scripts/build';
import { CHROMIUM_PATH } from './support/chromium';
import { projectRoot, startSiteServer } from './support/server';
import { BASE_URL_ENV, rememberServer } from './support/state';

export const CHROMIUM_MISSING_MESSAGE = `Chromium was not found at ${CHROMIUM_PATH}. Install it with: apt-get update && apt-get install -y chromium`;

/** The Google tag id the suite builds with, so consent-gated analytics can be tested (requests are intercepted). */
export const E2E_MEASUREMENT_ID = 'G-E2ETEST123';

/** A build made without a measurement id has no analytics origins in its CSP. */
const builtWithAnalytics = (manifest: string): boolean => {
  try {
    const parsed = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { scriptOrigins?: unknown };
    return Array.isArray(parsed.scriptOrigins) && parsed.scriptOrigins.length > 0;
  } catch {
    return false;
  }
};

/** Builds only when a source is newer than the last build (jest compiles scripts/build.ts with swc). */
function ensureBuilt(): void {
  process.env.GA_MEASUREMENT_ID ||= E2E_MEASUREMENT_ID;
  const manifest = path.join(projectRoot, 'dist', 'build-manifest.json');
  if (buildIsStale() || !builtWithAnalytics(manifest)) build();
  if (!fs.existsSync(manifest)) throw new Error(`The build did not write ${manifest}.`);
}

export async function globalSetup(): Promise<void> {
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(CHROMIUM_MISSING_MESSAGE);
  ensureBuilt();
  const server = await startSiteServer();
  // If jest dies before the teardown runs, do not leave the server behind.
  process.once('exit', () => {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  });
  rememberServer(server);
  process.env[BASE_URL_ENV] = server.baseUrl;
}

// jest loads the default export.
export default globalSetup;
