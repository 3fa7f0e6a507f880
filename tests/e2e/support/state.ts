// How the global setup, the tests and the global teardown share the running server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RunningServer } from './server';

export const BASE_URL_ENV = 'E2E_BASE_URL';

/** Written by the global setup so the teardown can still find the server if globalThis was lost. */
export const stateFile = path.join(os.tmpdir(), `meridian-e2e-server-${process.pid}.json`);

export interface ServerState {
  pid: number;
  baseUrl: string;
  tempDir: string;
}

type E2eGlobal = typeof globalThis & { __meridianE2eServer?: RunningServer };

export const rememberServer = (server: RunningServer): void => {
  (globalThis as E2eGlobal).__meridianE2eServer = server;
  const state: ServerState = { pid: server.pid, baseUrl: server.baseUrl, tempDir: server.tempDir };
  fs.writeFileSync(stateFile, JSON.stringify(state));
};

export const rememberedServer = (): RunningServer | undefined => (globalThis as E2eGlobal).__meridianE2eServer;

export function readServerState(): ServerState | undefined {
  try {
    return JSON.parse(fs.readFileSync(stateFile, 'utf8')) as ServerState;
  } catch {
    return undefined;
  }
}

export function forgetServer(): void {
  delete (globalThis as E2eGlobal).__meridianE2eServer;
  fs.rmSync(stateFile, { force: true });
}

/** The site under test, e.g. `http://127.0.0.1:41234` (no trailing slash). */
export function baseUrl(): string {
  const value = process.env[BASE_URL_ENV];
  if (!value)
    throw new Error(
      `${BASE_URL_ENV} is not set: run the suite with \`npm run test:e2e\` so the global setup starts the server.`,
    );
  return value;
}

export const urlOf = (pathname: string): string => new URL(pathname, `${baseUrl()}/`).toString();
