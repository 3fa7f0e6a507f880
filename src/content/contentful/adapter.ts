// Converts Content Delivery API entries and assets into the domain (docs/requirements.md#blog-post-fields).
// Entries arrive in two shapes: links already resolved by the SDK, or raw links plus `includes`
// (recorded JSON, withoutLinkResolution). Both work; a link that resolves to nothing is skipped.
import type { Author, BlogPost, Category, Image, RichTextDocument, RichTextNode, Tag } from '../model';
import { DEFAULTS } from '../model';
import { toBlogPost } from '../normalize';
import { parseRichText, richTextToPlain } from '../text';
import type { CdaAssetFile, CdaCollection, CdaEntry, CdaIncludes, CdaLink } from './cdaTypes';
import { CONTENT_TYPES } from './cdaTypes';

/** docs/requirements.md#placeholder-image "Placeholder image 800x600 at /images/placeholder.jpg". */
export const PLACEHOLDER_IMAGE = { url: '/images/placeholder.jpg', width: 800, height: 600 } as const;

type Dict = Record<string, unknown>;
const isObject = (value: unknown): value is Dict => typeof value === 'object' && value !== null;
const nonBlank = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;
const finiteNumber = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

export const isLink = (value: unknown): value is CdaLink =>
  isObject(value) && isObject(value.sys) && value.sys.type === 'Link' && typeof value.sys.id === 'string';

/** Has the system data and fields every entry or asset must have (docs/requirements.md#entry-validation). */
export const isEntity = (value: unknown): value is CdaEntry =>
  isObject(value) &&
  isObject(value.sys) &&
  typeof value.sys.id === 'string' &&
  isObject(value.fields) &&
  !Array.isArray(value.fields);

/** docs/requirements.md#entry-validation "An entry must have system data and fields, else 'Invalid entry structure'". */
export function assertEntry(value: unknown): asserts value is CdaEntry {
  if (!isEntity(value)) throw new Error('Invalid entry structure');
}

export const contentTypeOf = (entry: CdaEntry): string | undefined => entry.sys.contentType?.sys.id;

/** The service-level check of docs/requirements.md#entry-validation: "a non-post entry gives 'Entry {id} is not a blog post'". */
export function assertBlogPostEntry(entry: unknown): asserts entry is CdaEntry {
  assertEntry(entry);
  if (contentTypeOf(entry) !== CONTENT_TYPES.blogPost) throw new Error(`Entry ${entry.sys.id} is not a blog post`);
}

export interface LinkResolver {
  /** The entry a field points at (a resolved entry, or a link found in items/includes), else null. */
  entry: (value: unknown) => CdaEntry | null;
  asset: (value: unknown) => CdaEntry | null;
}

/**
 * Resolves links against a response's items and includes (the SDK does the same before it hands
 * entries over, so for SDK responses the values are usually entries already).
 */
export function createLinkResolver(
  response: { items?: readonly unknown[]; includes?: CdaIncludes } = {},
): LinkResolver {
  const index = new Map<string, CdaEntry>();
  const add = (type: string, values: readonly unknown[] | undefined): void => {
    for (const value of values ?? []) {
      if (isEntity(value)) index.set(`${type}!${value.sys.id}`, value);
    }
  };
  add(
    'Entry',
    response.items?.filter((item) => isObject(item) && isObject(item.sys) && item.sys.type !== 'Asset'),
  );
  add(
    'Asset',
    response.items?.filter((item) => isObject(item) && isObject(item.sys) && item.sys.type === 'Asset'),
  );
  add('Entry', response.includes?.Entry);
  add('Asset', response.includes?.Asset);

  const resolve = (type: 'Entry' | 'Asset', value: unknown): CdaEntry | null => {
    if (isLink(value)) return value.sys.linkType === type ? (index.get(`${type}!${value.sys.id}`) ?? null) : null;
    return isEntity(value) && value.sys.type === type ? value : null;
  };
  return { entry: (value) => resolve('Entry', value), asset: (value) => resolve('Asset', value) };
}

