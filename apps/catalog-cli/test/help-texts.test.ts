import { describe, expect, it } from '@jest/globals';
import { PassThrough } from 'node:stream';
import { environmentSchema, SHARED_STORAGE_NAMES } from '@reviews/service-common';
import type { CliCommand, CliIo } from '../src/cli-command.js';
import { diffCommand } from '../src/commands/diff.command.js';
import { exportCommand } from '../src/commands/export.command.js';
import { generateCommand } from '../src/commands/generate.command.js';
import { importCommand } from '../src/commands/import.command.js';
import { migrateCommand } from '../src/commands/migrate.command.js';
import { validateCommand } from '../src/commands/validate.command.js';
import { runCli } from '../src/run-cli.js';
import { listSuppressedCommand } from '../src/subscriptions/list-suppressed.command.js';
import { runSubscriptionsCli } from '../src/subscriptions/run-subscriptions-cli.js';
import { suppressCommand } from '../src/subscriptions/suppress.command.js';

type Program = (argv: readonly string[], io: CliIo) => Promise<number>;

/** What `program argv` prints on standard output, run in process. */
async function helpOf(program: Program, argv: readonly string[]): Promise<string> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  const code = await program(argv, { stdout, stderr, env: {}, cwd: process.cwd() });
  expect(code).toBe(0);
  return out;
}

const PROGRAMS: ReadonlyArray<{
  name: string;
  program: Program;
  commands: readonly CliCommand[];
}> = [
  {
    name: 'catalog',
    program: runCli,
    commands: [
      validateCommand,
      importCommand,
      exportCommand,
      generateCommand,
      diffCommand,
      migrateCommand,
    ],
  },
  {
    name: 'subscriptions',
    program: runSubscriptionsCli,
    commands: [suppressCommand, listSuppressedCommand],
  },
];

/** Every help text the two programs print: each overview and each command's `--help`. */
const HELP_TEXTS = PROGRAMS.flatMap(({ name, program, commands }) => [
  { label: `${name} --help`, program, argv: ['--help'], command: undefined },
  ...commands.map((command) => ({
    label: `${name} ${command.name} --help`,
    program,
    argv: [command.name, '--help'],
    command,
  })),
]);

const SETTINGS = new Set(Object.keys(environmentSchema.shape));
const STORAGE_SETTINGS = Object.values(SHARED_STORAGE_NAMES).map((s) => s.setting);

/**
 * The help texts against the tables the code reads (docs/cli.md): the settings of the environment
 * schema, the settings that choose a shared store, and each command's option table.
 */
describe.each(HELP_TEXTS)('$label', ({ program, argv, command }) => {
  it('names only settings the service reads, and every store setting once it names one', async () => {
    const help = await helpOf(program, argv);
    const named = [...help.matchAll(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]\b/g)].map((m) => m[0]);
    // `RIGHTS_*` names the group of the rights settings.
    const unknown = named.filter(
      (name) => !SETTINGS.has(name) && ![...SETTINGS].some((s) => s.startsWith(`${name}_`)),
    );
    expect(unknown).toEqual([]);
    if (STORAGE_SETTINGS.some((setting) => help.includes(setting))) {
      for (const setting of STORAGE_SETTINGS) expect(help).toContain(setting);
    }
  });

  it('shows every option of the command in its usage, and no option it does not take', async () => {
    if (command === undefined) return;
    const help = await helpOf(program, argv);
    const usage = help.split('\n\n')[0] ?? '';
    const declared = Object.keys(command.options);
    for (const option of declared) expect(help).toContain(`--${option}`);
    const shown = [...usage.matchAll(/--([a-z][a-z-]*)/g)].map((m) => m[1]);
    expect(shown.filter((option) => !declared.includes(option!))).toEqual([]);
  });
});

describe('the help texts that reach the subscription store', () => {
  it.each([
    [runSubscriptionsCli, ['--help']],
    [runSubscriptionsCli, ['suppress', '--help']],
    [runSubscriptionsCli, ['list-suppressed', '--help']],
  ] as const)('name every store the commands use: %#', async (program, argv) => {
    const help = await helpOf(program, argv);
    for (const setting of [...STORAGE_SETTINGS, 'DATA_DIR']) expect(help).toContain(setting);
  });
});
