import { indexTerms, SearchIndex, type SearchIndexSnapshot, type Tool } from '@reviews/domain';
import { Encoder, Index } from 'flexsearch';
import MiniSearch from 'minisearch';

/** One sampled query, already parsed: folded, distinct keywords and an optional category. */
export interface EngineQuery {
  readonly keywords: readonly string[];
  readonly category?: string | undefined;
}

/** What one engine answers: how many tools match, and (where cheap) which, by ordinal. */
export interface EngineAnswer {
  readonly total: number;
  /** Every matching ordinal, in any order; `undefined` when the engine only ranked a prefix. */
  readonly ordinals?: readonly number[];
}

/** A search engine under test, built over the same tools and asked the same queries. */
export interface EngineSubject {
  readonly name: string;
  build(tools: readonly Tool[]): void;
  search(query: EngineQuery): EngineAnswer;
  /** Drops the built index, so that the next subject's heap is measured alone. */
  release(): void;
}

/** The three texts of a tool, best field first, as the contract's tiers group them. */
function fieldTexts(tool: Tool): { name: string; metadata: string; reviews: string } {
  const metadata = [
    tool.description,
    tool.category ?? '',
    ...(tool.stacks?.tags ?? []).map((t) => t.label),
  ];
  const reviews = tool.reviews.flatMap((review) => [review.likes, review.dislikes]);
  return { name: tool.name, metadata: metadata.join('\n'), reviews: reviews.join('\n') };
}

/**
 * Our engine, as the service runs it (`SearchIndex`): match and rank, then the first page of 20
 * hits with their excerpts when `page` is set. `fresh()` gives an index with an empty result
 * cache over the same parts, so repeated rounds measure searching, not the cache.
 */
export class OurEngine implements EngineSubject {
  private tools: readonly Tool[] = [];
  private snapshot: SearchIndexSnapshot | undefined;
  private index: SearchIndex | undefined;

  constructor(
    readonly name: string,
    private readonly page: boolean,
  ) {}

  build(tools: readonly Tool[]): void {
    this.tools = tools;
    this.index = SearchIndex.build(tools);
    this.snapshot = this.index.snapshot();
  }

  /** Empties the result cache (a new index over the same parts). */
  fresh(): void {
    this.index = SearchIndex.fromSnapshot(this.tools, this.snapshot!);
  }

  search(query: EngineQuery): EngineAnswer {
    const list = this.index!.search(query);
    if (this.page) list.hits(0, 20);
    return { total: list.total };
  }

  /** Every matching ordinal (outside timing: excerpts are built for each). */
  allOrdinals(query: EngineQuery, ordinalOf: ReadonlyMap<string, number>): number[] {
    const list = this.index!.search(query);
    return list.hits(0, list.total).map((hit) => ordinalOf.get(hit.tool.id)!);
  }

  release(): void {
    this.index = undefined;
    this.snapshot = undefined;
  }
}

/**
 * MiniSearch over our index terms (`indexTerms`: folded, compounds split as we do), three fields,
 * AND of the keywords, each keyword matching terms equal to it or beginning with it.
 */
export class MiniSearchEngine implements EngineSubject {
  readonly name = 'MiniSearch 7.2 (AND, prefix)';
  private index: MiniSearch<{ id: number; category: string }> | undefined;

  build(tools: readonly Tool[]): void {
    const index = new MiniSearch<{ id: number; category: string }>({
      fields: ['name', 'metadata', 'reviews'],
      storeFields: ['category'],
      tokenize: (text) => indexTerms(text),
      processTerm: (term) => term,
      searchOptions: {
        combineWith: 'AND',
        prefix: true,
        tokenize: (text) => text.split(' '),
        processTerm: (term) => term,
      },
    });
    index.addAll(
      tools.map((tool, id) => ({ id, category: tool.category ?? '', ...fieldTexts(tool) })),
    );
    this.index = index;
  }

  search(query: EngineQuery): EngineAnswer {
    const { category } = query;
    const results = this.index!.search(
      query.keywords.join(' '),
      category === undefined ? {} : { filter: (result) => result['category'] === category },
    );
    return { total: results.length, ordinals: results.map((result) => result.id as number) };
  }

  release(): void {
    this.index = undefined;
  }
}

/**
 * FlexSearch with `tokenize: 'forward'` (every prefix of a term is indexed, which is how it
 * matches prefixes) over the same index terms: an encoder that only splits on the spaces we
 * joined the terms with. `intersect` false: its own resolver (`search` with all keywords, AND by
 * default); true: one lookup per keyword and the id sets intersected by hand, smallest first.
 */
export class FlexSearchEngine implements EngineSubject {
  private index: Index | undefined;
  private categoryOf: readonly (string | null)[] = [];
  private toolCount = 0;

  constructor(private readonly intersect: boolean) {}

  get name(): string {
    return this.intersect ? 'FlexSearch 0.8 (id-set intersection)' : 'FlexSearch 0.8 (resolver)';
  }

  build(tools: readonly Tool[]): void {
    const encoder = new Encoder({
      normalize: false,
      dedupe: false,
      numeric: false,
      split: ' ',
      minlength: 1,
      cache: false,
    });
    const index = new Index({ tokenize: 'forward', encoder });
    tools.forEach((tool, id) => {
      const { name, metadata, reviews } = fieldTexts(tool);
      index.add(id, [...new Set(indexTerms(`${name}\n${metadata}\n${reviews}`))].join(' '));
    });
    this.index = index;
    this.categoryOf = tools.map((tool) => tool.category);
    this.toolCount = tools.length;
  }

  search(query: EngineQuery): EngineAnswer {
    const index = this.index!;
    let ids: number[];
    if (this.intersect) {
      const sets = query.keywords
        .map((keyword) => index.search(keyword, { limit: this.toolCount }) as number[])
        .sort((a, b) => a.length - b.length);
      let kept = sets[0] ?? [];
      for (let i = 1; i < sets.length && kept.length > 0; i++) {
        const other = new Set(sets[i]);
        kept = kept.filter((id) => other.has(id));
      }
      ids = kept;
    } else {
      ids = index.search(query.keywords.join(' '), { limit: this.toolCount }) as number[];
    }
    if (query.category !== undefined)
      ids = ids.filter((id) => this.categoryOf[id] === query.category);
    return { total: ids.length, ordinals: ids };
  }

  release(): void {
    this.index = undefined;
  }
}
