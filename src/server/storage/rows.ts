// The rows both stores insert: a table's columns and a record's values in that order, written once so the two
// backends cannot disagree on the order. Only the placeholders (`?` or `$n`) are each store's own.
import type { ImageRecord, NewMetric } from './types';

export const metricInsertColumns = 'name, value, unit, timestamp, path, tags, received_at';

export type MetricValues = [string, number, string, number, string | null, string, string];

export const metricValues = (record: NewMetric): MetricValues => [
  record.name,
  record.value,
  record.unit,
  record.timestamp,
  record.path,
  JSON.stringify(record.tags),
  record.receivedAt,
];

export const imageInsertColumns = 'id, filename, content_type, extension, size, width, height, created_at';

export type ImageValues = [string, string, string, string, number, number, number, string];

export const imageValues = (image: ImageRecord): ImageValues => [
  image.id,
  image.filename,
  image.contentType,
  image.extension,
  image.size,
  image.width,
  image.height,
  image.createdAt,
];
