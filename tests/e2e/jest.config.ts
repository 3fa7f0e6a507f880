// Real-browser end-to-end suite: `npm run test:e2e`. The global setup builds the site if stale and starts
// the site server once; every test file drives Debian's Chromium through playwright-core against it.
import type { Config } from 'jest';
import { swcTransform } from '../../jest.config';

const config: Config = {
  displayName: 'e2e (chromium)',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/**/*.e2e.test.ts'],
  transform: swcTransform,
  testTimeout: 60000,
  globalSetup: '<rootDir>/globalSetup.ts',
  globalTeardown: '<rootDir>/globalTeardown.ts',
};

export default config;
