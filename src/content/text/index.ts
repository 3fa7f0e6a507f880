export { detectFormat, isRichTextDocument, looksLikeMarkdown, parseRichText } from './format';
export { htmlToPlain, markdownToPlain, proseText, richTextToPlain, toPlainText } from './plainText';
export { countWords, makeExcerpt, readingTime } from './summary';
export { headingId } from './headingId';
export { buildToc, extractHeadings, tableOfContents } from './toc';
