// The admin inbox's filters as SQL, shared by both backends: only the placeholders and a few spellings differ.
import type { InboxQuery } from './types';

export interface InboxDialect {
  /** The placeholder for the n-th parameter (1-based): `?` or `$n`. */
  placeholder: (position: number) => string;
  /** True when a text value among the fields (not their names, not the JSON's quoting) is LIKE the parameter. */
  textMatch: (placeholder: string) => string;
  spam: (value: boolean) => string;
}

/**
 * One word for a submission's deliveries (submissions aliased `s`): dead if any is dead, else pending if any is
 * not delivered yet, else delivered; none when it has no deliveries (no channel configured, spam, newsletter).
 */
export const deliveryStateSql = `CASE
    WHEN NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.submission_id = s.id) THEN 'none'
    WHEN EXISTS (SELECT 1 FROM deliveries d WHERE d.submission_id = s.id AND d.status = 'dead') THEN 'dead'
    WHEN EXISTS (SELECT 1 FROM deliveries d WHERE d.submission_id = s.id AND d.status <> 'delivered') THEN 'pending'
    ELSE 'delivered'
  END`;

/** `LIKE` treats % and _ as wildcards; a visitor searching for "50%" means the characters. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export function inboxConditions(query: InboxQuery, dialect: InboxDialect): { where: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const next = (value: unknown): string => {
    params.push(value);
    return dialect.placeholder(params.length);
  };
  const text = query.text?.trim() ?? '';
  if (text !== '') conditions.push(dialect.textMatch(next(likePattern(text))));
  if (query.form !== undefined) conditions.push(`s.form_name = ${next(query.form)}`);
  if (query.from !== undefined) conditions.push(`s.received_at >= ${next(query.from)}`);
  if (query.to !== undefined) conditions.push(`s.received_at < ${next(query.to)}`);
  if (query.beforeId !== undefined) conditions.push(`s.id < ${next(query.beforeId)}`);
  if (query.delivery !== undefined) conditions.push(`(${deliveryStateSql}) = ${next(query.delivery)}`);
  if (query.spam !== 'include') conditions.push(dialect.spam(query.spam === 'only'));
  return { where: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '', params };
}
