import { domainError, type DomainError } from '@reviews/domain';

/** No catalog has been published yet (or the store behind it is down): retry later. */
export type CatalogUnavailableError = DomainError<'CATALOG_UNAVAILABLE'>;
export type ToolNotFoundError = DomainError<'TOOL_NOT_FOUND'>;
export type ReviewNotFoundError = DomainError<'REVIEW_NOT_FOUND'>;

export const catalogUnavailable = (): CatalogUnavailableError =>
  domainError('CATALOG_UNAVAILABLE', 'The catalog is not available right now. Retry in a minute.');

export const toolNotFound = (id: string): ToolNotFoundError =>
  domainError(
    'TOOL_NOT_FOUND',
    `No tool has the id "${id}". Use an id exactly as returned by a search (GET /api/v1/tools or search_tools).`,
  );

export const reviewNotFound = (toolId: string, reviewId: string): ReviewNotFoundError =>
  domainError(
    'REVIEW_NOT_FOUND',
    `The tool "${toolId}" has no review with the id "${reviewId}". Its reviews are listed at /tools/${toolId}.`,
  );

/** Decodes a validated cursor (`^[0-9]{1,4}$`, leading zeros allowed) into an offset. */
export const offsetOf = (cursor: string | undefined): number =>
  cursor === undefined ? 0 : Number.parseInt(cursor, 10);
