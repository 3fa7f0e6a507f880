// What the URL's query asks for on pages the prerender made without one (the case studies' industry filter, the
// contact page's intent): nothing while hydrating, so the first render matches the markup; after hydrating, a render
// again only when the query asks for something. Without a query (most visits), nothing renders again: a "hydrated"
// flag, whose two answers always differ, re-rendered the whole page inside the commit that hydrates it.
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, useSearchParams } from 'react-router-dom';
import { useIndustryFilter } from '../../../src/site/case-studies/CaseStudiesPage';
import { useContactIntent } from '../../../src/site/company/ContactPage';

let renders: (string | null)[] = [];

function FilterProbe() {
  const [search] = useSearchParams();
  renders.push(useIndustryFilter(search)?.slug ?? null);
  return null;
}

function IntentProbe() {
  renders.push(useContactIntent()?.heading ?? null);
  return null;
}

/** Hydrates the markup rendered for `path` (no query) at `url`, as a visitor's browser does; the values rendered. */
async function hydrateAt(
  Probe: () => null,
  path: string,
  url: string,
): Promise<{ renders: unknown[]; errors: unknown[] }> {
  const container = document.createElement('div');
  container.innerHTML = renderToString(
    <MemoryRouter initialEntries={[path]}>
      <Probe />
    </MemoryRouter>,
  );
  document.body.append(container);
  renders = [];
  const errors: unknown[] = [];
  let root: ReturnType<typeof hydrateRoot> | undefined;
  await act(async () => {
    root = hydrateRoot(
      container,
      <MemoryRouter initialEntries={[url]}>
        <Probe />
      </MemoryRouter>,
      { onRecoverableError: (error) => errors.push(error) },
    );
    await Promise.resolve();
  });
  act(() => root?.unmount());
  container.remove();
  return { renders, errors };
}

describe('hydrating what the query asks for', () => {
  it.each([
    ['the case studies', FilterProbe, '/case-studies', '?industry=healthcare', 'healthcare'],
    ['the contact page', IntentProbe, '/contact', '?plan=premium', 'Premium support plan'],
  ])('%s: no render again without a query, one with it', async (_name, Probe, path, query, asked) => {
    expect(await hydrateAt(Probe, path, path)).toEqual({ renders: [null], errors: [] });
    expect(await hydrateAt(Probe, path, `${path}${query}`)).toEqual({ renders: [null, asked], errors: [] });
    // A query that asks for nothing known is no query.
    expect(await hydrateAt(Probe, path, `${path}?industry=astrology&plan=gold`)).toEqual({
      renders: [null],
      errors: [],
    });
  });
});
