// The delivery worker: claims due deliveries from the outbox, sends each through its channel, and records the
// outcome, retrying with exponential backoff until the give-up time, then marking the delivery dead.
import type { FastifyBaseLogger } from 'fastify';
import { GroupCommit } from '../groupCommit';
import type { DeliveryOutcome, Settlement, Storage } from '../storage';
import { PermanentDeliveryError, type Channel, type DeliveryChannel } from './types';

export interface OutboxWorkerOptions {
  storage: Pick<Storage, 'claimDeliveries' | 'settleDeliveries'>;
  channels: ReadonlyMap<DeliveryChannel, Channel>;
  /** The wait before the second attempt; each later wait doubles, up to `retryMaxMs`. */
  retryFirstMs: number;
  retryMaxMs: number;
  /** The longest one send may take; a claimed delivery is leased for twice this, so no other process takes it meanwhile. */
  sendTimeoutMs: number;
  log: FastifyBaseLogger;
  /** How often to look for due deliveries when nothing wakes the worker (a retry coming due, another replica's lead). */
  pollMs?: number;
  /** Sends in flight at once (the SMTP pool queues beyond its own connections). */
  maxInFlight?: number;
}

/** Longest error text recorded per delivery. */
const maxErrorLength = 1000;

/** The wait before attempt `attempts + 1`: first, 2 × first, 4 × first … capped at max. */
export function retryDelayMs(attempts: number, firstMs: number, maxMs: number): number {
  return Math.min(maxMs, firstMs * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
}

export class OutboxWorker {
  private running = false;
  private loop: Promise<void> | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  private wake: (() => void) | undefined;
  private poked = false;
  private readonly pollMs: number;
  private readonly maxInFlight: number;
  /** Outcomes of sends that finish together are recorded in one transaction. */
  /** Resolves, per delivery, with whether its outcome was recorded (false: its claim had been taken over). */
  private readonly outcomes: GroupCommit<Settlement, boolean>;

  constructor(private readonly options: OutboxWorkerOptions) {
    this.pollMs = options.pollMs ?? 1000;
    this.maxInFlight = options.maxInFlight ?? 50;
    this.outcomes = new GroupCommit(async (batch) => {
      const recorded = new Set(await options.storage.settleDeliveries(batch.map((pending) => pending.item)));
      for (const pending of batch) pending.resolve(recorded.has(pending.item.id));
    }, 256);
  }

  start(): void {
    // With no channel there is nobody to send to: a server without one never polls (deliveries written under an
    // earlier configuration stay pending, visible in the inbox, until a channel is configured again).
    if (this.running || this.options.channels.size === 0) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Something was just stored here: look now instead of at the next poll. */
  poke(): void {
    this.poked = true;
    this.wake?.();
  }

  /** Stops claiming, lets the sends in flight finish (each bounded by the send timeout), closes the channels. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    await Promise.allSettled([...this.inFlight]);
    await Promise.allSettled([...this.options.channels.values()].map((channel) => channel.close()));
  }

  private async run(): Promise<void> {
    while (this.running) {
      let claimedAny = false;
      const room = this.maxInFlight - this.inFlight.size;
      if (room > 0) {
        try {
          this.poked = false;
          const claimed = await this.options.storage.claimDeliveries({
            limit: room,
            leaseMs: 2 * this.options.sendTimeoutMs,
          });
          claimedAny = claimed.length > 0;
          for (const delivery of claimed) {
            const sending = this.deliver(delivery).finally(() => {
              this.inFlight.delete(sending);
              this.wake?.();
            });
            this.inFlight.add(sending);
          }
        } catch (error) {
          // The database is away: the deliveries wait in it, nothing is lost; look again at the next poll.
          this.options.log.warn({ err: error }, 'Could not claim lead deliveries');
        }
      }
      // A full batch may mean more is due: go round again at once, unless every slot is busy.
      if (claimedAny && this.inFlight.size < this.maxInFlight) continue;
      if (this.poked && this.inFlight.size < this.maxInFlight) continue;
      await this.sleep(this.pollMs);
    }
  }

  private sleep(ms: number): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = undefined;
        done();
      };
    });
  }

  private async deliver(delivery: Awaited<ReturnType<Storage['claimDeliveries']>>[number]): Promise<void> {
    const { log } = this.options;
    const channel = this.options.channels.get(delivery.channel);
    let outcome: DeliveryOutcome;
    try {
      if (channel === undefined) {
        throw new PermanentDeliveryError(
          `The ${delivery.channel} channel is not configured on this server; configure it and retry from the inbox.`,
        );
      }
      await withTimeout(channel.send(delivery.message), this.options.sendTimeoutMs, delivery.channel);
      outcome = { status: 'delivered' };
    } catch (error) {
      // Kept short: an SMTP transcript can run to pages, and the inbox shows only the gist.
      const message = (error instanceof Error ? error.message : String(error)).slice(0, maxErrorLength);
      const now = Date.now();
      const retryAt = now + retryDelayMs(delivery.attempts, this.options.retryFirstMs, this.options.retryMaxMs);
      if (error instanceof PermanentDeliveryError || now >= delivery.giveUpAt) {
        outcome = { status: 'dead', error: message };
        log.error(
          { delivery: delivery.id, channel: delivery.channel, submission: delivery.message.submissionId, err: error },
          'Lead delivery failed for good; it is marked dead in the admin inbox',
        );
      } else {
        // The last retry happens at the give-up time, not after it.
        outcome = { status: 'pending', error: message, retryAt: Math.min(retryAt, delivery.giveUpAt) };
        log.warn(
          { delivery: delivery.id, channel: delivery.channel, attempts: delivery.attempts, err: error },
          'Lead delivery failed; it will be retried',
        );
      }
    }
    try {
      const settled = await this.outcomes.write({ id: delivery.id, claimId: delivery.claimId, outcome });
      if (!settled) {
        log.warn({ delivery: delivery.id }, 'A lead delivery outlived its lease; another process has taken it over');
      }
    } catch (error) {
      // Unrecorded: the lease lapses and the delivery is sent again, with the same idempotency key.
      log.warn({ err: error, delivery: delivery.id }, 'Could not record a lead delivery outcome');
    }
  }
}

async function withTimeout(work: Promise<void>, ms: number, what: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The ${what} send took longer than ${String(ms)} ms`)), ms);
  });
  try {
    await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
