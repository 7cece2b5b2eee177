import { ListSuppressedAddresses, SubscriptionStoreUnavailableError } from '@reviews/application';
import { loadSettings } from '../catalog/cli-settings.js';
import { CommandFailure, EXIT, type CliCommand } from '../cli-command.js';
import { SHARED_STORE_SETTINGS } from './store-settings.js';
import { withSubscriptionStore } from './subscription-store.js';

const USAGE = `Usage: subscriptions list-suppressed

Prints every suppressed address, earliest suppression first, one per line:
address, reason, time of the suppression, and "signed up" or "never signed
up", separated by tabs. The first column alone is a valid input of
"subscriptions suppress --file". Reads the store of the settings, as the
server does: the database that ${SHARED_STORE_SETTINGS}
names, else the subscription log under DATA_DIR.

Exit codes: 0 done, 1 store unavailable, 2 usage error.`;

export const listSuppressedCommand: CliCommand = {
  name: 'list-suppressed',
  summary: 'the suppressed addresses, with why and since when',
  usage: USAGE,
  options: {},
  positionals: [],
  async run(_line, io) {
    const config = loadSettings(io);
    const suppressed = await withSubscriptionStore(config, (store) =>
      new ListSuppressedAddresses(store).execute().catch((error: unknown) => {
        if (error instanceof SubscriptionStoreUnavailableError) {
          throw new CommandFailure(error.message);
        }
        throw error;
      }),
    );
    for (const { address, reason, since, signedUp } of suppressed) {
      const history = signedUp ? 'signed up' : 'never signed up';
      io.stdout.write(
        `${address}\t${reason ?? 'no reason recorded'}\t${since.toISOString()}\t${history}\n`,
      );
    }
    io.stderr.write(`${suppressed.length} suppressed addresses\n`);
    return EXIT.ok;
  },
};
