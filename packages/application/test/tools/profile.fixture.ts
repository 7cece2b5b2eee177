import type { ServiceProfile } from '../../src/tools/service-profile.js';

export const profile: ServiceProfile = {
  baseUrl: 'https://reviews.example',
  historicalNotice: 'Notice for tests.',
  rights: {
    copyrightHolder: 'Holder',
    copyrightYear: 2026,
    statement: 'Statement',
    usageTerms: 'Terms',
    contact: 'contact@reviews.example',
    usageInfo: 'Info',
  },
};
