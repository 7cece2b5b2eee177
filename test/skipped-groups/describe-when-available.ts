import { describe, expect } from '@jest/globals';
import { recordGroup } from './group-log.mjs';

/** `describe` or `describe.skip`, for suites written as `declarer(name, () => { … })`. */
export type SuiteDeclarer = typeof describe | typeof describe.skip;

/** An optional group: tests that need a server or a browser the machine may not have. */
export interface OptionalGroup {
  /** The group's name in the summary: `MongoDB`, `Redis`, `Chromium`, `PostgreSQL`, … */
  readonly group: string;
  /** What the suites run against when it is there: a URL, a path, a server's name. */
  readonly using: string;
  /** Why the group cannot run on this machine, or `null` when it can. */
  readonly missing: string | null;
  /** How to make it run: the command or variable a person needs. */
  readonly enable: string;
}

/**
 * The one rule for optional groups (docs/development.md#optional-groups-and-the-skip-summary).
 * Available: `describe`. Missing in CI (`CI=true`, which provides every group): throws, so the
 * test file fails. Missing elsewhere: `describe.skip`, and the group is named, with the reason and
 * how to enable it, in the summary at the end of the run (test/skipped-groups/reporter.mjs).
 */
export function describeWhenAvailable(group: OptionalGroup): SuiteDeclarer {
  const skipped = group.missing !== null;
  if (skipped && process.env['CI'] === 'true') {
    throw new Error(
      `${group.group} is required in CI but is not available: ${group.missing}. ${group.enable}.`,
    );
  }
  const recorded = recordGroup({
    group: group.group,
    testPath: expect.getState().testPath ?? 'unknown test file',
    detail: group.missing ?? group.using,
    enable: group.enable,
    skipped,
  });
  if (skipped && !recorded) {
    // Run without the reporter (a custom --reporters): say it here, at least.
    console.warn(`${group.group} TESTS SKIPPED: ${group.missing}. ${group.enable}.`);
  }
  return skipped ? describe.skip : describe;
}
