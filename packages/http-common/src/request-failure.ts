import type { Logger } from '@reviews/application';
import type { ServerResponse } from 'node:http';

/** The message of every 500 (`{error}`, or JSON-RPC -32603 on `/mcp`): nothing about what failed. */
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Try again later.';

/** How a request whose work threw unexpectedly is logged and answered, in its route's shape. */
export interface RequestFailure {
  readonly logger: Pick<Logger, 'error'>;
  /** Sends the route's 500 (`{error}`, or JSON-RPC -32603 on `/mcp`); only while nothing is sent. */
  readonly answer: (res: ServerResponse) => void;
}

/**
 * Ends a request whose work threw: the error is logged with `fields` (request id, path), then the
 * request is answered by `failure.answer` when nothing has been sent yet, its connection closed
 * when its answer had begun (nothing else could tell the client), and left alone when its answer
 * was complete (a throw in a `'finish'` listener).
 */
export function requestFailed(
  failure: RequestFailure,
  res: ServerResponse,
  error: unknown,
  fields: Readonly<Record<string, unknown>>,
): void {
  failure.logger.error({ err: error, ...fields }, 'request failed');
  if (res.writableEnded) return;
  if (!res.headersSent) {
    try {
      failure.answer(res);
      return;
    } catch {
      // The 500 could not be sent either: closing the connection is all that is left.
    }
  }
  res.destroy();
}
