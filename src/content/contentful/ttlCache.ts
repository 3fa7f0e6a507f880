// A small time-to-live cache (docs/requirements.md#content-cache: "content cache TTL default 300 s; cleaned
// when over 1000 entries"; "trending cached one hour").

export const CACHE_DEFAULTS = { ttlMs: 300_000, maxEntries: 1000 } as const;

export interface TtlCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  /** Injected clock (ms). */
  now?: () => number;
}

/** docs/requirements.md#cache-entry "Cache entry: data plus expiry time". */
interface CacheEntry<V> {
  data: V;
  expiresAt: number;
}

export class TtlCache<V> {
  readonly ttlMs: number;
  readonly maxEntries: number;
  private readonly now: () => number;
  private readonly entries = new Map<string, CacheEntry<V>>();

  constructor(options: TtlCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? CACHE_DEFAULTS.ttlMs;
    this.maxEntries = options.maxEntries ?? CACHE_DEFAULTS.maxEntries;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.data;
  }

  set(key: string, data: V, ttlMs: number = this.ttlMs): void {
    this.entries.delete(key);
    this.entries.set(key, { data, expiresAt: this.now() + ttlMs });
    if (this.entries.size > this.maxEntries) this.clean();
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  /** Drops expired entries; if still over the limit, the oldest writes go first. */
  clean(): void {
    const time = this.now();
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt <= time) this.entries.delete(key);
    }
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(key);
    }
  }
}
