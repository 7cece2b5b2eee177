/** One test file's use of an optional group (see group-log.mjs). */
export interface GroupEntry {
  /** The group's name in the summary: `MongoDB`, `Redis`, `Chromium`, `PostgreSQL`, … */
  readonly group: string;
  /** The test file that declared the group's suite. */
  readonly testPath: string;
  /** What the suite runs against (when it ran), or why it cannot run (when it skipped). */
  readonly detail: string;
  /** How to make the group run; shown when it skipped. */
  readonly enable: string;
  readonly skipped: boolean;
}

export declare const GROUP_LOG_ENV: string;
export declare function recordGroup(entry: GroupEntry): boolean;
export declare function readGroups(dir: string): GroupEntry[];
