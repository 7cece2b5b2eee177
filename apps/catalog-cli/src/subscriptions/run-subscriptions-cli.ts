import type { CliCommand, CliIo } from '../cli-command.js';
import { commandList, runProgram } from '../run-program.js';
import { listSuppressedCommand } from './list-suppressed.command.js';
import { SHARED_STORE_SETTINGS } from './store-settings.js';
import { suppressCommand } from './suppress.command.js';

const COMMANDS: readonly CliCommand[] = [suppressCommand, listSuppressedCommand];

const OVERVIEW = `Usage: subscriptions <command> [options]

Commands:
${commandList(COMMANDS)}

Run "subscriptions <command> --help" for the options of one command.
Settings come from the environment, as for the server. The store is the database
that ${SHARED_STORE_SETTINGS} names,
else the subscription log under DATA_DIR (stop the server first).

Exit codes: 0 success, 1 invalid input (or the store unavailable), 2 usage error.`;

/** `subscriptions <command> …` (`pnpm subscriptions …`, or the `reviews-subscriptions` bin). */
export function runSubscriptionsCli(argv: readonly string[], io: CliIo): Promise<number> {
  return runProgram({ name: 'subscriptions', commands: COMMANDS, overview: OVERVIEW }, argv, io);
}
