// A Contentful rich-text body as React elements (no HTML strings involved: React escapes all text).
// Every node type has a renderer that cannot throw on missing data; unknown types render their
// children. Links follow the sanitizer's URL policy; embeds resolve from the SDK's resolved
// targets and fall back to the link's own text (or nothing) when a target is a bare link.
import { documentToReactComponents } from '@contentful/rich-text-react-renderer';
import type { Options } from '@contentful/rich-text-react-renderer';
import { BLOCKS, INLINES, MARKS } from '@contentful/rich-text-types';
import type { Block, Inline } from '@contentful/rich-text-types';
import { Children, useMemo } from 'react';
import type { ReactNode } from 'react';
import { Link, useInRouterContext } from 'react-router-dom';
import type { RichTextDocument } from '../../../content/model';
import { isAllowedUrl, isExternalUrl } from '../../../content/text/urls';
import { Image } from '../../../ui/Image';
import { formatBytes, linkedAsset, linkedEntry } from './links';
import type { LinkedAsset } from './links';
import { prepareRichText } from './prepareRichText';
import type { PreparedRichText } from './prepareRichText';
import { embedCardStyles, embedTitleStyles } from './styles';

/** The post page's body column is at most 760 px wide. */
const IMAGE_SIZES = '(min-width: 800px) 760px, 100vw';

interface LinkContext {
  siteOrigin: string | undefined;
  inRouter: boolean;
}

/** A link by the URL policy: external ones open in a new tab; site paths navigate in the app. */
function SafeLink({ href, context, children }: { href: string; context: LinkContext; children: ReactNode }) {
  if (isExternalUrl(href, context.siteOrigin)) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  if (context.inRouter && href.startsWith('/') && !href.startsWith('//')) return <Link to={href}>{children}</Link>;
  return <a href={href}>{children}</a>;
}

const HEADING_TAGS: Partial<Record<string, 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6'>> = {
  'heading-1': 'h1',
  'heading-2': 'h2',
  'heading-3': 'h3',
  'heading-4': 'h4',
  'heading-5': 'h5',
  'heading-6': 'h6',
};

/** Soft line breaks (shift+enter in the editor) arrive as '\n' inside a text value. */
const renderText = (text: string): ReactNode =>
  text.includes('\n')
    ? text.split('\n').flatMap((line, index) => (index === 0 ? [line] : [<br key={index} />, line]))
    : text;

function EmbeddedAsset({ asset, context }: { asset: LinkedAsset; context: LinkContext }) {
  const alt = asset.description ?? asset.title ?? '';
  if (asset.contentType?.startsWith('image/')) {
    return (
      <figure>
        {asset.width && asset.height ? (
          <Image src={asset.url} alt={alt} width={asset.width} height={asset.height} sizes={IMAGE_SIZES} />
        ) : (
          <img src={asset.url} alt={alt} loading="lazy" decoding="async" />
        )}
      </figure>
    );
  }
  const name = asset.title ?? asset.fileName ?? 'file';
  return (
    <p>
      <SafeLink href={asset.url} context={context}>
        Download {name}
      </SafeLink>
      {asset.size ? ` (${formatBytes(asset.size)})` : null}
    </p>
  );
}

