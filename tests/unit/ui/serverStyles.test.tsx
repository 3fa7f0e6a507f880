// The server's <style> tags stay where they are while the browser's cache adopts what they hold (issue #21).
// <style> tags in <head> have no role to query by: the tests read the document itself.
/* eslint-disable testing-library/no-node-access */
import { CacheProvider, css } from '@emotion/react';
import { render } from '@testing-library/react';
import { adoptServerStyles, serverStyleTags } from '../../../src/ui/serverStyles';

const card = css({ color: 'rebeccapurple', padding: 12 });
const Card = () => <p css={card}>Salesforce, supported</p>;

/** What the prerender writes for <Card /> (its critical styles, as emotion's server extracts them in Node). */
const serverRender = () => ({
  html: `<p class="css-${card.name}">Salesforce, supported</p>`,
  tags: serverStyleTags([
    { key: 'css-global', ids: ['1dt6dls'], css: 'body{margin:0;}' },
    { key: 'css', ids: [card.name], css: `.css-${card.name}{color:rebeccapurple;padding:12px;}` },
    { key: 'css', ids: [], css: '' },
  ]),
});

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('server styles', () => {
  it('names each tag’s cache key and ids in data-css, never in emotion’s own data-emotion', () => {
    expect(serverRender().tags).toBe(
      '<style data-css="css-global 1dt6dls">body{margin:0;}</style>' +
        `<style data-css="css ${card.name}">.css-${card.name}{color:rebeccapurple;padding:12px;}</style>`,
    );
  });

  it('adopts every class of the tags without moving them, and hydrating inserts none of them again', () => {
    const { html, tags } = serverRender();
    document.head.innerHTML = `<meta charset="utf-8">${tags}<link rel="preload" as="script" href="/main.js">`;
    const serverTags = [...document.head.querySelectorAll('style')];
    const moved: Node[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records) moved.push(...record.removedNodes);
    });
    observer.observe(document.head, { childList: true });

    const cache = adoptServerStyles(document);
    const id = card.name;
    expect(cache.inserted[id]).toBe(true);
    expect(cache.inserted['1dt6dls']).toBe(true);

    document.body.innerHTML = html;
    render(
      <CacheProvider value={cache}>
        <Card />
      </CacheProvider>,
      { container: document.body, hydrate: true },
    );
    expect(document.body.querySelector('p')?.className).toBe(`css-${id}`);
    // Nothing was inserted again: the cache's own sheet has no tag, and the server's tag is where it was.
    expect(cache.sheet.tags).toHaveLength(0);
    expect([...document.head.querySelectorAll('style')]).toEqual(serverTags);
    expect([...document.head.children].indexOf(serverTags[0] as Element)).toBe(1);
    observer.takeRecords().forEach((record) => moved.push(...record.removedNodes));
    observer.disconnect();
    expect(moved).toEqual([]);
  });

  it('puts a class the server did not render into a tag of its own after the server’s', () => {
    const { tags } = serverRender();
    document.head.innerHTML = tags;
    const cache = adoptServerStyles(document);
    render(
      <CacheProvider value={cache}>
        <p css={{ color: 'teal' }}>New</p>
      </CacheProvider>,
    );
    const styles = document.head.querySelectorAll('style');
    expect(styles).toHaveLength(3);
    expect(styles[1]?.hasAttribute('data-css')).toBe(true);
    expect(styles[2]?.getAttribute('data-emotion')).toBe('css');
  });
});
