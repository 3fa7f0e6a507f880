export { detectFormat, isRichTextDocument, looksLikeMarkdown, parseRichText } from './format';
export { htmlToPlain, markdownToPlain, proseText, richTextToPlain, toPlainText } from './plainText';
export { countWords, makeExcerpt, readingTime } from './summary';
export { buildToc, extractHeadings, headingId, tableOfContents } from './toc';
