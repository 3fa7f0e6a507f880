import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { lazyWithPreload } from '../../../src/ui/lazyWithPreload';

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

describe('lazyWithPreload', () => {
  it('suspends until its code arrives when it was not preloaded', async () => {
    const load = jest.fn(() => Promise.resolve(Greeting));
    const LazyGreeting = lazyWithPreload(load);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <LazyGreeting name="Ada" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByText('Hello, Ada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders at once, without the fallback, once preloaded (as the prerender needs)', async () => {
    const load = jest.fn(() => Promise.resolve(Greeting));
    const LazyGreeting = lazyWithPreload(load);
    await LazyGreeting.preload();
    await LazyGreeting.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <LazyGreeting name="Grace" />
      </Suspense>,
    );
    expect(screen.getByText('Hello, Grace')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
