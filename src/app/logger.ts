// Where the app reports errors. The monitoring issue routes these to the log reporter as well.
export function logError(message: string, error?: unknown, context?: Record<string, unknown>): void {
  const details: unknown[] = [];
  if (error !== undefined) details.push(error);
  if (context !== undefined) details.push(context);
  console.error(message, ...details);
}
