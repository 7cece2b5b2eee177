/**
 * The layer rule: arrows point inward. domain <- application <- adapters-* <- apps.
 * packages/http-common is plumbing the two driving adapters (REST and MCP) share: it sits beside
 * application, and adapters may import it; it imports nothing but application, domain and npm.
 * packages/service-common is what the two apps (server and catalog CLI) share: the configuration
 * and the index building. It sits below the apps, and the CLI does not import the server.
 * Runs in `pnpm lint` (and so in `pnpm test` and CI); any outward arrow fails the build.
 */

const { readdirSync, readFileSync, existsSync } = require('node:fs');
const path = require('node:path');

const PRODUCTION_CODE = '^(packages|apps)/[^/]+/src/';
// Test support (`@reviews/<package>/testing`) and the benchmarks never ship in the image.
const ROOT = path.dirname(require.resolve('./package.json'));
const TESTING_CODE = '/src/testing/';
const NOT_SHIPPED = [TESTING_CODE, '^apps/bench/'];

/**
 * The same rule for workspace packages, which resolve through tsconfig paths (so dependency-cruiser
 * sees them as local files, never as npm-dev): for each package, its production code may import
 * another workspace package only when its package.json lists it under dependencies.
 */
function workspaceDependencyRules() {
  const packages = ['packages', 'apps'].flatMap((top) =>
    readdirSync(path.join(ROOT, top))
      .map((name) => `${top}/${name}`)
      .filter((dir) => existsSync(path.join(ROOT, dir, 'package.json'))),
  );
  const nameOf = (dir) =>
    JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')).name;
  return packages.flatMap((dir) => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8'));
    const listed = new Set(Object.keys(manifest.dependencies ?? {}));
    const unlisted = packages.filter((other) => other !== dir && !listed.has(nameOf(other)));
    if (unlisted.length === 0) return [];
    return [
      {
        name: 'not-to-dev-dep',
        comment: `${dir}/src imports only the workspace packages ${dir}/package.json lists under dependencies: the image installs those alone (docs/operations.md#the-image).`,
        severity: 'error',
        from: { path: `^${dir}/src/`, pathNot: NOT_SHIPPED },
        to: { path: `^(${unlisted.join('|')})/`, dependencyTypesNot: ['type-only'] },
      },
    ];
  });
}

module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment:
        'packages/domain is pure code: no other workspace package, no npm package, no Node I/O.',
      severity: 'error',
      from: { path: '^packages/domain/src' },
      to: { pathNot: '^packages/domain/src' },
    },
    {
      name: 'application-depends-on-domain-only',
      comment:
        'packages/application sees the domain and zod (for the shared input/output schemas), nothing else.',
      severity: 'error',
      from: { path: '^packages/application/src', pathNot: TESTING_CODE },
      to: {
        pathNot: [
          '^packages/(application|domain)/src',
          'node_modules/zod/',
          'node_modules/\\.pnpm/zod@',
        ],
      },
    },
    {
      name: 'adapters-do-not-import-each-other',
      comment: 'An adapter depends on application and domain, never on another adapter or an app.',
      severity: 'error',
      from: { path: '^packages/(adapters-[a-z]+)/src' },
      to: { path: '^(packages/adapters-|apps/)', pathNot: '^packages/$1/' },
    },
    {
      name: 'http-common-depends-on-application-only',
      comment:
        'packages/http-common is shared HTTP plumbing: application, domain and npm packages, never an adapter or an app.',
      severity: 'error',
      from: { path: '^packages/http-common/src' },
      to: { path: '^(packages/adapters-|apps/)' },
    },
    {
      name: 'service-common-is-for-the-apps',
      comment:
        'packages/service-common is imported by apps only, and uses no driving adapter (nor http-common).',
      severity: 'error',
      from: { path: '^packages/', pathNot: '^packages/service-common/' },
      to: { path: '^packages/service-common/' },
    },
    {
      name: 'service-common-uses-no-driving-adapter',
      severity: 'error',
      from: { path: '^packages/service-common/src' },
      to: { path: '^packages/(adapters-(http|mcp|mail)|http-common)/' },
    },
    {
      name: 'catalog-cli-does-not-import-the-server',
      comment:
        'What the CLI and the server both need lives in packages/service-common, not in the server.',
      severity: 'error',
      from: { path: '^apps/catalog-cli/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'packages-never-import-apps',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'not-to-dev-dep',
      comment:
        'Production code imports only the npm packages its own package.json lists under dependencies: the image installs those alone (docs/operations.md#the-image).',
      severity: 'error',
      from: { path: PRODUCTION_CODE, pathNot: NOT_SHIPPED },
      to: { dependencyTypes: ['npm-dev', 'npm-no-pkg'], dependencyTypesNot: ['type-only'] },
    },
    ...workspaceDependencyRules(),
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // node_modules is listed (not followed), so that not-to-dev-dep sees npm imports.
    exclude: { path: '(^|/)(dist|test)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default'],
    },
    combinedDependencies: true,
  },
};
