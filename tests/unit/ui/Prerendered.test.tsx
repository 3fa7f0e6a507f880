// A <Prerendered> part keeps the server's markup on the page's first load, and its router links still navigate in
// the app (issue #21). The server's markup is made by react-dom/server, hydrated by react-dom/client, as in the browser.
/* eslint-disable testing-library/no-node-access */
import { act, fireEvent, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Link, MemoryRouter, useLocation } from 'react-router-dom';
import { recordPrerenderedMarkup } from '../../../src/ui/hydration';
import { Prerendered } from '../../../src/ui/Prerendered';

/** Called by every render of the part's content. */
const rendered = jest.fn();

/** The part's content: counts its renders, holds a router link and a plain one. */
function Study({ title }: { title: string }) {
  rendered();
  return (
    <section>
      <h2>{title}</h2>
      <Link to="/case-studies/coastal-developments">Coastal Developments</Link>
      <a href="/rss.xml">Feed</a>
    </section>
  );
}

function Where() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname}</output>;
}

interface PageProps {
  path: string;
  title: string;
  sameOnEveryPage?: boolean;
}

function Page({ path, title, sameOnEveryPage }: PageProps) {
  return (
    <MemoryRouter initialEntries={[path]}>
      <Where />
      <Prerendered id="study" sameOnEveryPage={sameOnEveryPage}>
        <Study title={title} />
      </Prerendered>
    </MemoryRouter>
  );
}

/** What the prerender writes for `element`. */
const serverHtml = (element: ReactNode): string => renderToString(element);

let container: HTMLElement;
let root: Root | null = null;
let recoverable: unknown[] = [];

/** Server markup for `server`, recorded for `recordedFor`, hydrated with `client`. */
async function hydrate(server: ReactNode, client: ReactNode, recordedFor: string): Promise<void> {
  container.innerHTML = serverHtml(server);
  recordPrerenderedMarkup(container, recordedFor);
  rendered.mockClear();
  await act(async () => {
    root = hydrateRoot(container, client, { onRecoverableError: (error) => recoverable.push(error) });
    await Promise.resolve();
  });
}

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  recoverable = [];
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  recordPrerenderedMarkup(document.createElement('div'), '/');
});

describe('Prerendered', () => {
  it('renders its children, in a box-less element named by its id, where nothing was recorded (the server)', () => {
    expect(serverHtml(<Page path="/case-studies/luxe-properties" title="Luxe Properties" />)).toMatch(
      /<div data-prerendered="study" class="css-[a-z0-9]+"><section><h2>Luxe Properties<\/h2>/,
    );
  });

  it('keeps the server markup on the page it was prerendered for: its components never render in the browser', async () => {
    const path = '/case-studies/luxe-properties';
    // A client render of other content would replace the markup: it is not asked for.
    await hydrate(<Page path={path} title="Luxe Properties" />, <Page path={path} title="Changed" />, path);
    expect(rendered).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Luxe Properties' })).toBeInTheDocument();
    expect(recoverable).toEqual([]);
  });

  it('follows a router link of the server markup inside the app, as the link would have', async () => {
    const path = '/case-studies/luxe-properties';
    await hydrate(<Page path={path} title="Luxe Properties" />, <Page path={path} title="Luxe Properties" />, path);
    const link = screen.getByRole('link', { name: 'Coastal Developments' });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    act(() => {
      link.dispatchEvent(click);
    });
    expect(click.defaultPrevented).toBe(true);
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/case-studies/coastal-developments');
    // On the next URL, the part renders its own content (the route's component stayed mounted).
    expect(rendered).toHaveBeenCalled();
    expect(container.querySelector('[data-prerendered="study"] a[href="/case-studies/coastal-developments"]')).not.toBe(
      null,
    );
  });

  it('leaves other links and modified clicks to the browser', async () => {
    const path = '/case-studies/luxe-properties';
    await hydrate(<Page path={path} title="Luxe Properties" />, <Page path={path} title="Luxe Properties" />, path);
    // Whether the app took a click is what reaches the document; jsdom cannot follow a link, so the test stops it there.
    const taken: boolean[] = [];
    const stop = (event: Event) => {
      taken.push(event.defaultPrevented);
      event.preventDefault();
    };
    document.addEventListener('click', stop);
    try {
      fireEvent.click(screen.getByRole('link', { name: 'Feed' }));
      fireEvent.click(screen.getByRole('link', { name: 'Coastal Developments' }), { ctrlKey: true });
      fireEvent.click(screen.getByRole('link', { name: 'Coastal Developments' }), { button: 1 });
    } finally {
      document.removeEventListener('click', stop);
    }
    expect(taken).toEqual([false, false, false]);
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(path);
    expect(rendered).not.toHaveBeenCalled();
  });

  it('renders its children when the page was prerendered for another URL', async () => {
    const path = '/case-studies/luxe-properties';
    await hydrate(
      <Page path={path} title="Luxe Properties" />,
      <Page path={path} title="Luxe Properties" />,
      '/case-studies/coastal-developments',
    );
    expect(rendered).toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Luxe Properties' })).toBeInTheDocument();
    expect(recoverable).toEqual([]);
  });

  it('keeps markup that is the same on every page through navigations', async () => {
    const path = '/case-studies/luxe-properties';
    const page = <Page path={path} title="Footer" sameOnEveryPage />;
    await hydrate(page, page, path);
    fireEvent.click(screen.getByRole('link', { name: 'Coastal Developments' }));
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/case-studies/coastal-developments');
    expect(rendered).not.toHaveBeenCalled();
  });
});
