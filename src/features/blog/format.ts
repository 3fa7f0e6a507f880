// Post dates as 'March 4, 2024', identical on the server and in every visitor's time zone (UTC
// getters, so no hydration mismatch). Hand-formatted on purpose: constructing an
// Intl.DateTimeFormat with a timeZone loads ICU time-zone data on the main thread, which cost
// ~120 ms of blocking time on a throttled mobile profile of the post page.
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The date in en-US long form ('March 4, 2024'); an unparseable date gives ''. */
export function formatPostDate(iso: string): string {
  const date = new Date(iso);
  const time = date.getTime();
  if (Number.isNaN(time)) return '';
  return `${MONTHS[date.getUTCMonth()] ?? ''} ${String(date.getUTCDate())}, ${String(date.getUTCFullYear())}`;
}
