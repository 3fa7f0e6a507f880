// What a rich-text link or embed points at. Targets come in two shapes: resolved by the SDK (the
// whole entry or asset, with `fields`) or a bare link ({ sys: { type: 'Link', id } }) when nothing
// resolved it. Bare links, and anything malformed, resolve to null: the renderer then falls back to
// the node's own text, or to nothing.
import { paths } from '../../../shared/paths';
import { withProtocol } from '../../../content/images';
import { isAllowedUrl } from '../../../content/text/urls';

type Dict = Record<string, unknown>;

export const isDict = (value: unknown): value is Dict =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const nonBlank = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/** A text field, also when it is a locale map as the Sync API sends it ({ 'en-US': 'Title' }). */
function textField(fields: Dict, name: string): string | undefined {
  const value = fields[name];
  if (isDict(value))
    return Object.values(value)
      .map(nonBlank)
      .find((text) => text !== undefined);
  return nonBlank(value);
}

/** An object field (an asset's `file`), also when it is a locale map. */
function objectField(fields: Dict, name: string, key: string): Dict | undefined {
  const value = fields[name];
  if (!isDict(value)) return undefined;
  if (key in value) return value;
  return Object.values(value).find((inner): inner is Dict => isDict(inner) && key in inner);
}

const positive = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;

/** The resolved target of a node's data, with `fields`, of the given sys.type; else null. */
function resolvedTarget(data: unknown, type: 'Entry' | 'Asset'): { sys: Dict; fields: Dict } | null {
  if (!isDict(data) || !isDict(data.target)) return null;
  const { sys, fields } = data.target;
  if (!isDict(sys) || !isDict(fields) || sys.type !== type) return null;
  return { sys, fields };
}

export interface LinkedEntry {
  /** The site path for entries the site has a page for (blog posts), else null. */
  href: string | null;
  /** Title or name, if it has one. */
  title: string | undefined;
  /** Excerpt or description, if it has one. */
  summary: string | undefined;
}

const BLOG_POST_TYPE = 'blogpost';

const contentTypeOf = (sys: Dict): string | undefined => {
  const link = isDict(sys.contentType) && isDict(sys.contentType.sys) ? sys.contentType.sys : undefined;
  return typeof link?.id === 'string' ? link.id : undefined;
};

/** The entry a rich-text node links to or embeds, when the SDK resolved it; else null. */
export function linkedEntry(data: unknown): LinkedEntry | null {
  const target = resolvedTarget(data, 'Entry');
  if (!target) return null;
  const type = contentTypeOf(target.sys)
    ?.replace(/[^a-z]/gi, '')
    .toLowerCase();
  const slug = textField(target.fields, 'slug');
  return {
    href: type === BLOG_POST_TYPE && slug ? paths.blogPost(slug) : null,
    title: textField(target.fields, 'title') ?? textField(target.fields, 'name'),
    summary: textField(target.fields, 'excerpt') ?? textField(target.fields, 'description'),
  };
}

export interface LinkedAsset {
  /** Absolute (https) file URL, checked against the URL policy. */
  url: string;
  title: string | undefined;
  description: string | undefined;
  fileName: string | undefined;
  contentType: string | undefined;
  width: number | undefined;
  height: number | undefined;
  /** Bytes. */
  size: number | undefined;
}

/** The asset a rich-text node links to or embeds, when resolved and it has a usable file URL. */
export function linkedAsset(data: unknown): LinkedAsset | null {
  const target = resolvedTarget(data, 'Asset');
  if (!target) return null;
  const file = objectField(target.fields, 'file', 'url');
  const rawUrl = nonBlank(file?.url);
  if (!file || !rawUrl) return null;
  const url = withProtocol(rawUrl);
  if (!isAllowedUrl(url)) return null;
  const details = isDict(file.details) ? file.details : {};
  const image = isDict(details.image) ? details.image : {};
  return {
    url,
    title: textField(target.fields, 'title'),
    description: textField(target.fields, 'description'),
    fileName: nonBlank(file.fileName),
    contentType: nonBlank(file.contentType)?.toLowerCase(),
    width: positive(image.width),
    height: positive(image.height),
    size: positive(details.size),
  };
}

/** '1.2 MB', '340 KB': for download links. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit] ?? 'GB'}`;
}
