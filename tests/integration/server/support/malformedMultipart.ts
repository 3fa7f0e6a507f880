// Multipart bodies a client can break in ways busboy notices only while reading (issue 19: they answered 500).
const boundary = 'fuzzBoundary7MA4YWxkTrZu0gW';
const field = (name: string, value: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const newsletter = field('form-name', 'blog-newsletter') + field('email', 'reader@example.com');

/** [case, Content-Type, body]: each must answer 400 and store nothing. */
export const malformedMultipartBodies: readonly (readonly [string, string, string])[] = [
  ['a boundary that never closes', `multipart/form-data; boundary=${boundary}`, newsletter],
  [
    'a part cut off in its headers',
    `multipart/form-data; boundary=${boundary}`,
    `${newsletter}--${boundary}\r\nContent-Disp`,
  ],
  [
    'garbage after the headers instead of a blank line',
    `multipart/form-data; boundary=${boundary}`,
    `--${boundary}\r\nContent-Disposition: form-data; name="form-name"\r\ngarbage without end`,
  ],
  [
    'a file part that never ends',
    `multipart/form-data; boundary=${boundary}`,
    `${newsletter}--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG`,
  ],
  [
    'a boundary the body does not use',
    'multipart/form-data; boundary=somethingElse',
    `${newsletter}--${boundary}--\r\n`,
  ],
  ['no boundary at all', 'multipart/form-data', `${newsletter}--${boundary}--\r\n`],
  ['an empty boundary', 'multipart/form-data; boundary=', `${newsletter}--${boundary}--\r\n`],
  ['a boundary over 256 characters', `multipart/form-data; boundary=${'b'.repeat(300)}`, newsletter],
  [
    'a field declared JSON that is not',
    `multipart/form-data; boundary=${boundary}`,
    `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\nContent-Type: application/json\r\n\r\n{not json\r\n--${boundary}--\r\n`,
  ],
];