function options(prepared: PreparedRichText, context: LinkContext): Options {
  const heading = (node: Block | Inline, children: ReactNode) => {
    const Tag = HEADING_TAGS[node.nodeType] ?? 'h2';
    return <Tag id={prepared.headingIds.get(node)}>{children}</Tag>;
  };

  const entryBlock = (node: Block | Inline) => {
    const entry = linkedEntry(node.data);
    if (!entry || (!entry.title && !entry.href)) return null;
    const title = entry.title ?? 'Read the article';
    return (
      <div css={embedCardStyles}>
        <p css={embedTitleStyles}>
          {entry.href ? (
            <SafeLink href={entry.href} context={context}>
              {title}
            </SafeLink>
          ) : (
            title
          )}
        </p>
        {entry.summary ? <p>{entry.summary}</p> : null}
      </div>
    );
  };

  return {
    stripEmptyTrailingParagraph: true,
    renderText,
    renderMark: {
      [MARKS.BOLD]: (text) => <strong>{text}</strong>,
      [MARKS.ITALIC]: (text) => <em>{text}</em>,
      [MARKS.UNDERLINE]: (text) => <u>{text}</u>,
      [MARKS.CODE]: (text) => <code>{text}</code>,
    },
    renderNode: {
      [BLOCKS.PARAGRAPH]: (_node, children) => <p>{children}</p>,
      [BLOCKS.HEADING_1]: heading,
      [BLOCKS.HEADING_2]: heading,
      [BLOCKS.HEADING_3]: heading,
      [BLOCKS.HEADING_4]: heading,
      [BLOCKS.HEADING_5]: heading,
      [BLOCKS.HEADING_6]: heading,
      [BLOCKS.UL_LIST]: (_node, children) => <ul>{children}</ul>,
      [BLOCKS.OL_LIST]: (_node, children) => <ol>{children}</ol>,
      [BLOCKS.LIST_ITEM]: (_node, children) => <li>{children}</li>,
      [BLOCKS.QUOTE]: (_node, children) => <blockquote>{children}</blockquote>,
      [BLOCKS.HR]: () => <hr />,
      [BLOCKS.TABLE]: (node, children) => {
        const rows = Children.toArray(children);
        const firstRow = node.content[0];
        const headerRow =
          firstRow !== undefined &&
          'content' in firstRow &&
          firstRow.content.length > 0 &&
          firstRow.content.every((cell) => cell.nodeType === BLOCKS.TABLE_HEADER_CELL);
        return (
          // A focusable, named region: wide tables scroll sideways, from the keyboard too
          // (axe "scrollable-region-focusable").
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          <div role="region" aria-label={prepared.tableLabels.get(node) ?? 'Table'} tabIndex={0} data-scroll-region="">
            <table>
              {headerRow ? <thead>{rows[0]}</thead> : null}
              <tbody>{headerRow ? rows.slice(1) : rows}</tbody>
            </table>
          </div>
        );
      },
      [BLOCKS.TABLE_ROW]: (_node, children) => <tr>{children}</tr>,
      [BLOCKS.TABLE_HEADER_CELL]: (node, children) => <th scope={prepared.headerScopes.get(node)}>{children}</th>,
      [BLOCKS.TABLE_CELL]: (_node, children) => <td>{children}</td>,
      [BLOCKS.EMBEDDED_ENTRY]: entryBlock,
      [BLOCKS.EMBEDDED_ASSET]: (node) => {
        const asset = linkedAsset(node.data);
        return asset ? <EmbeddedAsset asset={asset} context={context} /> : null;
      },
      [BLOCKS.EMBEDDED_RESOURCE]: () => null,

      [INLINES.HYPERLINK]: (node, children) => {
        const data: Record<string, unknown> = node.data;
        const uri = typeof data.uri === 'string' ? data.uri.trim() : '';
        // A link the policy refuses (javascript:, data: …) stays as its text.
        if (!uri || !isAllowedUrl(uri)) return <>{children}</>;
        return (
          <SafeLink href={uri} context={context}>
            {children}
          </SafeLink>
        );
      },
      [INLINES.ENTRY_HYPERLINK]: (node, children) => {
        const href = linkedEntry(node.data)?.href;
        return href ? (
          <SafeLink href={href} context={context}>
            {children}
          </SafeLink>
        ) : (
          <>{children}</>
        );
      },
      [INLINES.ASSET_HYPERLINK]: (node, children) => {
        const asset = linkedAsset(node.data);
        return asset ? (
          <SafeLink href={asset.url} context={context}>
            {children}
          </SafeLink>
        ) : (
          <>{children}</>
        );
      },
      [INLINES.EMBEDDED_ENTRY]: (node) => {
        const entry = linkedEntry(node.data);
        if (!entry?.title) return null;
        return entry.href ? (
          <SafeLink href={entry.href} context={context}>
            {entry.title}
          </SafeLink>
        ) : (
          <span>{entry.title}</span>
        );
      },
      [INLINES.RESOURCE_HYPERLINK]: (_node, children) => <>{children}</>,
      [INLINES.EMBEDDED_RESOURCE]: () => null,
    },
  };
}

export function RichText({ document, siteOrigin }: { document: RichTextDocument; siteOrigin?: string }) {
  const inRouter = useInRouterContext();
  const prepared = useMemo(() => prepareRichText(document), [document]);
  return useMemo(
    () => <>{documentToReactComponents(prepared.document, options(prepared, { siteOrigin, inRouter }))}</>,
    [prepared, siteOrigin, inRouter],
  );
}
