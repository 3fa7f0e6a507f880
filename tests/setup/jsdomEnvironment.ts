// jsdom lacks the Fetch API and text encoding that the data router uses; lend it Node's own
// (with Node's AbortController, so a Request accepts the router's abort signals).
import { TestEnvironment } from 'jest-environment-jsdom';

const nodeGlobals = [
  'TextEncoder',
  'TextDecoder',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'fetch',
  'ReadableStream',
  'AbortController',
  'AbortSignal',
  'structuredClone',
  'BroadcastChannel',
] as const;

export default class JsdomWithFetchEnvironment extends TestEnvironment {
  override async setup(): Promise<void> {
    await super.setup();
    for (const name of nodeGlobals) {
      if (name in globalThis)
        (this.global as unknown as Record<string, unknown>)[name] = (globalThis as Record<string, unknown>)[name];
    }
  }
}
