// React.lazy plus a preload(): once preloaded, the component renders directly instead of suspending.
// The prerender relies on that. A boundary that suspends while react-dom/static renders is written
// out as a fallback plus an inline script that swaps the content in, and the CSP blocks inline
// scripts. In the browser nothing is preloaded, so hydration suspends at the boundary, keeps the
// prerendered HTML on screen, and hydrates that part when its chunk arrives.
import { createElement, lazy } from 'react';
import type { FunctionComponent } from 'react';

export type PreloadableComponent<P extends object> = FunctionComponent<P> & { preload: () => Promise<unknown> };

export function lazyWithPreload<P extends object>(load: () => Promise<FunctionComponent<P>>): PreloadableComponent<P> {
  let loaded: FunctionComponent<P> | undefined;
  let pending: Promise<FunctionComponent<P>> | undefined;
  const preload = () => {
    pending ??= load().then((component) => {
      loaded = component;
      return component;
    });
    return pending;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Preloadable(props: P) {
    return createElement(loaded ?? Lazy, props);
  }
  return Object.assign(Preloadable, { preload });
}
