// Control characters, as the server refuses or strips them in what visitors send: C0 (NUL included), DEL and C1
// (U+0080-U+009F), Unicode's general category Cc.
export const controlCharacter = /\p{Cc}/u;

/** `text` without its control characters. */
export function withoutControlCharacters(text: string): string {
  return text.replace(/\p{Cc}/gu, '');
}
