import type { CatalogProblem } from '@reviews/application';
import type { SearchIndexSnapshot, Tool } from '@reviews/domain';
import type { MessagePort } from 'node:worker_threads';
import type { ServerConfig } from '../config/server-config.js';

/** What the publication worker starts with. */
export interface PublicationWorkerData {
  readonly config: ServerConfig;
  /** The worker answers on this port, one message per `'next'` it receives after the first. */
  readonly port: MessagePort;
}

/**
 * The worker's messages, in order: `head` (or `failed`), then, each in answer to a `'next'`, the
 * tools and the dictionary terms in slices, then `end`. Slices keep each message small, so the
 * main thread never spends long deserialising one; the typed arrays of the index move with
 * `head` without being copied.
 */
export type PublicationMessage =
  | {
      readonly kind: 'head';
      readonly id: string;
      readonly publishedAt: string;
      readonly toolCount: number;
      readonly termCount: number;
      readonly index: Omit<SearchIndexSnapshot, 'terms'>;
    }
  | { readonly kind: 'tools'; readonly tools: readonly Tool[] }
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
