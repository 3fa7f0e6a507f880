// The one logger of the app, for browser and prerender code (the site server logs through pino): levelled console output,
// a ring buffer of recent lines (shown on /debug) and optional remote reporting of errors.
// It never throws: a broken console, fetch or endpoint must not take the caller down with it.

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** docs/requirements.md#logger: the logger keeps the last 1,000 lines. */
export const LOG_BUFFER_SIZE = 1000;

export interface LogLine {
  level: LogLevel;
  message: string;
  timestamp: number;
  /** The error's message (and name), when one was given. */
  error?: string;
  context?: Record<string, unknown>;
}

/** What an error report POSTs to the log endpoint (docs/requirements.md#log-reporting). */
export interface LogReport {
  message: string;
  timestamp: number;
  tags: Record<string, string>;
}

export interface Logger {
  debug(message: string, error?: unknown, context?: Record<string, unknown>): void;
  info(message: string, error?: unknown, context?: Record<string, unknown>): void;
  warn(message: string, error?: unknown, context?: Record<string, unknown>): void;
  error(message: string, error?: unknown, context?: Record<string, unknown>): void;
  /** The buffered lines, oldest first. */
  lines(): readonly LogLine[];
  clear(): void;
}

export interface LoggerOptions {
  /** Errors are POSTed here as JSON when set. */
  endpoint?: string;
  bufferSize?: number;
  now?: () => number;
}

const describeError = (error: unknown): string | undefined => {
  if (error === undefined) return undefined;
  try {
    if (error instanceof Error)
      return error.name && error.name !== 'Error' ? `${error.name}: ${error.message}` : error.message;
    if (typeof error === 'string') return error;
    // JSON.stringify gives undefined for functions and symbols, whatever its type says.
    const text = JSON.stringify(error) as string | undefined;
    return text ?? typeof error;
  } catch {
    return typeof error;
  }
};

const asTagValue = (value: unknown): string => {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) || typeof value;
  } catch {
    return typeof value;
  }
};

const toTags = (line: LogLine): Record<string, string> => {
  const tags: Record<string, string> = { level: line.level };
  if (line.error !== undefined) tags.error = line.error;
  for (const [key, value] of Object.entries(line.context ?? {})) {
    if (value !== undefined) tags[key] = asTagValue(value);
  }
  return tags;
};

/** POSTs an error line to the endpoint, best effort. */
const reporterTo =
  (endpoint: string) =>
  (line: LogLine): void => {
    try {
      const body: LogReport = { message: line.message, timestamp: line.timestamp, tags: toTags(line) };
      // Looked up per call so it works wherever fetch appears late (tests, older runtimes).
      const send = (globalThis as { fetch?: typeof fetch }).fetch;
      if (typeof send !== 'function') return;
      void send(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        keepalive: true,
      }).catch(() => undefined);
    } catch {
      // Reporting is best effort.
    }
  };

function createLoggerWith(
  report: ((line: LogLine) => void) | undefined,
  bufferSize: number,
  now: () => number,
): Logger {
  let buffer: LogLine[] = [];

  const write = (level: LogLevel, message: string, error?: unknown, context?: Record<string, unknown>) => {
    try {
      const line: LogLine = { level, message, timestamp: now() };
      const described = describeError(error);
      if (described !== undefined) line.error = described;
      if (context !== undefined) line.context = context;
      buffer.push(line);
      if (buffer.length > bufferSize) buffer = buffer.slice(buffer.length - bufferSize);
      try {
        const details: unknown[] = [];
        if (error !== undefined) details.push(error);
        if (context !== undefined) details.push(context);
        console[level](message, ...details);
      } catch {
        // A missing or throwing console must not stop the buffer or the report.
      }
      if (level === 'error') report?.(line);
    } catch {
      // Never throw from the logger.
    }
  };

  return {
    debug: (message, error, context) => write('debug', message, error, context),
    info: (message, error, context) => write('info', message, error, context),
    warn: (message, error, context) => write('warn', message, error, context),
    error: (message, error, context) => write('error', message, error, context),
    lines: () => buffer.slice(),
    clear: () => {
      buffer = [];
    },
  };
}

/** The remote endpoint for error reports; inlined into the browser build (empty disables reporting). */
export const readLogEndpoint = (): string | undefined => {
  try {
    return process.env.LOG_ENDPOINT || undefined;
  } catch {
    return undefined;
  }
};

/**
 * What the page's CSP must add to connect-src for the log endpoint: its origin when it is an
 * absolute http(s) URL, nothing for a same-origin path (or no endpoint).
 */
export function logEndpointOrigins(endpoint: string | undefined): string[] {
  if (!endpoint || !/^https?:\/\//i.test(endpoint)) return [];
  try {
    return [new URL(endpoint).origin];
  } catch {
    return [];
  }
}

export function createLogger({ endpoint, bufferSize = LOG_BUFFER_SIZE, now = Date.now }: LoggerOptions = {}): Logger {
  return createLoggerWith(endpoint ? reporterTo(endpoint) : undefined, bufferSize, now);
}

/**
 * The shared logger. LOG_ENDPOINT is read here without readLogEndpoint's guard so that the browser build, where
 * webpack inlines it, sees a constant: without an endpoint the reporting code is left out of the bundle.
 */
const sharedEndpoint = process.env.LOG_ENDPOINT || undefined;
export const logger: Logger = createLoggerWith(
  sharedEndpoint === undefined ? undefined : reporterTo(sharedEndpoint),
  LOG_BUFFER_SIZE,
  Date.now,
);
