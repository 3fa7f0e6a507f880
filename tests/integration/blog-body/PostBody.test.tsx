// PostBody in the browser (jsdom): each format renders, script in the content never runs, heading
// ids are the ones the post's table of contents links to, and the markup is the same as the
// prerender would produce (a fresh jsdom window) and hydrates without a mismatch. Heading ids and
// the injected markup itself are under test, so some assertions read the DOM directly.
/* eslint-disable testing-library/no-node-access, testing-library/no-container */
import { act, render, screen } from '@testing-library/react';
import { JSDOM } from 'jsdom';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { siteConfig } from '../../../src/shared/config';
import { buildMockPosts } from '../../../src/content/mock/mockSource';
import type { BlogPost, RichTextDocument, TocItem } from '../../../src/content/model';
import { staticPostToBlogPost, staticPosts } from '../../../src/content/static/staticPosts';
import { tableOfContents } from '../../../src/content/text';
import { createSanitizer } from '../../../src/content/text/sanitize';
import { PostBody } from '../../../src/features/blog/body/PostBody';
import { safeBodyHtml } from '../../../src/content/normalize';
import { oneLine } from './fixtures';

declare global {
  interface Window {
    __xss?: unknown;
  }
}

type Format = BlogPost['contentFormat'];

const richText: RichTextDocument = {
  nodeType: 'document',
  data: {},
  content: [
    { nodeType: 'heading-2', data: {}, content: [{ nodeType: 'text', value: 'Rich heading', marks: [], data: {} }] },
    {
      nodeType: 'paragraph',
      data: {},
      content: [{ nodeType: 'text', value: 'Rich paragraph.', marks: [{ type: 'bold' }], data: {} }],
    },
    { nodeType: 'heading-4', data: {}, content: [{ nodeType: 'text', value: 'Rich detail', marks: [], data: {} }] },
    { nodeType: 'heading-3', data: {}, content: [{ nodeType: 'text', value: 'Rich subsection', marks: [], data: {} }] },
  ],
};

const markdown = [
  '# Migrating workflow rules',
  'Intro with a [link](https://trailhead.example.com) and `code`.',
  '## Step one: **inventory**',
  '```apex',
  '# not a heading',
  '  System.debug(1);',
  '```',
  '#### A detail',
  '### Step two',
  '| Rule | Flow |\n|------|------|\n| A    | B    |',
  '## Learn C#',
].join('\n\n');

const html = [
  '<h2>Overview</h2><p>Some <strong>HTML</strong> content.</p>',
  '<!-- a comment -->',
  '<h3>Details &amp; caveats</h3><pre><code>  two  spaces</code></pre>',
  '<h5>Fine print</h5><h2>Next <em>steps</em></h2>',
].join('');

function renderBody(rawContent: BlogPost['rawContent'], contentFormat: Format) {
  return render(
    <PostBody
      rawContent={rawContent}
      contentFormat={contentFormat}
      bodyHtml={safeBodyHtml(rawContent, contentFormat)}
    />,
  );
}

const flatten = (items: TocItem[]): TocItem[] => items.flatMap((item) => [item, ...flatten(item.children)]);

afterEach(() => {
  delete window.__xss;
});

