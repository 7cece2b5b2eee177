import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { DUPLICATE_ID_RULE_MODULE } from '@reviews/adapters-persistence';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { codeIdentity, indexingIdentity } from '../src/indexing/index-snapshots.js';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'code-identity-'));
  mkdirSync(path.join(root, 'search'));
  writeFileSync(path.join(root, 'index.js'), 'export {};');
  writeFileSync(path.join(root, 'search', 'fold.js'), 'export const fold = 1;');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the code identity of index snapshots', () => {
  it('changes with any module under the root and with any file named after it', () => {
    const rule = path.join(root, '..', `${path.basename(root)}-rule.js`);
    writeFileSync(rule, 'export const unique = true;');
    try {
      const before = codeIdentity(root, [rule]);
      expect(codeIdentity(root, [rule])).toBe(before);

      writeFileSync(rule, 'export const unique = false;');
      const ruleChanged = codeIdentity(root, [rule]);
      expect(ruleChanged).not.toBe(before);

      writeFileSync(path.join(root, 'search', 'fold.js'), 'export const fold = 2;');
      expect(codeIdentity(root, [rule])).not.toBe(ruleChanged);
      expect(() => codeIdentity(root, [`${rule}.missing`])).toThrow();
    } finally {
      rmSync(rule, { force: true });
    }
  });

  it('covers the built domain package and the repeated-id rule a snapshot vouches for', () => {
    const domain = path.dirname(createRequire(import.meta.url).resolve('@reviews/domain'));

    expect(indexingIdentity()).toBe(codeIdentity(domain, [DUPLICATE_ID_RULE_MODULE]));
    expect(indexingIdentity()).not.toBe(codeIdentity(domain, []));
  });
});
