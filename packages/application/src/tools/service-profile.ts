import type { Rights } from '../schemas/tool.schemas.js';

/**
 * What every read response carries besides the data (docs/api.md#every-response): the public base
 * address every absolute link is built from, the historical notice and the rights block.
 * Comes from configuration.
 */
export interface ServiceProfile {
  /** `PUBLIC_BASE_URL` without a trailing slash. */
  readonly baseUrl: string;
  readonly historicalNotice: string;
  readonly rights: Rights;
}

export const DEFAULT_HISTORICAL_NOTICE =
  'Historical reviews reflect the assessment at publication and do not establish current capabilities of a tool.';
