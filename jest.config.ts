import type { Config } from 'jest';

/** The TypeScript transform every jest config here uses (also the e2e suite's). */
export const swcTransform: Config['transform'] = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', importSource: '@emotion/react' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};

// ESM-only packages that jest's CommonJS runtime must have transformed (Node itself loads them).
const transformIgnorePatterns = ['/node_modules/(?!(marked|feed)/)'];

// Server, prerender, content-layer and script tests run in Node: no DOM, real sockets, real timers.
const nodeOnly = [
  '<rootDir>/tests/(unit|integration)/server/',
  '<rootDir>/tests/integration/prerender/',
  '<rootDir>/tests/(unit|integration)/content/',
  '<rootDir>/tests/unit/lint/',
  '<rootDir>/tests/unit/scripts/',
];

const config: Config = {
  testTimeout: 20000,
  // Every core (jest's default leaves one idle: on a 2-core CI machine that is half of it). The server suites mostly
  // wait on child processes and PostgreSQL, so they overlap well with the jsdom ones.
  maxWorkers: '100%',
  projects: [
    {
      displayName: 'app (jsdom)',
      testEnvironment: '<rootDir>/tests/setup/jsdomEnvironment.ts',
      transform: swcTransform,
      transformIgnorePatterns,
      testMatch: ['<rootDir>/tests/(unit|integration)/**/*.test.(ts|tsx)'],
      testPathIgnorePatterns: ['/node_modules/', ...nodeOnly],
      setupFilesAfterEnv: ['<rootDir>/tests/setup/jsdom.ts'],
    },
    {
      displayName: 'server (node)',
      testEnvironment: 'node',
      transform: swcTransform,
      transformIgnorePatterns,
      testMatch: nodeOnly.map((dir) => `${dir}**/*.test.(ts|tsx)`),
      setupFilesAfterEnv: ['<rootDir>/tests/setup/node.ts'],
    },
  ],
};

export default config;
