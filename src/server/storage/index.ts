// Picks the store: PostgreSQL when DATABASE_URL is set (replicas share it), else the SQLite file (one machine).
import { PostgresStorage } from './postgres';
import { isInMemoryPath, SqliteStorage } from './sqlite';
import type { Storage } from './types';

export * from './types';
export { isInMemoryPath };

export interface StorageOptions {
  /** The SQLite file, used when `databaseUrl` is not set. */
  databasePath: string;
  /** postgres:// or postgresql:// URL; when set, everything is stored there instead. */
  databaseUrl?: string;
  /** PostgreSQL connections per process. */
  poolMax?: number;
  /** Apply pending migrations (default). The export CLI passes false: it reads, it never creates a schema. */
  migrate?: boolean;
  /** PostgreSQL only: an idle connection failed (the database restarted); requests are not affected. */
  onIdleError?: (error: Error) => void;
}

export async function openStorage(options: StorageOptions): Promise<Storage> {
  if (options.databaseUrl !== undefined) {
    return PostgresStorage.open({
      connectionString: options.databaseUrl,
      poolMax: options.poolMax,
      migrate: options.migrate,
      onIdleError: options.onIdleError,
    });
  }
  return SqliteStorage.open(options.databasePath, { migrate: options.migrate });
}
