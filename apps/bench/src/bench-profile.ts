import type { ServiceProfile } from '@reviews/application';

/** The service profile in-process benches present results with (texts do not affect timing). */
export const BENCH_PROFILE: ServiceProfile = {
  baseUrl: 'http://localhost:3000',
  historicalNotice: 'Historical reviews reflect the assessment at publication.',
  rights: {
    copyrightHolder: 'bench',
    copyrightYear: 2026,
    statement: 's',
    usageTerms: 'u',
    contact: 'c',
    usageInfo: 'i',
  },
};
