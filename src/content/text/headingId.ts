// The id of a post's Nth heading, the anchor its table of contents links to. On its own so that the post page, which
// numbers the headings it renders, does not load the table-of-contents code (and with it the plain-text parsers).
export const headingId = (index: number): string => `heading-${index}`;
