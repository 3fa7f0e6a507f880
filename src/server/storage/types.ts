// The one storage interface the routes and the CLI use; SQLite (one machine) and PostgreSQL (replicas) implement it.
import type { DeliveryChannel, LeadMessage } from '../leads/types';

export type StorageKind = 'sqlite' | 'postgres';

export interface NewSubmission {
  form: string;
  /** The stored fields, in the order the form defines them (kept in that order when read back). */
  fields: Record<string, string | boolean>;
  spam: boolean;
  /** ISO 8601 with milliseconds, as `Date.toISOString()` writes it. */
  receivedAt: string;
  /** See routes/forms.ts hashIp; '' once cleared after IP_HASH_RETENTION_DAYS. */
  ipHash: string;
  userAgent: string | null;
  /** Non-null for a genuine newsletter sign-up: a second row with the same key is silently not stored. */
  dedupeKey: string | null;
  /**
   * The outbox: one delivery per channel, written in the same transaction as the row (and not at all when the row
   * is deduplicated away), so a lead is never stored without its notifications nor notified without being stored.
   */
  outbox?: OutboxEntry;
}

export interface OutboxEntry {
  /** The idempotency key of the submission's deliveries: random, unique, stored with the submission. */
  leadKey: string;
  channels: readonly DeliveryChannel[];
  /** Epoch ms after which a delivery that still fails is marked dead instead of retried. */
  giveUpAt: number;
}

export type StoredSubmission = Omit<NewSubmission, 'dedupeKey' | 'outbox'> & { id: number };

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

/** Nearest-rank percentiles of one page's samples. */
export interface MetricPageSummary {
  path: string;
  count: number;
  p50: number;
  p75: number;
  p95: number;
}

/** What one summary may read and answer, whatever the table holds. */
export interface MetricSummaryLimits {
  /** The newest samples in the window that are summarised; older ones are left out. */
  maxSamples: number;
  /** The pages with the most samples that are answered; the rest are left out. */
  maxPages: number;
  /** The path under which samples without one are summarised. */
  pathless: string;
}

export interface MetricSummary {
  /** In no particular order. */
  pages: MetricPageSummary[];
  /** True when samples or pages were left out to stay within the limits. */
  truncated: boolean;
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

export type DeliveryStatus = 'pending' | 'sending' | 'delivered' | 'dead';

/** A delivery this process now owns until `leaseUntil`: send it, then settle it with its `claimId`. */
export interface ClaimedDelivery {
  id: number;
  /** Random per claim: settling with a stale claim (the lease ran out and another replica took over) does nothing. */
  claimId: string;
  channel: DeliveryChannel;
  /** Attempts so far, this one included. */
  attempts: number;
  /** Epoch ms after which a failed delivery is not retried again but marked dead. */
  giveUpAt: number;
  message: LeadMessage;
}

export type DeliveryOutcome =
  { status: 'delivered' } | { status: 'pending'; error: string; retryAt: number } | { status: 'dead'; error: string };

export interface Settlement {
  id: number;
  claimId: string;
  outcome: DeliveryOutcome;
}

export interface DeliveryRecord {
  id: number;
  channel: DeliveryChannel;
  status: DeliveryStatus;
  attempts: number;
  idempotencyKey: string;
  /** ISO; when the next attempt is due (pending) or null. */
  nextAttemptAt: string | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
}

/** How a submission's deliveries stand, as one word: dead if any is dead, else pending if any is not delivered. */
export type DeliveryState = 'none' | 'pending' | 'delivered' | 'dead';

export interface InboxQuery {
  /** Case-insensitive substring of any text field's value (not of the field names). */
  text?: string;
  form?: string;
  /** ISO; received at or after. */
  from?: string;
  /** ISO; received before. */
  to?: string;
  delivery?: DeliveryState;
  spam: 'exclude' | 'only' | 'include';
  /** Keyset paging: only ids below this one (an export reads the next chunk after its last id). */
  beforeId?: number;
  limit: number;
  offset: number;
}

export type InboxRow = StoredSubmission & { delivery: DeliveryState };

export interface InboxPage {
  total: number;
  /** Newest first. */
  rows: InboxRow[];
}

export type SubmissionDetail = InboxRow & { deliveries: DeliveryRecord[] };

export interface ErasureResult {
  submissions: number;
  deliveries: number;
  subscriptions: number;
}

export interface ErasureRecord extends ErasureResult {
  id: number;
  /** A keyed hash of the address (never the address itself), so "was this address erased?" can still be answered. */
  emailHash: string;
  erasedAt: string;
}

export interface AdminSession {
  /** SHA-256 of the cookie's value: a stolen database does not hand out live sessions. */
  idHash: string;
  csrfSecret: string;
  /** Epoch ms. */
  expiresAt: number;
}

export type ConfirmResult = 'confirmed' | 'already-confirmed' | 'gone';
export type UnsubscribeResult = 'unsubscribed' | 'already-unsubscribed';

/** A newsletter address's consent state: confirmed (and when), or unsubscribed. */
export interface SubscriberRecord {
  email: string;
  /** The sign-up that was confirmed (or the latest one, for an address that left before confirming). */
  submissionId: number | null;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
}

export interface SubscriberCounts {
  confirmed: number;
  pending: number;
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
  /**
   * Clears the IP hash (to '') of every submission received before `before` (ISO): hashes are kept only as long as
   * spotting a flood needs them (IP_HASH_RETENTION_DAYS). Returns how many were cleared.
   */
  clearIpHashesBefore(before: string): Promise<number>;

