import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { environmentSchema } from '@reviews/service-common';
import { REPO_ROOT } from './support/server-process.js';

function read(file: string): string {
  return readFileSync(path.join(REPO_ROOT, file), 'utf8');
}

/** The README and every page under docs/: what a newcomer reads. */
const pages = [
  'README.md',
  ...readdirSync(path.join(REPO_ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The rows of the "Configuration" table (docs/operations.md), up to the next section. */
function configurationTable(): string {
  const section = read('docs/operations.md')
    .split(/^## Configuration$/m)[1]
    ?.split(/^## /m)[0];
  if (section === undefined)
    throw new Error('docs/operations.md has no "## Configuration" section');
  return section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .join('\n');
}

describe("a newcomer's first minutes", () => {
  it('finds every setting the service reads in the configuration table', () => {
    const table = configurationTable();
    const missing = Object.keys(environmentSchema.shape).filter((name) => {
      if (table.includes(`\`${name}\``)) return false;
      // Grouped rows name the shared prefix once: `RATE_LIMIT_API`, `_SEARCH`, …
      const cut = name.lastIndexOf('_');
      return !(
        table.includes(`\`${name.slice(cut)}\``) && table.includes(`\`${name.slice(0, cut)}_`)
      );
    });
    expect(missing).toEqual([]);
  });

  it('is never asked a question by npx in the commands of the README and docs/', () => {
    const prompting = pages.flatMap((page) =>
      read(page)
        .split('\n')
        .filter((line) => /(^|[\s(`])npx\s/.test(line) && !/npx --yes\s/.test(line))
        .map((line) => `${page}: ${line}`),
    );
    expect(prompting).toEqual([]);
  });

  it('starts from the two commands at the top of the README', () => {
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(read('README.md'))?.[1] ?? '';
    expect(firstBlock.split('\n').map((line) => line.split('#')[0]?.trim())).toEqual([
      'npx --yes pnpm@10 install && npx --yes pnpm@10 start',
      'npx --yes pnpm@10 test',
      '',
    ]);
  });

  it('gets no npm warning about project settings: pnpm settings live in pnpm-workspace.yaml', () => {
    expect(existsSync(path.join(REPO_ROOT, '.npmrc'))).toBe(false);
    const workspace = readFileSync(path.join(REPO_ROOT, 'pnpm-workspace.yaml'), 'utf8');
    expect(workspace).toMatch(/^updateNotifier: false$/m);
    expect(workspace).toMatch(/^ignoredBuiltDependencies:$/m);
  });
});
