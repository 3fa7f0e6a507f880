// Dates render the same on the server and in every visitor's time zone (no hydration mismatch).
const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

export const formatPostDate = (iso: string): string => dateFormat.format(new Date(iso));
