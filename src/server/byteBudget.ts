// Entries kept in memory within a byte budget, the least recently used leaving first: the compressed copies the server
// makes itself (compressedFiles.ts) and the build's files (staticFiles.ts).
export class ByteBudget<E extends { bytes: number }> {
  private readonly entries = new Map<string, E>();
  private total = 0;

  constructor(private readonly budgetBytes: number) {}

  /** Bytes held. */
  get bytes(): number {
    return this.total;
  }

  /** The entry, without counting this as a use. */
  peek(key: string): E | undefined {
    return this.entries.get(key);
  }

  /** The entry, now the most recently used. */
  use(key: string): E | undefined {
    const entry = this.entries.get(key);
    if (entry !== undefined) {
      // Most recently used last: a Map iterates in insertion order, so eviction meets the least recently used first.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  /** Adds or replaces the entry, then makes room past the budget. */
  set(key: string, entry: E): void {
    this.delete(key);
    this.entries.set(key, entry);
    this.total += entry.bytes;
    for (const oldest of this.entries.keys()) {
      if (this.total <= this.budgetBytes) return;
      this.delete(oldest);
    }
  }

  /** The entry's new size, if it is still the one held under `key`. */
  resize(key: string, entry: E, bytes: number): void {
    if (this.entries.get(key) !== entry) return;
    this.total += bytes - entry.bytes;
    entry.bytes = bytes;
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.total -= entry.bytes;
  }
}
