// The body of a blog post in whichever format it was written (docs/requirements.md#content-format-detection): a Contentful
// rich-text document becomes React elements; markdown and HTML become sanitized HTML. Either way
// every heading carries the id ('heading-N') that the post's table of contents links to.
import { useMemo } from 'react';
import { siteConfig } from '../../../shared/config';
import type { BlogPost, PostPage, RichTextDocument } from '../../../content/model';
import { parseRichText } from '../../../content/text';
import { RichText } from './RichText';
import { articleStyles, injectedHtmlStyles } from './styles';

type Body =
  { kind: 'richText'; document: RichTextDocument } | { kind: 'html'; format: 'markdown' | 'html'; html: string };

/** Links to any other origin than the site's open in a new tab. */
const siteOrigin = siteConfig.url;

function toBody(raw: PostPage['rawContent'], format: BlogPost['contentFormat'], bodyHtml: string | null): Body {
  // A document object is rich text whatever the format says; so is a JSON string holding one when
  // the format says rich text. Markdown and HTML arrive already sanitized (BlogPost.bodyHtml, made
  // by the content layer), so this chunk carries neither a markdown parser nor DOMPurify.
  if (raw !== null && (format === 'richText' || typeof raw !== 'string')) {
    const document = parseRichText(raw);
    if (document) return { kind: 'richText', document };
  }
  return { kind: 'html', format: format === 'html' ? 'html' : 'markdown', html: bodyHtml ?? '' };
}

export function PostBody({
  rawContent,
  contentFormat,
  bodyHtml,
}: Pick<PostPage, 'rawContent' | 'contentFormat' | 'bodyHtml'>) {
  const body = useMemo(() => toBody(rawContent, contentFormat, bodyHtml), [rawContent, contentFormat, bodyHtml]);

  if (body.kind === 'richText') {
    return (
      <div css={articleStyles} data-format="richText">
        <RichText document={body.document} siteOrigin={siteOrigin} />
      </div>
    );
  }
  return (
    <div
      css={[articleStyles, injectedHtmlStyles]}
      data-format={body.format}
      // The one place the site injects HTML. It is safe because `body.html` is always the output of
      // sanitizeHtml/markdownToSafeHtml (content/text/sanitize.ts): DOMPurify with an allow-list of
      // article elements and attributes, no scripts, styles, frames, forms, SVG or MathML, no event
      // handlers or style attributes, and only http(s)/mailto/tel/relative URLs. The same input
      // gives the same string in the prerender (jsdom) and in the browser, so hydration matches.
      dangerouslySetInnerHTML={{ __html: body.html }}
    />
  );
}