/** Contentful serves protocol-relative URLs ('//images.ctfassets.net/…'); pages need https. */
export const assetUrl = (url: string): string => (url.startsWith('//') ? `https:${url}` : url);

const IMAGE_EXTENSION = /\.(avif|gif|jpe?g|png|svg|webp)(\?|$)/i;

const isImageFile = (file: CdaAssetFile): boolean =>
  typeof file.contentType === 'string'
    ? file.contentType.toLowerCase().startsWith('image/')
    : IMAGE_EXTENSION.test(file.fileName ?? file.url ?? '');

/** docs/requirements.md#asset-validation: the fallback an unknown asset type yields. */
export const fallbackImage = (alt: string): Image => ({ ...PLACEHOLDER_IMAGE, alt, source: 'other' });

/**
 * An image asset as a domain Image. No file field → 'Invalid Contentful asset: missing file field';
 * a file that is not an image → 'Invalid asset type' is logged and the placeholder comes back (docs/requirements.md#asset-validation).
 */
export function adaptAsset(asset: unknown, altFallback = ''): Image {
  const fields = isObject(asset) && isObject(asset.fields) ? asset.fields : undefined;
  const file = fields && isObject(fields.file) ? (fields.file as CdaAssetFile) : undefined;
  if (!fields || !file || typeof file.url !== 'string' || !file.url) {
    throw new Error('Invalid Contentful asset: missing file field');
  }
  const alt = nonBlank(fields.description) ?? nonBlank(fields.title) ?? altFallback;
  if (!isImageFile(file)) {
    const id = isObject(asset) && isObject(asset.sys) ? asset.sys.id : undefined;
    console.error('Invalid asset type', { assetId: id, contentType: file.contentType ?? null });
    return fallbackImage(alt);
  }
  const size = file.details?.image;
  return {
    url: assetUrl(file.url),
    alt,
    ...(finiteNumber(size?.width) === undefined ? {} : { width: size?.width }),
    ...(finiteNumber(size?.height) === undefined ? {} : { height: size?.height }),
    source: 'contentful',
  };
}

/** An image for a linked asset; a broken asset costs the image, never the entry. */
function linkedImage(links: LinkResolver, value: unknown, altFallback: string): Image | null {
  const asset = links.asset(value);
  if (!asset) return null;
  try {
    return adaptAsset(asset, altFallback);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error, { assetId: asset.sys.id });
    return null;
  }
}

const stringRecord = (value: unknown): Record<string, string> | undefined => {
  if (!isObject(value)) return undefined;
  const entries = Object.entries(value).filter((pair): pair is [string, string] => typeof pair[1] === 'string');
  return entries.length ? Object.fromEntries(entries) : undefined;
};

/** Only defined optional fields, so results compare and serialize cleanly. */
const defined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;

export function adaptAuthor(entry: unknown, links: LinkResolver = createLinkResolver()): Author {
  assertEntry(entry);
  const { fields } = entry;
  const name = nonBlank(fields.name) ?? DEFAULTS.authorName;
  return defined<Author>({
    id: entry.sys.id,
    name,
    bio: nonBlank(fields.bio),
    avatar: linkedImage(links, fields.avatar, name)?.url,
    email: nonBlank(fields.email),
    role: nonBlank(fields.role),
    social: stringRecord(fields.social),
  });
}

export function adaptCategory(entry: unknown): Category {
  assertEntry(entry);
  const { fields } = entry;
  return defined<Category>({
    id: entry.sys.id,
    name: nonBlank(fields.name) ?? DEFAULTS.categoryName,
    slug: nonBlank(fields.slug) ?? entry.sys.id,
    description: nonBlank(fields.description),
  });
}

