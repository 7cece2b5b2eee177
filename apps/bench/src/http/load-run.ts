import autocannon from 'autocannon';

/** What one autocannon run against one server measured. */
export interface LoadFigures {
  readonly requestsPerSecond: number;
  readonly p99Ms: number;
  /** Responses received in the run. */
  readonly requests: number;
  /** Responses whose status was not the expected one; a run with any is not a valid figure. */
  readonly unexpected: number;
}

export interface LoadTarget {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

/** Drives `base` + `target` for `seconds` with `connections` keep-alive connections. */
export async function loadRun(
  base: string,
  target: LoadTarget,
  seconds: number,
  connections: number,
): Promise<LoadFigures> {
  const result = await autocannon({
    url: new URL(target.path, base).toString(),
    method: target.method,
    headers: target.headers,
    ...(target.body === undefined ? {} : { body: target.body }),
    connections,
    duration: seconds,
  });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    unexpected: result.non2xx + result.errors + result.timeouts,
  };
}
