import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { environmentSchema } from '../src/config/config.schema.js';
import { REPO_ROOT } from './support/server-process.js';

const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');

/** The rows of the README's "Configuration" table. */
function configurationTable(): string {
  const section = readme.split(/^## Configuration$/m)[1] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .join('\n');
}

describe("a newcomer's first minutes", () => {
  it('finds every setting the service reads in the README table', () => {
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

  it('is never asked a question by npx in the README commands', () => {
    const prompting = readme
      .split('\n')
      .filter((line) => /(^|[\s(`])npx\s/.test(line) && !/npx --yes\s/.test(line));
    expect(prompting).toEqual([]);
  });

  it('gets no npm warning about project settings: pnpm settings live in pnpm-workspace.yaml', () => {
    expect(existsSync(path.join(REPO_ROOT, '.npmrc'))).toBe(false);
    const workspace = readFileSync(path.join(REPO_ROOT, 'pnpm-workspace.yaml'), 'utf8');
    expect(workspace).toMatch(/^updateNotifier: false$/m);
    expect(workspace).toMatch(/^ignoredBuiltDependencies:$/m);
  });
});
