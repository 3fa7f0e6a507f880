// Starting and stopping the site server; kept apart from main.ts so tests can import it without starting one.
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { loadConfig, type ServerConfig } from './config';
import { createLogStream } from './logStream';

export interface StartedServer {
  app: FastifyInstance;
  url: string;
}

export interface ShutdownOptions {
  /** How long connections get to finish before shutdown gives up; 10 s by default. */
  timeoutMs?: number;
}

/** The part of `process` that signal handling uses, so a test can drive it with a plain EventEmitter. */
export interface SignalSource {
  on(signal: NodeJS.Signals, listener: (signal: NodeJS.Signals) => void): unknown;
  off(signal: NodeJS.Signals, listener: (signal: NodeJS.Signals) => void): unknown;
}

export interface SignalHandlingOptions extends ShutdownOptions {
  exit?: (code: number) => void;
  /** Where signals come from; the process by default. */
  signals?: SignalSource;
}

export const shutdownSignals = ['SIGTERM', 'SIGINT'] as const;

/** Builds the app from the environment (plus overrides) and listens; the promise settles once it accepts connections. */
export function startServer(overrides: Partial<ServerConfig> = {}): Promise<StartedServer> {
  return startServerWith({ ...loadConfig(), ...overrides });
}

/** Builds the app from settings already read (main.ts reads them once, to know how many processes to start). */
export async function startServerWith(config: ServerConfig): Promise<StartedServer> {
  const app = await buildApp({
    distDir: config.distDir,
    databasePath: config.databasePath,
    databaseUrl: config.databaseUrl,
    databasePoolMax: config.databasePoolMax,
    logger: { level: config.logLevel, stream: createLogStream() },
    imagesDir: config.imagesDir,
    adminToken: config.adminToken,
    formsRateLimitMax: config.formsRateLimitMax,
    metricsRateLimitMax: config.metricsRateLimitMax,
    ipHashKey: config.ipHashKey,
    ipHashRetentionMs: config.ipHashRetentionMs,
    ipHashSalt: config.ipHashSalt,
    trustProxy: config.trustProxy,
    siteUrl: config.siteUrl,
    leads: config.leads,
    adminPasswordHash: config.adminPasswordHash,
    adminSessionMs: config.adminSessionMs,
    requestTimeoutMs: config.requestTimeoutMs,
    headersTimeoutMs: config.headersTimeoutMs,
    keepAliveTimeoutMs: config.keepAliveTimeoutMs,
    content: { webhookSecret: config.contentWebhookSecret, syncIntervalMs: config.contentSyncIntervalMs },
  });
  try {
    const url = await app.listen({ port: config.port, host: config.host });
    return { app, url };
  } catch (error) {
    await app.close();
    throw error;
  }
}

/**
 * Stops accepting connections, lets in-flight requests finish and closes the database (file or connection pool).
 * Resolves with the exit code the process should use: 0 after a clean close, 1 on error or timeout.
 */
export async function shutdown(app: FastifyInstance, options: ShutdownOptions = {}): Promise<0 | 1> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<1>((resolve) => {
    timer = setTimeout(() => {
      app.log.error({ timeoutMs }, 'Shutdown timed out; forcing exit');
      resolve(1);
    }, timeoutMs);
  });
  const closed = app.close().then(
    () => 0 as const,
    (error: unknown) => {
      app.log.error({ err: error }, 'Shutdown failed');
      return 1 as const;
    },
  );
  try {
    return await Promise.race([closed, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The first SIGTERM or SIGINT shuts down gracefully, then exits; a second one exits at once with 1,
 * for the operator who pressed Ctrl-C twice because something hangs. Returns a function that uninstalls it.
 */
export function handleShutdownSignals(app: FastifyInstance, options: SignalHandlingOptions = {}): () => void {
  const exit =
    options.exit ??
    ((code: number) => {
      process.exit(code);
    });
  const signals: SignalSource = options.signals ?? process;
  let stopping = false;

  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping) {
      app.log.warn({ signal }, 'Second signal during shutdown; forcing exit');
      exit(1);
      return;
    }
    stopping = true;
    app.log.info({ signal }, 'Shutting down');
    void shutdown(app, options).then(exit);
  };

  for (const signal of shutdownSignals) {
    signals.on(signal, onSignal);
  }
  return () => {
    for (const signal of shutdownSignals) {
      signals.off(signal, onSignal);
    }
  };
}
