import type { Tool } from '@reviews/domain';
import { aReview, aTool } from '@reviews/domain/testing';

/** Thirty reviewed tools whose descriptions make any page of them weigh over one kibibyte. */
export function kibibytePageTools(): Tool[] {
  return Array.from({ length: 30 }, (_, i) =>
    aTool()
      .withId(`tool-${i}`)
      .describedAs(
        'A tool with a description long enough that a page of them is over one kibibyte.',
      )
      .withReviews(aReview().reviewedOn('2026-02-01')),
  ).map((t) => t.build());
}
