import { err, ok, type Result } from '@reviews/domain';
import type { CatalogUnavailableError } from '../tools/read-errors.js';
import { catalogUnavailable } from '../tools/read-errors.js';
import type { ServiceProfile } from '../tools/service-profile.js';
import { ToolPresenter } from '../tools/tool-presenter.js';
import type { ReviewBody, Rights, ToolBody } from '../schemas/tool.schemas.js';
import type { LivePublication } from './live-publication.js';
import {
  compareReviewsNewestFirst,
  type CatalogDocument,
  type Stacks,
  type Tool,
} from '@reviews/domain';

/**
 * One tool of the export: the import format plus the derived addresses
 * (docs/cli.md#catalog-format).
 */
interface ExportedTool extends ToolBody {
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

/** What an export is made of: a publication's id, date and tools (reviews in detail order). */
interface ArchiveSource {
  readonly id: string;
  readonly publishedAt: string;
  readonly tools: readonly Tool[];
}

/**
 * The full review archive of the live publication (`/reviews/index.json`): the catalog format of
 * docs/cli.md#catalog-format with `url`/`markdownUrl` on tools, `url` on reviews, and the notice
 * and rights at the top. Importing it back ignores those, so export → import → export is the
 * identity. Tools are yielded lazily so that an adapter can stream a catalog of any size.
 */
export class ExportCatalog {
  constructor(
    private readonly live: LivePublication,
    private readonly profile: ServiceProfile,
  ) {}

  execute(): Result<CatalogExport, CatalogUnavailableError> {
    const publication = this.live.current();
    if (publication === undefined) return err(catalogUnavailable());
    return ok(archiveOf(publication, this.profile));
  }

  /**
   * The archive a validated catalog would have once published under `publicationId`, without
   * building its search index (the catalog CLI exports a stored catalog this way). Reviews are
   * put in detail order exactly as `Publication` does, so the bytes equal the served archive's.
   */
  static ofDocument(
    document: CatalogDocument,
    publicationId: string,
    profile: ServiceProfile,
  ): CatalogExport {
    return archiveOf(
      {
        id: publicationId,
        publishedAt: document.publishedAt,
        tools: document.tools.map((tool) => ({
          ...tool,
          reviews: [...tool.reviews].sort(compareReviewsNewestFirst),
        })),
      },
      profile,
    );
  }
}

function archiveOf(source: ArchiveSource, profile: ServiceProfile): CatalogExport {
  const presenter = new ToolPresenter(profile.baseUrl);
  return {
    publicationId: source.id,
    head: {
      schemaVersion: 1,
      publishedAt: source.publishedAt,
      historicalNotice: profile.historicalNotice,
      rights: profile.rights,
    },
    toolCount: source.tools.length,
    *tools() {
      for (const tool of source.tools) {
        yield {
          ...presenter.tool(tool),
          reviews: tool.reviews.map((review) => presenter.review(tool.id, review)),
          stacks: tool.stacks,
        };
      }
    },
  };
}
