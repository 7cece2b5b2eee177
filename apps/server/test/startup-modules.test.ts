import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built server module that `main.js` starts (`npx tsc -b` first). */
const SERVER_MODULE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../dist/server.js',
);

/** The CommonJS modules a fresh process has loaded once it has imported the server's modules. */
function modulesLoadedByTheServer(): string[] {
  const script = [
    "const { createRequire } = await import('node:module');",
    `await import(${JSON.stringify(SERVER_MODULE)});`,
    'console.log(JSON.stringify(Object.keys(createRequire(import.meta.url).cache)));',
  ].join('\n');
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  return JSON.parse(out) as string[];
}

const packageOf = (file: string): string | undefined =>
  /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules)/.exec(file)?.[1];

describe('the modules the server loads before it knows its settings', () => {
  it('include neither the MongoDB driver, ioredis nor the AWS SDK (loaded when configured)', () => {
    expect(existsSync(SERVER_MODULE)).toBe(true);
    const packages = new Set(modulesLoadedByTheServer().map(packageOf));
    // The check sees the packages that are loaded, so an empty answer below means something.
    expect(packages).toContain('express');
    expect(packages).toContain('prom-client');
    const optional = [...packages].filter(
      (name) =>
        name !== undefined &&
        (name === 'mongodb' ||
          name === 'bson' ||
          name === 'ioredis' ||
          name.startsWith('@aws-sdk/') ||
          name.startsWith('@smithy/')),
    );
    expect(optional).toEqual([]);
  });
});
