// Table of contents for the three formats. Every heading (levels 1–6) is numbered in document
// order as 'heading-N' from 0, so a renderer can give each heading its id by counting; the
// table lists those of level 3 or less, nested under the nearest higher heading.
import type { ContentFormat, RichTextNode, TocItem } from '../model';
import { LIMITS } from '../model';
import { parseRichText } from './format';
import { headingId } from './headingId';
import { decodeEntities, richTextToPlain, stripInlineMarkdown } from './plainText';

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

export interface Heading {
  level: number;
  text: string;
}

function richTextHeadings(node: RichTextNode, into: Heading[] = []): Heading[] {
  const match = /^heading-([1-6])$/.exec(node.nodeType);
  if (match) into.push({ level: Number(match[1]), text: oneLine(richTextToPlain(node)) });
  else for (const child of node.content ?? []) richTextHeadings(child, into);
  return into;
}

function markdownHeadings(markdown: string): Heading[] {
  const headings: Heading[] = [];
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) inFence = !inFence;
    if (inFence) continue;
    // A closing run of #s only counts after a space: '## Learn C#' keeps its '#'.
    const match = /^(#{1,6})\s+(.+?)(?:\s+#+)?\s*$/.exec(line);
    if (match?.[1] && match[2]) {
      const text = stripInlineMarkdown(match[2].replace(/\[([^\]]+)\]\([^)]*\)/g, '$1'));
      headings.push({ level: match[1].length, text: text.trim() });
    }
  }
  return headings;
}

function htmlHeadings(html: string): Heading[] {
  return [...html.matchAll(/<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1\s*>/gi)].map((match) => ({
    level: Number(match[1]),
    text: oneLine(decodeEntities((match[2] ?? '').replace(/<[^>]*>/g, ''))),
  }));
}

export function extractHeadings(raw: unknown, format: ContentFormat): Heading[] {
  if (format === 'richText') {
    const document = parseRichText(raw);
    return document ? richTextHeadings(document) : [];
  }
  if (typeof raw !== 'string') return [];
  return format === 'html' ? htmlHeadings(raw) : markdownHeadings(raw);
}

export function buildToc(headings: readonly Heading[], maxLevel: number = LIMITS.tocMaxLevel): TocItem[] {
  const root: TocItem[] = [];
  const stack: TocItem[] = [];
  headings.forEach((heading, index) => {
    if (heading.level > maxLevel || !heading.text) return;
    const item: TocItem = {
      id: headingId(index),
      text: heading.text,
      level: heading.level as TocItem['level'],
      children: [],
    };
    while (stack.length > 0 && (stack[stack.length - 1]?.level ?? 0) >= item.level) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(item);
    else root.push(item);
    stack.push(item);
  });
  return root;
}

export const tableOfContents = (raw: unknown, format: ContentFormat): TocItem[] =>
  buildToc(extractHeadings(raw, format));
