// Redux DevTools follows the build: on in development, and in a production build only with REDUX_DEVTOOLS=1.
import { compose } from '@reduxjs/toolkit';
import { devToolsOption } from '../../../src/app/store';

type ExtensionWindow = { __REDUX_DEVTOOLS_EXTENSION_COMPOSE__?: unknown };

/** Builds a store from freshly loaded modules, as a browser with the extension installed would, under `env`. */
async function storeConnectsToExtension(env: { NODE_ENV: string; REDUX_DEVTOOLS?: string }): Promise<boolean> {
  const extension = jest.fn(() => compose);
  const target = window as unknown as ExtensionWindow;
  target.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ = extension;
  const saved = { NODE_ENV: process.env.NODE_ENV, REDUX_DEVTOOLS: process.env.REDUX_DEVTOOLS };
  try {
    // Redux Toolkit looks for the extension when it loads, so the store's modules load after it is installed.
    await jest.isolateModulesAsync(async () => {
      const { makeStore } = await import('../../../src/app/store');
      process.env.NODE_ENV = env.NODE_ENV;
      if (env.REDUX_DEVTOOLS === undefined) delete process.env.REDUX_DEVTOOLS;
      else process.env.REDUX_DEVTOOLS = env.REDUX_DEVTOOLS;
      makeStore();
    });
  } finally {
    process.env.NODE_ENV = saved.NODE_ENV;
    if (saved.REDUX_DEVTOOLS === undefined) delete process.env.REDUX_DEVTOOLS;
    else process.env.REDUX_DEVTOOLS = saved.REDUX_DEVTOOLS;
    delete target.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__;
  }
  return extension.mock.calls.length > 0;
}

describe('Redux DevTools', () => {
  it('is on in development and off in a production build unless REDUX_DEVTOOLS=1', () => {
    expect(devToolsOption({ NODE_ENV: 'development' })).toEqual(
      expect.objectContaining({ name: 'Meridian Cloud Consulting', trace: true }),
    );
    expect(devToolsOption({ NODE_ENV: 'production' })).toBe(false);
    expect(devToolsOption({ NODE_ENV: 'production', REDUX_DEVTOOLS: '' })).toBe(false);
    expect(devToolsOption({ NODE_ENV: 'production', REDUX_DEVTOOLS: '0' })).toBe(false);
    expect(devToolsOption({ NODE_ENV: 'production', REDUX_DEVTOOLS: '1' })).toEqual(
      expect.objectContaining({ name: 'Meridian Cloud Consulting' }),
    );
    expect(devToolsOption({ NODE_ENV: 'production', REDUX_DEVTOOLS: 'true' })).not.toBe(false);
  });

  it("connects a production build's store to the extension only when it was built with REDUX_DEVTOOLS=1", async () => {
    expect(await storeConnectsToExtension({ NODE_ENV: 'production' })).toBe(false);
    expect(await storeConnectsToExtension({ NODE_ENV: 'production', REDUX_DEVTOOLS: '1' })).toBe(true);
    expect(await storeConnectsToExtension({ NODE_ENV: 'development' })).toBe(true);
  });
});