export function adaptTag(entry: unknown): Tag {
  assertEntry(entry);
  const { fields } = entry;
  return {
    id: entry.sys.id,
    name: nonBlank(fields.name) ?? DEFAULTS.tagName,
    slug: nonBlank(fields.slug) ?? entry.sys.id,
  };
}

/** A link back in place of a resolved target: the document stays as delivered, and acyclic. */
const isPlainValue = (value: unknown): value is string | number | boolean =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/**
 * What a renderer needs of an embedded or linked target, and nothing more: its id and type, an
 * entry's content type and plain fields (title, slug, name…), an asset's title and file. Plain
 * and acyclic, so the document stays serializable in the store (the SDK's resolved objects can
 * point back at each other).
 */
function targetSnapshot(target: Dict): Dict {
  const sys = isObject(target.sys) ? target.sys : {};
  const type = sys.type === 'Asset' ? 'Asset' : 'Entry';
  const fields = isObject(target.fields) ? target.fields : {};
  if (type === 'Asset') {
    const file = isObject(fields.file) ? fields.file : undefined;
    const details = file && isObject(file.details) ? file.details : undefined;
    const image = details && isObject(details.image) ? details.image : undefined;
    return {
      sys: { type, id: sys.id },
      fields: {
        ...(isPlainValue(fields.title) ? { title: fields.title } : {}),
        ...(isPlainValue(fields.description) ? { description: fields.description } : {}),
        ...(file
          ? {
              file: {
                url: typeof file.url === 'string' ? assetUrl(file.url) : undefined,
                contentType: file.contentType,
                ...(image ? { details: { image: { width: image.width, height: image.height } } } : {}),
              },
            }
          : {}),
      },
    };
  }
  const contentType = isObject(sys.contentType) && isObject(sys.contentType.sys) ? sys.contentType.sys.id : undefined;
  return {
    sys: {
      type,
      id: sys.id,
      ...(typeof contentType === 'string'
        ? { contentType: { sys: { type: 'Link', linkType: 'ContentType', id: contentType } } }
        : {}),
    },
    fields: Object.fromEntries(Object.entries(fields).filter(([, value]) => isPlainValue(value))),
  };
}

/** A target as a link, or — when it is (or resolves to) a delivered entry/asset — its snapshot. */
function deliveredTarget(target: Dict, links?: LinkResolver): Dict {
  const sys = isObject(target.sys) ? target.sys : {};
  if (sys.type === 'Link') {
    const resolved = sys.linkType === 'Asset' ? links?.asset(target) : links?.entry(target);
    return resolved ? targetSnapshot(resolved as unknown as Dict) : { sys: { ...sys } };
  }
  if ((sys.type === 'Entry' || sys.type === 'Asset') && typeof sys.id === 'string') return targetSnapshot(target);
  return { sys: { ...sys } };
}

function deliveredNode(node: RichTextNode, links?: LinkResolver): RichTextNode {
  // Copied, not shared: nodes the API sent without `data` stay without it.
  const copy: RichTextNode = { ...node };
  if (isObject(node.data)) {
    const data: Dict = { ...node.data };
    if (isObject(data.target)) data.target = deliveredTarget(data.target, links);
    copy.data = data;
  }
  if (Array.isArray(node.content)) copy.content = node.content.map((child) => deliveredNode(child, links));
  if (Array.isArray(node.marks)) copy.marks = node.marks.map((mark) => ({ ...mark }));
  return copy;
}

/**
 * The rich-text document with every embedded or linked target as a small plain snapshot (resolved
 * from the SDK's objects or from the response's includes), or a bare link when it cannot be found.
 */
export const deliveredRichText = (document: RichTextDocument, links?: LinkResolver): RichTextDocument =>
  deliveredNode(document, links) as RichTextDocument;

const hasEmbeds = (node: RichTextNode): boolean =>
  node.nodeType.startsWith('embedded-') || (node.content ?? []).some(hasEmbeds);

