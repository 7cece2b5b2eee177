import { Publication, type CatalogDocument } from '@reviews/domain';
import { LivePublication } from '../catalog/live-publication.js';
import { CompleteArgument } from '../tools/complete-argument.use-case.js';
import { GetCatalogOverview } from '../tools/get-catalog-overview.use-case.js';
import { GetReview } from '../tools/get-review.use-case.js';
import { GetTool } from '../tools/get-tool.use-case.js';
import { ListTools } from '../tools/list-tools.use-case.js';
import { SearchTools } from '../tools/search-tools.use-case.js';
import type { ServiceProfile } from '../tools/service-profile.js';
import { aServiceProfile } from './service-profile.fixture.js';

/** SearchTools that counts its executions, to prove which requests ran no search at all. */
class CountingSearchTools extends SearchTools {
  executions = 0;
  override execute(
    input: Parameters<SearchTools['execute']>[0],
  ): ReturnType<SearchTools['execute']> {
    this.executions++;
    return super.execute(input);
  }
}

/** GetTool that counts its executions. */
class CountingGetTool extends GetTool {
  executions = 0;
  override execute(input: Parameters<GetTool['execute']>[0]): ReturnType<GetTool['execute']> {
    this.executions++;
    return super.execute(input);
  }
}

/** The read side every driving adapter serves: one live publication and its use cases. */
interface ReadUseCases {
  readonly profile: ServiceProfile;
  readonly live: LivePublication;
  readonly searchTools: CountingSearchTools;
  readonly getTool: CountingGetTool;
  readonly getReview: GetReview;
  readonly listTools: ListTools;
  readonly completeArgument: CompleteArgument;
  readonly getOverview: GetCatalogOverview;
}

interface ReadUseCasesOptions {
  /** The id `catalog` is published under (default `test-publication`). */
  readonly publicationId?: string;
  readonly profile?: ServiceProfile;
  /** A publication to share with another test server (default: a new one). */
  readonly live?: LivePublication;
}

/** The read use cases over `catalog`, published (when given) into the live publication. */
export function readUseCasesOver(
  catalog: CatalogDocument | undefined,
  options: ReadUseCasesOptions = {},
): ReadUseCases {
  const profile = options.profile ?? aServiceProfile();
  const live = options.live ?? new LivePublication();
  if (catalog !== undefined)
    live.replace(Publication.publish(options.publicationId ?? 'test-publication', catalog));
  return {
    profile,
    live,
    searchTools: new CountingSearchTools(live, profile),
    getTool: new CountingGetTool(live, profile),
    getReview: new GetReview(live, profile),
    listTools: new ListTools(live, profile),
    completeArgument: new CompleteArgument(live),
    getOverview: new GetCatalogOverview(live, profile),
  };
}
