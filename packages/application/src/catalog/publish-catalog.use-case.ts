import type { Publication } from '@reviews/domain';
import { OVERVIEW_NEWEST_REVIEWS } from '../tools/get-catalog-overview.use-case.js';
import type { CatalogSource } from './catalog-source.port.js';
import type { LivePublication } from './live-publication.js';
import { SourcePublicationBuilder, type PublicationBuilder } from './publication-builder.port.js';

/** Tools (or keys) a slice of the preparation handles before requests get their turn. */
const PREPARATION_SLICE = 5_000;

export interface PublishedCatalog {
  readonly publicationId: string;
  readonly tools: number;
  readonly reviews: number;
  /** How many `execute()` calls this publication answered (several when reloads were coalesced). */
  readonly requests: number;
}

/**
 * Reads the catalog and makes it the live publication. If reading or validation fails, the error
 * propagates and the previous publication stays live (an invalid catalog publishes nothing).
 *
 * The first publication is built by `firstBuilder` (by default from `source` on the calling
 * thread: nothing is served yet, so nothing waits on it); later ones by `nextBuilder`, which the server runs off the request thread.
 * Reloads are coalesced: while one runs, every further `execute()` joins a single follow-up that
 * starts when it ends (the follow-up reads the source afresh, so no change is missed), so a burst
 * of reload requests costs at most two builds.
 */
export class PublishCatalog {
  private readonly firstBuilder: PublicationBuilder;
  private running: Promise<PublishedCatalog> | undefined;
  private followUp: { requests: number; done: Promise<PublishedCatalog> } | undefined;

  constructor(
    source: CatalogSource,
    private readonly live: LivePublication,
    private readonly nextBuilder: PublicationBuilder = new SourcePublicationBuilder(source),
    firstBuilder?: PublicationBuilder,
  ) {
    this.firstBuilder = firstBuilder ?? new SourcePublicationBuilder(source);
  }

  execute(): Promise<PublishedCatalog> {
    if (this.followUp !== undefined) {
      this.followUp.requests++;
      return this.followUp.done;
    }
    if (this.running === undefined) return this.start(1);
    const next = (): Promise<PublishedCatalog> => {
      this.followUp = undefined;
      return this.start(followUp.requests);
    };
    const followUp = { requests: 1, done: this.running.then(next, next) };
    this.followUp = followUp;
    return followUp.done;
  }

  private start(requests: number): Promise<PublishedCatalog> {
    const done = (async () => {
      try {
        return await this.publish(requests);
      } finally {
        // Before `done` settles, so whoever awaited it finds the use case idle.
        this.running = undefined;
      }
    })();
    this.running = done;
    return done;
  }

  private async publish(requests: number): Promise<PublishedCatalog> {
    const builder = this.live.current() === undefined ? this.firstBuilder : this.nextBuilder;
    const publication = await builder.build();
    await prepare(publication);
    this.live.replace(publication);
    return {
      publicationId: publication.id,
      tools: publication.tools.length,
      reviews: publication.reviewCount,
      requests,
    };
  }
}

/**
 * Computes what the publication's reads would otherwise compute on first use, before it goes
 * live, in slices with a turn of the event loop between them (docs/performance.md#after-a-publication):
 * so neither the first request after a publication nor any request meanwhile waits for it.
 */
async function prepare(publication: Publication): Promise<void> {
  const steps = publication.preparation({
    newestReviews: OVERVIEW_NEWEST_REVIEWS,
    slice: PREPARATION_SLICE,
  });
  while (steps.next().done !== true) await new Promise((resolve) => setImmediate(resolve));
}
