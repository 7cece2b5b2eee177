import type { ServiceProfile } from '../tools/service-profile.js';

/** A configured profile with a recognisable notice and rights, for tests of every adapter. */
export const aServiceProfile = (baseUrl = 'https://reviews.example'): ServiceProfile => ({
  baseUrl,
  historicalNotice: 'Configured notice: reviews are historical.',
  rights: {
    copyrightHolder: 'Example Reviews Ltd',
    copyrightYear: 2026,
    statement: 'All rights reserved.',
    usageTerms: 'Quote with a link.',
    contact: 'rights@reviews.example',
    usageInfo: 'Cite url and reviewedOn.',
  },
});
