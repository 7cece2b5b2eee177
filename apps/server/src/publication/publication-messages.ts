import type { CatalogProblem } from '@reviews/application';
import type { SearchIndexSnapshot, Tool } from '@reviews/domain';
import type { MessagePort } from 'node:worker_threads';
import type { ServerConfig } from '@reviews/service-common';

/** What the publication worker starts with. */
export interface PublicationWorkerData {
  readonly config: ServerConfig;
  /** The worker sends its messages on this port. */
  readonly port: MessagePort;
  /**
   * Shared counter at `TAKEN`: messages the main thread has taken in. The worker waits while it
   * is more than `MESSAGES_AHEAD` messages ahead, so that no more than a few slices wait in the
   * port whatever the main thread is doing.
   */
  readonly progress: Int32Array;
}
export const TAKEN = 0;
export const MESSAGES_AHEAD = 4;

/**
 * The worker's messages, in order: the tools in slices, in publication order, as they are read
 * (a streamed reload) or once the whole catalog is (another source); `again` when the tools sent
 * so far are to be forgotten because they are about to be sent afresh (the catalog changed while
 * it was being read); then `head`, the dictionary terms in slices, and `end`; or `failed`, at
 * any point. Slices keep each message small, so the main thread never spends long deserialising
 * one; the typed arrays of the index move with `head` without being copied.
 */
export type PublicationMessage =
  | { readonly kind: 'tools'; readonly tools: readonly Tool[] }
  | { readonly kind: 'again' }
  | {
      readonly kind: 'head';
      readonly id: string;
      readonly publishedAt: string;
      readonly toolCount: number;
      readonly termCount: number;
      readonly index: Omit<SearchIndexSnapshot, 'terms'>;
    }
  | { readonly kind: 'terms'; readonly terms: readonly string[] }
  | { readonly kind: 'end' }
  | {
      readonly kind: 'failed';
      readonly message: string;
      /** Set when the catalog broke the contract (`CatalogInvalidError`). */
      readonly problems?: readonly CatalogProblem[];
    };

/** Text per slice of tools, in UTF-16 units: deserialising one takes milliseconds. */
export const TOOL_SLICE_UNITS = 200_000;
/** Terms per slice of the dictionary. */
export const TERM_SLICE = 20_000;
