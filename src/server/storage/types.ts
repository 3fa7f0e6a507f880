// The one storage interface the routes and the CLI use; SQLite (one machine) and PostgreSQL (replicas) implement it.

export type StorageKind = 'sqlite' | 'postgres';

export interface NewSubmission {
  form: string;
  /** The stored fields, in the order the form defines them (kept in that order when read back). */
  fields: Record<string, string | boolean>;
  spam: boolean;
  /** ISO 8601 with milliseconds, as `Date.toISOString()` writes it. */
  receivedAt: string;
  ipHash: string;
  userAgent: string | null;
  /** Non-null for a genuine newsletter sign-up: a second row with the same key is silently not stored. */
  dedupeKey: string | null;
}

export type StoredSubmission = Omit<NewSubmission, 'dedupeKey'> & { id: number };

export interface SubmissionFilter {
  form?: string;
  /** ISO 8601; submissions received at or after it. */
  since?: string;
  includeSpam: boolean;
}

export interface NewMetric {
  name: string;
  value: number;
  unit: string;
  /** Epoch milliseconds, an integer. */
  timestamp: number;
  path: string | null;
  tags: Record<string, string>;
  receivedAt: string;
}

export interface MetricValue {
  path: string | null;
  value: number;
}

export interface ImageRecord {
  id: string;
  filename: string;
  contentType: string;
  extension: string;
  size: number;
  width: number;
  height: number;
  createdAt: string;
}

export interface MetaEntry {
  key: string;
  value: string;
}

/**
 * The key that makes a second sign-up with the same address a no-op: the lower-cased e-mail of a genuine
 * newsletter sign-up, null for anything else (contact messages and spam are always stored).
 */
export function dedupeKeyFor(form: string, fields: NewSubmission['fields'], spam: boolean): string | null {
  return form === 'blog-newsletter' && !spam && typeof fields.email === 'string' ? fields.email.toLowerCase() : null;
}

export interface CounterHit {
  /** Hits in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends and the count starts again from zero. */
  resetInMs: number;
}

export interface Storage {
  readonly kind: StorageKind;
  /** Where the data lives, for logs: a file path, or host:port/database (never a password). */
  readonly description: string;

  /** Resolves when the database answers a trivial query; rejects with StorageUnavailableError otherwise. */
  ping(): Promise<void>;
  /** The value stored under `key`, storing `create()` first if there is none; concurrent callers get the same value. */
  metaValue(key: string, create: () => string): Promise<string>;
  /** Every key and value stored, by key. */
  listMeta(): Promise<MetaEntry[]>;

  /** Stores the rows in one transaction: all of them (minus deduplicated ones) or, on rejection, none. */
  insertSubmissions(rows: readonly NewSubmission[]): Promise<void>;
  /** Oldest first (by id). */
  listSubmissions(filter: SubmissionFilter): Promise<StoredSubmission[]>;

  /** Stores the records in one transaction. */
  insertMetrics(records: readonly NewMetric[]): Promise<void>;
  hasMetric(name: string): Promise<boolean>;
  /** Values of the metric with a timestamp at or after `since` (epoch ms), in no particular order. */
  metricValuesSince(name: string, since: number): Promise<MetricValue[]>;

  /** Newest first (ties by id). */
  listImages(): Promise<ImageRecord[]>;
  findImage(id: string): Promise<ImageRecord | undefined>;
  insertImage(image: ImageRecord): Promise<void>;
  /** True when a row was deleted. */
  deleteImage(id: string): Promise<boolean>;

  /**
   * Counts a hit on `key` in a fixed window of `windowMs` that starts with the key's first hit. Atomic: concurrent
   * hits, from this process or any other sharing the database, each get a distinct count.
   */
  hit(key: string, windowMs: number): Promise<CounterHit>;
  /** Forgets counters whose window has ended. Returns how many were removed. */
  pruneCounters(): Promise<number>;

  close(): Promise<void>;
}

/** The database could not be reached or could not take the write: the caller should answer 503 and may retry. */
export class StorageUnavailableError extends Error {
  readonly statusCode = 503;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}
