import { CatalogInvalidError, type CatalogProblem, type ToolObserver } from '@reviews/application';
import type { CatalogDocument, Tool } from '@reviews/domain';
import { toTool } from './catalog-document.mapper.js';
import { SharedReviewValues, toValidTool } from './catalog-fast-path.js';
import { catalogHeaderSchema, catalogToolSchema } from './catalog-document.schema.js';
import { catalogParseOptions, toCatalogProblems } from './catalog-problems.js';
import { DuplicateIdFinder } from './duplicate-id-finder.js';
import { formatJsonPath } from './json-path.js';

export interface CatalogValidatorOptions {
  /**
   * false: every tool is validated by zod alone, the path the fast one must agree with (the
   * tests' oracle). By default a tool that `toValidTool` knows to be valid skips zod.
   */
  readonly fastPath?: boolean;
  /**
   * true: the raw tools are the validator's to keep (the caller parsed them and drops them), so
   * objects already in the domain's shape become the domain objects instead of being copied.
   */
  readonly ownsInput?: boolean;
  /**
   * Told of each tool as it is accepted while every tool so far is valid (see `ToolObserver`):
   * the document's own tool objects, in document order.
   */
  readonly observer?: ToolObserver;
  /**
   * false: accepted tools go to `observer` only and are not kept (a caller streaming them
   * elsewhere); `finish` then gives a document without tools, and `acceptedTools` says how many
   * there were. Repeated ids are then looked for tool by tool, never deferred (see the class),
   * unless `idsKnownUnique`.
   */
  readonly keepTools?: boolean;
  /**
   * With `keepTools: false` only: the caller knows that the document about to be read (the same
   * bytes) was published before by this code, so repeated ids are not looked for at all (as
   * `finish`'s `idsKnownUnique` does when tools are kept). Should a problem be found all the same
   * (the content was not what the caller thought), the problems lack any repeated ids: the
   * caller must read the document again without this to report them all.
   */
  readonly idsKnownUnique?: boolean;
}

/**
 * Validates a catalog (docs/cli.md#catalog-format) tool by tool, so that a reader can hand tools
 * over as it reads them and memory holds only the tools already mapped: the raw input of a tool can
 * be dropped as soon as `acceptTool` returns, and once a problem is found nothing more is kept.
 * Feed it the top-level members (with `tools` as an empty array when its elements come through
 * `acceptTool`) and the tools in document order, then call `finish`.
 *
 * Repeated ids are looked for last: while every tool so far is valid, the ids wait for `finish`
 * (the tools are kept anyway), so that a caller who knows the very same document was published
 * before by this code can skip that pass (`finish`'s `idsKnownUnique`), a million set insertions
 * at 100k tools. At the first problem the pass catches up and runs tool by tool from then on, so
 * the problems and their order are the same either way.
 */
export class CatalogValidator {
  private readonly headerProblems: CatalogProblem[] = [];
  private readonly toolProblems: CatalogProblem[] = [];
  private readonly tools: Tool[] = [];
  private readonly duplicates = new DuplicateIdFinder();
  /** Authors and days kept once across the tools, when the raw tools are the validator's. */
  private readonly shared = new SharedReviewValues();
  /** True while the ids of the tools accepted so far (all valid, all in `tools`) wait for `finish`. */
  private idsDeferred = true;
  /** True when repeated ids are not looked for at all (`idsKnownUnique` without kept tools). */
  private readonly idsSkipped: boolean = false;
  /** A map, not an object: a member named `__proto__` must stay a member. */
  private readonly header = new Map<string, unknown>();
  private toolCount = 0;
  private isObject = true;

  /** See `CatalogValidatorOptions`. */
  constructor(private readonly options: CatalogValidatorOptions = {}) {
    // Deferring needs the tools kept, to go back over them.
    if (options.keepTools === false) {
      this.idsDeferred = false;
      this.idsSkipped = options.idsKnownUnique === true;
    }
  }

  /** How many tools were accepted, all valid so far (0 once one was not). */
  get acceptedTools(): number {
    return this.toolProblems.length === 0 ? this.toolCount : 0;
  }

  /** One member of the top-level object. A member given twice is a problem (JSON leaves it open). */
  acceptMember(key: string, value: unknown): void {
    if (this.header.has(key)) {
      this.headerProblems.push({
        path: formatJsonPath([key]),
        message: 'appears more than once in the top-level object',
      });
    }
    this.header.set(key, value);
  }

  /** The whole document when it is not an object at all. */
  acceptRoot(value: unknown): void {
    this.isObject = false;
    this.headerProblems.push({
      path: '$',
      message: `must be an object with schemaVersion, publishedAt and tools, not ${
        Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`
      }`,
    });
  }

  /**
   * The next element of `tools`. `controlFree`: no string in it holds a control character, as
   * `CatalogJsonVisitor.tool` says (it only spares the fast path that check).
   */
  acceptTool(raw: unknown, controlFree = false): void {
    const index = this.toolCount++;
    let tool: Tool | undefined;
    if (this.options.fastPath !== false)
      tool = toValidTool(raw, this.options.ownsInput === true, controlFree, this.shared);
    let problems: readonly CatalogProblem[] = [];
    if (tool === undefined) {
      const parsed = catalogToolSchema.safeParse(raw, catalogParseOptions);
      if (parsed.success) tool = toTool(parsed.data);
      else problems = toCatalogProblems(parsed.error.issues, ['tools', index]);
    }
    // The repeats among the earlier tools come before this tool's problems.
    if (problems.length > 0) this.checkDeferredIds();
    for (const problem of problems) this.toolProblems.push(problem);
    if (!this.idsDeferred && !this.idsSkipped) this.checkIds(raw, index);
    if (tool !== undefined && this.toolProblems.length === 0) {
      if (this.options.keepTools !== false) this.tools.push(tool);
      this.options.observer?.(tool);
    } else this.tools.length = 0;
  }

  /** Looks for repeated ids in the tools whose check was deferred (`tools`: all valid so far). */
  private checkDeferredIds(): void {
    if (!this.idsDeferred) return;
    this.idsDeferred = false;
    for (let index = 0; index < this.tools.length; index++) this.checkIds(this.tools[index], index);
  }

  private checkIds(tool: unknown, index: number): void {
    for (const duplicate of this.duplicates.check(tool, index)) {
      this.toolProblems.push({
        path: formatJsonPath(['tools', ...duplicate.path]),
        message: duplicate.message,
      });
    }
  }

  /**
   * The validated document; throws `CatalogInvalidError` listing every problem found.
   * `idsKnownUnique`: the caller knows that this very document (the same bytes) was published
   * before by this code, so its tool and review ids are unique, and the pass that looks for
   * repeats is skipped; every other check has run. Only says something while no problem has been
   * found (the pass has run already otherwise).
   */
  finish(options: { readonly idsKnownUnique?: boolean } = {}): CatalogDocument {
    if (options.idsKnownUnique !== true) this.checkDeferredIds();
    if (!this.isObject) throw new CatalogInvalidError(this.headerProblems);
    const header = catalogHeaderSchema.safeParse(
      Object.fromEntries(this.header),
      catalogParseOptions,
    );
    const problems = [...this.headerProblems];
    if (!header.success) problems.push(...toCatalogProblems(header.error.issues));
    for (const problem of this.toolProblems) problems.push(problem);
    if (!header.success || problems.length > 0) throw new CatalogInvalidError(problems);
    const { schemaVersion, publishedAt } = header.data;
    return { schemaVersion, publishedAt, tools: this.tools };
  }
}
