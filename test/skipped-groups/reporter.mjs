/* global process */
// Jest reporter: ends the run with what the optional groups did. A skipped group is named with the
// reason, its test files and how to enable it, so a skip never hides in the scroll-back; the groups
// that ran are listed in one line with what they ran against. Groups register themselves through
// describeWhenAvailable (describe-when-available.ts); this file knows none of them by name.
// See docs/development.md#optional-groups-and-the-skip-summary.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { GROUP_LOG_ENV, readGroups } from './group-log.mjs';

export default class SkippedGroupsReporter {
  #rootDir;
  #dir;

  constructor(globalConfig) {
    this.#rootDir = globalConfig.rootDir;
    // Made before the workers start, so they inherit the variable.
    this.#dir = mkdtempSync(join(tmpdir(), 'reviews-test-groups-'));
    process.env[GROUP_LOG_ENV] = this.#dir;
  }

  onRunStart() {
    rmSync(this.#dir, { recursive: true, force: true });
  }

  onRunComplete() {
    const entries = readGroups(this.#dir);
    rmSync(this.#dir, { recursive: true, force: true });
    if (entries.length === 0) return;
    const groups = new Map();
    for (const entry of entries) {
      const group = groups.get(entry.group) ?? { ran: [], skipped: [] };
      (entry.skipped ? group.skipped : group.ran).push(entry);
      groups.set(entry.group, group);
    }
    const lines = [];
    const ran = [...groups].filter(([, group]) => group.skipped.length === 0);
    const skipped = [...groups].filter(([, group]) => group.skipped.length > 0);
    if (ran.length > 0) {
      lines.push(
        `Optional groups that ran: ${ran
          .map(([name, group]) => `${name} (${distinct(group.ran, 'detail')}; ${files(group.ran)})`)
          .join(', ')}.`,
      );
    }
    if (skipped.length > 0) {
      const rule = '='.repeat(78);
      lines.push(rule, `SKIPPED GROUPS: ${skipped.length}. These tests did NOT run:`);
      for (const [name, group] of skipped) {
        lines.push(
          '',
          `${name}: ${files(group.skipped)} skipped.`,
          `  why:    ${distinct(group.skipped, 'detail')}`,
          `  enable: ${distinct(group.skipped, 'enable')}`,
          ...group.skipped.map((entry) => `  - ${relative(this.#rootDir, entry.testPath)}`),
        );
      }
      lines.push(rule);
    }
    process.stderr.write(`\n${lines.join('\n')}\n\n`);
  }
}

const files = (entries) => {
  const count = new Set(entries.map((entry) => entry.testPath)).size;
  return `${count} test file${count === 1 ? '' : 's'}`;
};

const distinct = (entries, key) => [...new Set(entries.map((entry) => entry[key]))].join('; ');
