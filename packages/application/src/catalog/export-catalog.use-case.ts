import { err, ok, type Result } from '@reviews/domain';
import type { CatalogUnavailableError } from '../tools/read-errors.js';
import { catalogUnavailable } from '../tools/read-errors.js';
import type { ServiceProfile } from '../tools/service-profile.js';
import { ToolPresenter } from '../tools/tool-presenter.js';
import type { ReviewBody, Rights, ToolBody } from '../schemas/tool.schemas.js';
import type { LivePublication } from './live-publication.js';
import type { Stacks } from '@reviews/domain';

/** One tool of the export: the import format plus the derived addresses (contract §2). */
export interface ExportedTool extends ToolBody {
  readonly reviews: readonly ReviewBody[];
  readonly stacks: Stacks | null;
}

/** Everything of the export but its tools, which are produced one at a time. */
export interface CatalogExport {
  readonly publicationId: string;
  readonly head: {
    readonly schemaVersion: 1;
    readonly publishedAt: string;
    readonly historicalNotice: string;
    readonly rights: Rights;
  };
  readonly toolCount: number;
  tools(): Iterable<ExportedTool>;
}

/**
 * The full review archive of the live publication (`/reviews/index.json`): the catalog format of
 * contract §2 with `url`/`markdownUrl` on tools, `url` on reviews, and the notice and rights at
 * the top. Importing it back ignores those, so export → import → export is the identity. Tools
 * are yielded lazily so that an adapter can stream a catalog of any size.
 */
export class ExportCatalog {
  private readonly presenter: ToolPresenter;

  constructor(
    private readonly live: LivePublication,
    private readonly profile: ServiceProfile,
  ) {
    this.presenter = new ToolPresenter(profile.baseUrl);
  }

  execute(): Result<CatalogExport, CatalogUnavailableError> {
    const publication = this.live.current();
    if (publication === undefined) return err(catalogUnavailable());
    const presenter = this.presenter;
    return ok({
      publicationId: publication.id,
      head: {
        schemaVersion: 1,
        publishedAt: publication.publishedAt,
        historicalNotice: this.profile.historicalNotice,
        rights: this.profile.rights,
      },
      toolCount: publication.tools.length,
      *tools() {
        for (const tool of publication.tools) {
          yield {
            ...presenter.tool(tool),
            reviews: tool.reviews.map((review) => presenter.review(tool.id, review)),
            stacks: tool.stacks,
          };
        }
      },
    });
  }
}
