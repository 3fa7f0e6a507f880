// A value only the browser knows, hydrated from the server's: the page renders it once hydrated, and renders again
// only when it differs from what the server rendered.
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useBrowserValue } from '../../../src/ui/useMediaQuery';

let browserValue: string | null = null;
let renders: (string | null)[] = [];

function Filter() {
  const value = useBrowserValue(() => browserValue, null);
  renders.push(value);
  return <p>{value === null ? 'All industries' : `Only ${value}`}</p>;
}

async function hydrate(): Promise<{ container: HTMLElement; unmount: () => void }> {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Filter />);
  document.body.append(container);
  renders = [];
  let root: ReturnType<typeof hydrateRoot> | undefined;
  await act(async () => {
    root = hydrateRoot(container, <Filter />, {
      onRecoverableError: (error) => renders.push(`error: ${String(error)}`),
    });
    await Promise.resolve();
  });
  return {
    container,
    unmount: () => {
      act(() => root?.unmount());
      container.remove();
    },
  };
}

describe('useBrowserValue', () => {
  afterEach(() => {
    browserValue = null;
  });

  it('renders the server value while hydrating, and nothing again when the browser has the same', async () => {
    const { container, unmount } = await hydrate();
    expect(container).toHaveTextContent('All industries');
    expect(renders).toEqual([null]);
    unmount();
  });

  it('renders the browser value once hydrated when it differs, without a hydration error', async () => {
    browserValue = 'healthcare';
    const { container, unmount } = await hydrate();
    expect(container).toHaveTextContent('Only healthcare');
    expect(renders).toEqual([null, 'healthcare']);
    unmount();
  });
});
