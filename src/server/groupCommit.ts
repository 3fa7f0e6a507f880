// Group commit: writes that arrive while the previous batch is being committed (or within one turn of the event
// loop) share the next transaction, so a burst costs one commit instead of one per write. Each caller still hears
// back only once its own write is durable (or has failed).

export interface PendingWrite<T, R = void> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/** `R`: what each writer hears back once its write is committed (nothing, by default). */
export class GroupCommit<T, R = void> {
  private queue: PendingWrite<T, R>[] = [];
  private flushing = false;

  /**
   * `commit` stores a batch and must resolve or reject every write in it (so it may retry some one by one);
   * batches hold at most `maxBatch` writes and are committed one after another.
   */
  constructor(
    private readonly commit: (batch: readonly PendingWrite<T, R>[]) => Promise<void>,
    private readonly maxBatch: number,
  ) {}

  write(item: T): Promise<R> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.flushing && this.queue.length === 1) setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
        try {
          await this.commit(batch);
        } catch (error) {
          for (const pending of batch) pending.reject(error);
        }
      }
    } finally {
      this.flushing = false;
    }
  }
}