describe('PostBody', () => {
  it('renders rich text', () => {
    renderBody(richText, 'richText');

    expect(screen.getByRole('heading', { level: 2, name: 'Rich heading' })).toHaveAttribute('id', 'heading-0');
    expect(screen.getByText('Rich paragraph.').tagName).toBe('STRONG');
  });

  it('renders rich text given as a JSON string', () => {
    renderBody(JSON.stringify(richText), 'richText');

    expect(screen.getByRole('heading', { level: 3, name: 'Rich subsection' })).toHaveAttribute('id', 'heading-2');
  });

  it('renders markdown as sanitized HTML', () => {
    const { container } = renderBody(markdown, 'markdown');

    expect(screen.getByRole('heading', { level: 1, name: 'Migrating workflow rules' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'link' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Table 1' })).toHaveAttribute('tabindex', '0');
    expect(container.querySelector('pre')).toHaveTextContent('# not a heading System.debug(1);', {
      normalizeWhitespace: true,
    });
  });

  it('renders HTML as sanitized HTML', () => {
    renderBody(html, 'html');

    expect(screen.getByRole('heading', { level: 2, name: 'Overview' })).toBeInTheDocument();
    expect(screen.getByText('HTML').tagName).toBe('STRONG');
    expect(screen.queryByText('a comment')).not.toBeInTheDocument();
  });

  it('renders text that is not a rich-text document as markdown, and a document whatever the format says', () => {
    const { unmount } = renderBody('## Plain *markdown*', 'richText');
    expect(screen.getByRole('heading', { level: 2, name: 'Plain markdown' })).toHaveAttribute('id', 'heading-0');
    unmount();

    renderBody(richText, 'markdown');
    expect(screen.getByRole('heading', { level: 2, name: 'Rich heading' })).toBeInTheDocument();
  });

  it.each([
    ['markdown', markdown],
    ['html', html],
    ['richText', richText],
  ] as const)('gives %s headings the ids its table of contents links to', (format, raw) => {
    const { container } = renderBody(raw, format);
    const items = flatten(tableOfContents(raw, format));

    expect(items.length).toBeGreaterThanOrEqual(2);
    for (const item of items) {
      const target = container.querySelector(`[id="${item.id}"]`);
      expect(target?.tagName).toMatch(/^H[1-6]$/);
      expect(oneLine(target?.textContent ?? '')).toBe(item.text);
    }
  });
});

describe('hostile content', () => {
  const payloads = [
    '<script>window.__xss = "script"</script>',
    '<img src="x" onerror="window.__xss = \'img\'">',
    '<svg onload="window.__xss = \'svg\'"><circle r="2"></circle></svg>',
    '<details open ontoggle="window.__xss = \'toggle\'"><summary>More</summary></details>',
    '<a href="javascript:window.__xss=\'link\'" onclick="window.__xss = \'click\'">click</a>',
    '<iframe srcdoc="<script>parent.__xss = \'iframe\'</script>"></iframe>',
    '<p style="background:url(javascript:window.__xss=1)" onmouseover="window.__xss = \'hover\'">hover me</p>',
    '<form><button formaction="javascript:window.__xss=1" onfocus="window.__xss = \'focus\'" autofocus>go</button></form>',
    // Last: the unclosed mutation-XSS payload swallows whatever follows it.
    '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss = \'mxss\'">',
  ].join('\n\n');
  const markdownPayload = `# Title\n\n[md link](javascript:window.__xss='md') Safe text.\n\n${payloads}`;

  /** Fires every event a handler attribute could be waiting for, on every element. */
  async function provoke(root: Element) {
    for (const element of [root, ...Array.from(root.querySelectorAll('*'))])
      for (const type of ['error', 'load', 'toggle', 'click', 'mouseover', 'focus'])
        element.dispatchEvent(new window.Event(type, { bubbles: true }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  }

  it('the event check notices a handler that runs (control)', async () => {
    const raw = document.createElement('div');
    raw.innerHTML = '<img src="x" onerror="window.__xss = \'control\'">';
    document.body.append(raw);
    await provoke(raw);
    raw.remove();

    expect(window.__xss).toBe('control');
  });

  it.each([
    ['html', payloads],
    ['markdown', markdownPayload],
  ] as const)('runs nothing from %s content and keeps its safe text', async (format, raw) => {
    const { container } = renderBody(raw, format);
    await provoke(container);

    expect(window.__xss).toBeUndefined();
    expect(container).toHaveTextContent('click');
    expect(container).toHaveTextContent('hover me');
    for (const element of Array.from(container.querySelectorAll('*'))) {
      expect(['SCRIPT', 'IFRAME', 'STYLE', 'FORM', 'svg', 'math']).not.toContain(element.tagName);
      for (const attribute of Array.from(element.attributes)) {
        expect(attribute.name).not.toMatch(/^on|^style$|^srcdoc$/);
        expect(attribute.value).not.toMatch(/javascript:/i);
      }
    }
    if (format === 'markdown') expect(container).toHaveTextContent('md link Safe text.');
  });
});

describe('the same markup on the server and in the browser', () => {
  it.each([
    ['markdown', markdown],
    ['html', html],
  ] as const)('%s: the browser window and a fresh jsdom window sanitize alike', (format, raw) => {
    const { container } = renderBody(raw, format);
    const prerender = createSanitizer(new JSDOM('<!DOCTYPE html>').window);
    const options = { siteOrigin: siteConfig.url };
    const expected =
      format === 'html' ? prerender.sanitizeHtml(raw, options) : prerender.markdownToSafeHtml(raw, options);
    expect(container.firstElementChild?.innerHTML).toBe(expected);
  });

  it.each([
    ['markdown', markdown],
    ['html', html],
    ['richText', richText],
  ] as const)('%s: hydrates the server markup without a mismatch', async (format, raw) => {
    const element = <PostBody rawContent={raw} contentFormat={format} bodyHtml={safeBodyHtml(raw, format)} />;
    const host = document.createElement('div');
    host.innerHTML = renderToString(element);
    document.body.append(host);
    const serverIds = Array.from(host.querySelectorAll('[id]')).map((node) => node.id);
    const recoverable = jest.fn();

    await act(async () => {
      hydrateRoot(host, element, { onRecoverableError: recoverable });
      await Promise.resolve();
    });

    expect(recoverable).not.toHaveBeenCalled();
    expect(Array.from(host.querySelectorAll('[id]')).map((node) => node.id)).toEqual(serverIds);
    expect(serverIds.length).toBeGreaterThanOrEqual(3);
    host.remove();
  });
});

describe('the site’s own posts', () => {
  const posts = [...buildMockPosts(), ...staticPosts.map(staticPostToBlogPost)];

  it.each(posts.map((post) => [post.slug, post] as const))(
    '%s: every table-of-contents link lands on its heading',
    (_slug, post) => {
      const { container } = renderBody(post.rawContent, post.contentFormat);

      expect(post.tocItems.length).toBeGreaterThan(0);
      for (const item of flatten(post.tocItems)) {
        const target = container.querySelector(`[id="${item.id}"]`);
        expect(target?.tagName).toMatch(/^H[1-6]$/);
        expect(oneLine(target?.textContent ?? '')).toBe(item.text);
      }
    },
  );
});
