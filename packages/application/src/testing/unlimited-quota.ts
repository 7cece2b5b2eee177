import type { RequestQuota } from '../rate-limiting/request-quota.port.js';

/** Counts nothing: for tests of what lies behind the quota. */
export const unlimitedQuota: RequestQuota = {
  charge: () => Promise.resolve({ allowed: true, decisions: [] }),
};
