/* global process */
// The record of which optional test groups ran and which skipped, shared by the test files (which
// write it, through describe-when-available.ts) and the reporter (which reads it at the end of the
// run and prints the summary). Test files run in Jest's worker processes, the reporter in the
// main process: they meet in a folder the reporter makes and names in this environment variable,
// which the workers inherit. See docs/development.md#optional-groups-and-the-skip-summary.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

export const GROUP_LOG_ENV = 'REVIEWS_TEST_GROUP_LOG';

/** Writes one entry for one test file into the run's folder; false when no reporter set one up. */
export function recordGroup(entry) {
  const dir = process.env[GROUP_LOG_ENV];
  if (dir === undefined || dir === '') return false;
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${process.pid}-${randomBytes(6).toString('hex')}.json`);
  writeFileSync(file, JSON.stringify(entry));
  return true;
}

/** Every entry written into `dir` during the run. */
export function readGroups(dir) {
  let names;
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')));
}
