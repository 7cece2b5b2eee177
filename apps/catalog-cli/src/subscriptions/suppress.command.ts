import { SubscriptionStoreUnavailableError, SuppressAddress } from '@reviews/application';
import { parseEmailAddress, type SuppressionReason } from '@reviews/domain';
import { loadSettings } from '../catalog/cli-settings.js';
import { CommandFailure, EXIT, UsageError, type CliCommand } from '../cli-command.js';
import { listedAddresses } from './address-list.js';
import { SHARED_STORE_SETTINGS } from './store-settings.js';
import { withSubscriptionStore } from './subscription-store.js';

const USAGE = `Usage: subscriptions suppress [--reason bounced|complained] ADDRESS…
       subscriptions suppress [--reason bounced|complained] --file FILE

Suppresses each address: it is never mailed again, and its signups are
refused with 403 on every instance. An address that never signed up is
recorded too. Each suppression keeps its reason (--reason, default bounced)
and time; an address suppressed before keeps its first reason and time.

FILE holds one address per line, as an SES or SMTP bounce export gives them;
blank lines and lines starting with # are skipped, <angle brackets> dropped.
Every address is checked first: if any is not one the service would accept
at signup, each such line is printed on standard error and nothing changes.

Prints one line per address on standard output. Works on the store of the
settings, as the server does: the database that
${SHARED_STORE_SETTINGS} names, else the subscription
log under DATA_DIR (stop the server first: the log has one writer).

Exit codes: 0 done, 1 invalid input or store unavailable (run it again: it
skips what is suppressed already), 2 usage error.`;

const REASONS: readonly SuppressionReason[] = ['bounced', 'complained'];

export const suppressCommand: CliCommand = {
  name: 'suppress',
  summary: 'never mail these addresses again (bounced, complained)',
  usage: USAGE,
  options: { file: { type: 'string' }, reason: { type: 'string' } },
  positionals: ['ADDRESS…'],
  async run(line, io) {
    const reason = (line.values['reason'] ?? 'bounced') as SuppressionReason;
    if (!REASONS.includes(reason)) {
      throw new UsageError(`--reason must be bounced or complained, got "${reason}"`);
    }
    const listed = await listedAddresses(line.files, line.values['file'], io);
    if (listed.length === 0) throw new UsageError('give addresses, or --file FILE');
    const invalid = listed.flatMap(({ address, origin }) => {
      const parsed = parseEmailAddress(address);
      return parsed.ok ? [] : [`${origin}: ${JSON.stringify(address)}: ${parsed.error.message}`];
    });
    if (invalid.length > 0) {
      throw new CommandFailure(
        `${invalid.length} of ${listed.length} lines are not addresses; nothing was changed:\n${invalid.join('\n')}`,
      );
    }
    const config = loadSettings(io);
    const counts = { suppressed: 0, already: 0 };
    await withSubscriptionStore(config, async (store) => {
      const suppress = new SuppressAddress(store, { now: () => new Date() });
      for (const { address } of listed) {
        let result;
        try {
          result = await suppress.execute({ address, reason });
        } catch (error) {
          if (!(error instanceof SubscriptionStoreUnavailableError)) throw error;
          throw new CommandFailure(
            `${error.message} ${counts.suppressed + counts.already} of ${listed.length} addresses were done; run the command again to do the rest.`,
          );
        }
        if (!result.ok) throw new CommandFailure(`${address}: ${result.error.message}`);
        const { outcome, subscription } = result.value;
        const since = subscription.statusChangedAt.toISOString();
        const why = subscription.suppressionReason ?? 'no reason recorded';
        if (outcome === 'suppressed') counts.suppressed++;
        else counts.already++;
        io.stdout.write(
          outcome === 'suppressed'
            ? `suppressed ${subscription.address} (${why}) at ${since}\n`
            : `already suppressed ${subscription.address} (${why}) since ${since}\n`,
        );
      }
    });
    io.stderr.write(
      `${listed.length === 1 ? '1 address' : `${listed.length} addresses`}: ${counts.suppressed} suppressed, ${counts.already} already suppressed\n`,
    );
    return EXIT.ok;
  },
};
