import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';

/**
 * Results past this position are never returned (docs/api.md#paging); the export serves deeper
 * reads.
 */
export const MAX_PAGE_DEPTH = 1_000;
export const DEFAULT_PAGE_LIMIT = 10;
export const MAX_PAGE_LIMIT = 20;

export type PageError = DomainError<'CURSOR_TOO_DEEP'>;

/** The slice of an ordered result list that one page shows, and the cursor of the next page. */
interface PageWindow {
  readonly start: number;
  readonly end: number;
  readonly nextCursor: number | null;
}

/**
 * Cuts one page out of `total` ordered results. `offset` is the decoded cursor (≥ 0) and `limit`
 * is already within 1..20. Offsets of 1,000 or more are refused; results past position 1,000 are
 * never returned, and `nextCursor` is null once the depth cap or the end is reached.
 */
export function pageWindow(
  total: number,
  offset: number,
  limit: number,
): Result<PageWindow, PageError> {
  if (offset >= MAX_PAGE_DEPTH) {
    return err(
      domainError(
        'CURSOR_TOO_DEEP',
        `cursor must be below ${MAX_PAGE_DEPTH}: paging stops at ${MAX_PAGE_DEPTH} results; read /reviews/index.json for the full archive`,
      ),
    );
  }
  const reachable = Math.min(total, MAX_PAGE_DEPTH);
  const start = Math.min(offset, reachable);
  const end = Math.min(start + limit, reachable);
  const nextCursor = end < reachable ? end : null;
  return ok({ start, end, nextCursor });
}
