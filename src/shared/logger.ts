// Where the app reports errors: the shared logger (console, the ring buffer shown on /debug, and the
// remote log endpoint when LOG_ENDPOINT is configured).
import { logger } from '../content/logger';

export function logError(message: string, error?: unknown, context?: Record<string, unknown>): void {
  logger.error(message, error, context);
}

export function logWarning(message: string, error?: unknown, context?: Record<string, unknown>): void {
  logger.warn(message, error, context);
}