  /** Stores the records in one transaction. */
  insertMetrics(records: readonly NewMetric[]): Promise<void>;
  hasMetric(name: string): Promise<boolean>;
  /**
   * Percentiles per page of the metric's samples with a timestamp at or after `since` (epoch ms), computed in the
   * database over at most `limits.maxSamples` rows, so the work and the answer stay bounded however many are stored.
   */
  summariseMetric(name: string, since: number, limits: MetricSummaryLimits): Promise<MetricSummary>;

  /** Newest first (ties by id). */
  /**
   * Images newest first; with a page, at most `limit` of them, those after `after` (the last one of the page
   * before) when given. Without one, all of them (for the copy CLI; the API always pages).
   */
  listImages(page?: ImagePage): Promise<ImageRecord[]>;
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

  /**
   * The outbox: takes up to `limit` deliveries that are due (pending and due, or sending with a lapsed lease: the
   * replica sending them died) and leases them to the caller for `leaseMs`. Each is handed to exactly one caller,
   * across processes (SQLite's write lock; PostgreSQL's FOR UPDATE SKIP LOCKED).
   */
  claimDeliveries(options: { limit: number; leaseMs: number }): Promise<ClaimedDelivery[]>;
  /**
   * Records how claimed deliveries went, in one transaction (the worker batches them: one commit for many sends).
   * Resolves with the ids it recorded; a delivery whose claim was lost (lease lapsed, taken over) is not among them.
   */
  settleDeliveries(settlements: readonly Settlement[]): Promise<number[]>;
  /** One settlement; false when the claim was lost. */
  settleDelivery(id: number, claimId: string, outcome: DeliveryOutcome): Promise<boolean>;
  /** A dead delivery goes back to pending, due now, with a new give-up time. False unless it was dead. */
  retryDelivery(id: number, giveUpAt: number): Promise<boolean>;

  /** The admin inbox's list. */
  searchSubmissions(query: InboxQuery): Promise<InboxPage>;
  findSubmission(id: number): Promise<SubmissionDetail | undefined>;
  /** False when there is no such submission. */
  setSpam(id: number, spam: boolean): Promise<boolean>;
  /**
   * Deletes every submission whose e-mail field is `email` (any letter case; spam included), their deliveries and
   * the newsletter subscription, and records the erasure under `emailHash`, in one transaction.
   */
  eraseEmail(email: string, emailHash: string): Promise<ErasureResult>;
  /** Newest first. */
  listErasures(limit: number): Promise<ErasureRecord[]>;

  createSession(session: AdminSession): Promise<void>;
  /** The session if it exists and has not expired at `now`. */
  findSession(idHash: string, now: number): Promise<AdminSession | undefined>;
  deleteSession(idHash: string): Promise<void>;
  /** Forgets expired sessions; returns how many. */
  pruneSessions(now: number): Promise<number>;

  /**
   * Confirms the newsletter sign-up `submissionId` for `email`: 'gone' when that sign-up is not stored (purged,
   * erased) or is not this address's, 'already-confirmed' when this link was used already (or the address
   * unsubscribed since).
   */
  confirmSubscription(email: string, submissionId: number, confirmedAt: string): Promise<ConfirmResult>;
  /**
   * Unsubscribes `email` (confirmed or still pending) and frees the address, so a later sign-up asks again.
   */
  unsubscribe(email: string, unsubscribedAt: string): Promise<UnsubscribeResult>;
  /**
   * Deletes genuine newsletter sign-ups received before `before` (ISO) that were sent a confirmation e-mail and
   * never confirmed. Returns how many.
   */
  purgeUnconfirmedSignups(before: string): Promise<number>;
  countSubscribers(): Promise<SubscriberCounts>;
  /** Every address's consent state, by address (for db:copy). */
  listSubscribers(): Promise<SubscriberRecord[]>;
  /** Stores the records whose address has no record yet; returns how many it stored (for db:copy). */
  insertSubscribers(records: readonly SubscriberRecord[]): Promise<number>;

  /**
   * Replay protection of the content webhook: stores a verified call's signature until `expiresAt` (epoch ms).
   * True when it was not stored yet (the first call), false when it already was (a replay). Atomic, across
   * processes sharing the database: of concurrent calls with one signature exactly one gets true.
   */
  rememberWebhookSignature(signature: string, expiresAt: number): Promise<boolean>;
  /** Forgets the signatures whose `expiresAt` is at or before `now` (epoch ms); returns how many. */
  pruneWebhookSignatures(now: number): Promise<number>;

  close(): Promise<void>;
}

export interface ImagePage {
  limit: number;
  after?: Pick<ImageRecord, 'id' | 'createdAt'>;
}

/** The database could not be reached or could not take the write: the caller should answer 503 and may retry. */
export class StorageUnavailableError extends Error {
  readonly statusCode = 503;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}

/**
 * How long a request's database work may wait for a lock another process or session holds (SQLite's write lock,
 * a PostgreSQL row or table lock) before the database counts as unavailable: 503 for a form post.
 */
export const lockWaitMs = 5000;
