// Replicas on one PostgreSQL database hear of each other's content changes (issue #18): the replica
// that received a webhook and synced sends NOTIFY on a channel, every replica LISTENs on it and pulls
// the same delta from Contentful. PostgreSQL's own mechanism, no home-made cluster protocol; a
// notification lost while a replica was disconnected is caught by its periodic sync.
import pg from 'pg';
import { contentChangedMessage, isContentChangedMessage } from '../cluster';

export const CONTENT_CHANNEL = 'meridian_content_changed';

export interface ContentNotifier {
  /** Tells every replica (this one included) that the content changed. */
  notify(): Promise<void>;
  close(): Promise<void>;
}

export interface NotifierOptions {
  databaseUrl: string;
  onNotice: () => void;
  onError: (error: Error) => void;
  /** Wait before reconnecting a lost listener; 1 s by default. */
  reconnectMs?: number;
}

export function createContentNotifier(options: NotifierOptions): ContentNotifier {
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: options.databaseUrl });
    next.on('notification', (message) => {
      if (message.channel === CONTENT_CHANNEL) options.onNotice();
    });
    next.on('error', (error) => {
      options.onError(error);
      retry(next);
    });
    next.on('end', () => retry(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${CONTENT_CHANNEL}`);
    } catch (error) {
      options.onError(error as Error);
      retry(next);
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    // Changes made while this replica was not listening: pull them now.
    options.onNotice();
  };

  const retry = (failed: pg.Client): void => {
    if (closed || timer || (client !== failed && client !== null)) return;
    client = null;
    void failed.end().catch(() => undefined);
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, options.reconnectMs ?? 1_000);
    timer.unref();
  };

  void connect();
  return {
    async notify() {
      if (client) {
        await client.query('SELECT pg_notify($1, $2)', [CONTENT_CHANNEL, '']);
        return;
      }
      const sender = new pg.Client({ connectionString: options.databaseUrl });
      await sender.connect();
      try {
        await sender.query('SELECT pg_notify($1, $2)', [CONTENT_CHANNEL, '']);
      } finally {
        await sender.end().catch(() => undefined);
      }
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}

/**
 * Processes of one cluster without PostgreSQL (cluster.ts) tell each other through their primary: a change one of
 * them pulled is passed to the others, which pull it too.
 */
export function createWorkerNotifier(options: { onNotice: () => void }): ContentNotifier {
  const onMessage = (message: unknown): void => {
    if (isContentChangedMessage(message)) options.onNotice();
  };
  process.on('message', onMessage);
  return {
    notify() {
      if (process.connected) process.send?.(contentChangedMessage);
      return Promise.resolve();
    },
    close() {
      process.off('message', onMessage);
      return Promise.resolve();
    },
  };
}
