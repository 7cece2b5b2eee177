/**
 * @jest-config-loader ts-node
 * @jest-config-loader-options {"transpileOnly": true}
 */
// One docblock: Jest reads only the first, so the options in a second one were ignored and
// ts-node type-checked this file on every run (about 10 s of CPU).
import type { Config } from 'jest';
import { availableParallelism } from 'node:os';

/**
 * One Jest project per workspace package. Tests run as native ES modules
 * (node --experimental-vm-modules), TypeScript is stripped by @swc/jest, and
 * workspace packages resolve to their sources so no build is needed to test.
 */
const workspace: Record<string, string> = {
  domain: 'packages/domain',
  application: 'packages/application',
  'http-common': 'packages/http-common',
  'adapters-http': 'packages/adapters-http',
  'adapters-mcp': 'packages/adapters-mcp',
  'adapters-persistence': 'packages/adapters-persistence',
  'adapters-mail': 'packages/adapters-mail',
  'service-common': 'packages/service-common',
  server: 'apps/server',
  'catalog-generator': 'apps/catalog-generator',
  conformance: 'apps/conformance',
  'catalog-cli': 'apps/catalog-cli',
  bench: 'apps/bench',
};

const moduleNameMapper: Record<string, string> = {
  '^(\\.{1,2}/.*)\\.js$': '$1',
};
for (const [name, dir] of Object.entries(workspace)) {
  moduleNameMapper[`^@reviews/${name}$`] = `<rootDir>/../../${dir}/src/index.ts`;
  moduleNameMapper[`^@reviews/${name}/testing$`] = `<rootDir>/../../${dir}/src/testing/index.ts`;
}

const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript' }, target: 'es2023' },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
] as const;

/**
 * Projects with server suites (MongoDB, Redis, PostgreSQL): each server is found or started once
 * for the whole run (test/services/global-setup.mjs, Testcontainers when a Docker engine answers),
 * only when a test of one of them runs.
 */
const usesServers = new Set(['adapters-persistence', 'server', 'catalog-cli']);
const serverHooks = {
  globalSetup: '<rootDir>/../../test/services/global-setup.mjs',
  globalTeardown: '<rootDir>/../../test/services/global-teardown.mjs',
};

const config: Config = {
  testTimeout: 30_000,
  // Jest's default (cores − 1) runs a 2-core machine in band, one file at a time, while most
  // files spend much of their time waiting on servers, child processes and browsers: one worker
  // per core keeps both busy (docs/development.md#test-time).
  maxWorkers: Math.max(2, availableParallelism()),
  // After Jest's own summary: the optional groups (MongoDB, Redis, Chromium, …) that ran, and
  // loudly those that skipped, with how to enable them (docs/development.md#optional-groups-and-the-skip-summary).
  reporters: ['default', '<rootDir>/test/skipped-groups/reporter.mjs'],
  projects: Object.entries(workspace).map(([name, dir]) => ({
    displayName: name,
    rootDir: `<rootDir>/${dir}`,
    testMatch: ['<rootDir>/test/**/*.test.ts'],
    extensionsToTreatAsEsm: ['.ts'],
    moduleNameMapper,
    transform: { '^.+\\.ts$': swc },
    transformIgnorePatterns: ['/node_modules/(?!\\.pnpm/)'],
    testEnvironment: 'node',
    ...(usesServers.has(name) ? serverHooks : {}),
  })),
};

export default config;
