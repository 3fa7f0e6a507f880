import { formatPostDate } from '../../../../src/features/blog/format';

describe('formatPostDate', () => {
  it('writes the en-US long date in UTC, whatever the time of day', () => {
    expect(formatPostDate('2024-03-04T00:00:00Z')).toBe('March 4, 2024');
    expect(formatPostDate('2023-12-31T23:59:59Z')).toBe('December 31, 2023');
    expect(formatPostDate('2024-01-01T00:30:00+02:00')).toBe('December 31, 2023');
  });

  it('agrees with Intl for every day of a leap year', () => {
    const reference = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    for (let day = 0; day < 366; day += 1) {
      const date = new Date(Date.UTC(2024, 0, 1 + day, 12));
      expect(formatPostDate(date.toISOString())).toBe(reference.format(date));
    }
  });

  it('gives an empty string for a date that cannot be read', () => {
    expect(formatPostDate('not a date')).toBe('');
  });
});