const isEmptyDocument = (document: RichTextDocument): boolean =>
  !richTextToPlain(document).trim() && !hasEmbeds(document);

/** `content` (rich text) when it has anything in it, else the markdown/HTML `body`. */
function pickBody(content: unknown, body: unknown, links: LinkResolver): RichTextDocument | string {
  const document = parseRichText(content);
  if (document && !isEmptyDocument(document)) return deliveredRichText(document, links);
  if (typeof body === 'string' && body.trim()) return body;
  return document ? deliveredRichText(document, links) : '';
}

const linkedList = <T>(
  value: unknown,
  resolve: (item: unknown) => CdaEntry | null,
  adapt: (entry: CdaEntry) => T,
): T[] =>
  (Array.isArray(value) ? value : [])
    .map(resolve)
    .filter((entry): entry is CdaEntry => entry !== null)
    .map(adapt);

/**
 * A `blogpost` entry as a BlogPost, through toBlogPost (which applies every default of docs/requirements.md#blog-post-fields).
 * Not an entry → 'Invalid entry structure'; another content type → "Invalid content type: {type}.
 * Expected 'blogpost'." (docs/requirements.md#entry-validation).
 */
export function adaptBlogPost(entry: unknown, links: LinkResolver = createLinkResolver()): BlogPost {
  assertEntry(entry);
  const type = contentTypeOf(entry);
  if (type !== CONTENT_TYPES.blogPost) throw new Error(`Invalid content type: ${String(type)}. Expected 'blogpost'.`);
  const { fields, sys } = entry;
  const title = nonBlank(fields.title);
  const categoryEntry = links.entry(fields.category);
  return toBlogPost({
    id: sys.id,
    title,
    slug: nonBlank(fields.slug),
    body: pickBody(fields.content, fields.body, links),
    excerpt: nonBlank(fields.excerpt),
    publishDate: nonBlank(fields.publishDate) ?? sys.createdAt,
    modifiedDate: sys.updatedAt,
    authors: linkedList(fields.authors, links.entry, (author) => adaptAuthor(author, links)),
    category: categoryEntry ? adaptCategory(categoryEntry) : null,
    tags: linkedList(fields.tags, links.entry, adaptTag),
    coverImage: linkedImage(links, fields.coverImage, title ?? DEFAULTS.postTitle),
    featured: fields.featured === true,
    readingTime: finiteNumber(fields.readingTime),
  });
}

export interface AdaptedItems<T> {
  items: T[];
  /** Entries that could not be adapted, with why; the read goes on without them. */
  rejected: { id: string | undefined; error: Error }[];
}

/** Adapts every item of a collection; one broken entry is reported instead of failing the page. */
export function adaptItems<T>(
  collection: Pick<CdaCollection, 'items' | 'includes'>,
  adapt: (entry: unknown, links: LinkResolver) => T,
): AdaptedItems<T> {
  const links = createLinkResolver(collection);
  const result: AdaptedItems<T> = { items: [], rejected: [] };
  for (const item of collection.items) {
    try {
      result.items.push(adapt(item, links));
    } catch (error) {
      const id = isObject(item) && isObject(item.sys) && typeof item.sys.id === 'string' ? item.sys.id : undefined;
      result.rejected.push({ id, error: error instanceof Error ? error : new Error(String(error)) });
    }
  }
  return result;
}

/**
 * A sync or space-export entity (fields keyed by locale: { title: { 'en-US': … } }) in the flat
 * delivery shape, for one locale.
 */
export function fromLocalizedEntity(entity: unknown, locale = 'en-US'): unknown {
  if (!isEntity(entity)) return entity;
  const fields = Object.fromEntries(
    Object.entries(entity.fields).map(([key, value]) => [
      key,
      isObject(value) && locale in value ? value[locale] : value,
    ]),
  );
  return { ...entity, sys: { ...entity.sys, locale }, fields };
}
