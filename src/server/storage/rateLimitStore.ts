// @fastify/rate-limit's store interface over Storage.hit, so every server sharing a database shares its limits.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Storage } from './types';

interface RouteInfo {
  method?: string | string[];
  url?: string;
}

/**
 * A store class bound to `storage` (the plugin constructs the store itself, so the storage comes in by closure).
 * `onError` hears of counters that could not be read; the plugin then lets the request through (skipOnError).
 */
export function rateLimitStoreFor(storage: Storage, onError: (error: unknown) => void): FastifyRateLimitStoreCtor {
  class SharedCounterStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    // The plugin calls `new Store(globalOptions)`; those options carry nothing this store needs.
    constructor(_options?: unknown, prefix = 'rl:') {
      this.prefix = prefix;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      storage.hit(`${this.prefix}${key}`, timeWindow).then(
        (hit) => callback(null, { current: hit.count, ttl: hit.resetInMs }),
        (error: unknown) => {
          onError(error);
          callback(error instanceof Error ? error : new Error(String(error)));
        },
      );
    }

    /** One counter space per route, as the plugin's own stores do: the forms' budget is not the metrics'. */
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes the route's merged limit options with the route under `routeInfo` (its types say otherwise).
      const { routeInfo } = routeOptions as unknown as { routeInfo?: RouteInfo };
      const method = routeInfo?.method;
      const route = `${Array.isArray(method) ? method.join(',') : (method ?? '')}${routeInfo?.url ?? ''}`;
      return new SharedCounterStore(undefined, `${this.prefix}${route}:`);
    }
  }
  return SharedCounterStore;
}
