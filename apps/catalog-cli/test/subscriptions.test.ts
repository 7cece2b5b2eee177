import { FileSubscriptionStore } from '@reviews/adapters-persistence';
import { describeSubscriptionsCli } from './support/subscriptions-cli-suite.js';

describeSubscriptionsCli('the subscription log (DATA_DIR)', async (work) => ({
  env: { DATA_DIR: work.dir },
  open: async () => {
    const store = await FileSubscriptionStore.open(work.dir);
    return { store, close: () => store.close() };
  },
  remove: async () => undefined,
}));
