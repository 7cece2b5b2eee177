import type {
  ChargedUnits,
  QuotaOutcome,
  RateLimitDecision,
  RequestQuota,
} from '@reviews/application';

const WINDOW_SECONDS = 60;

function decision(bucket: string, allowed: boolean, retryAfterSeconds: number): RateLimitDecision {
  return {
    allowed,
    bucket,
    limit: bucket === 'search' ? 30 : 60,
    windowSeconds: WINDOW_SECONDS,
    remaining: allowed ? 7 : 0,
    resetSeconds: retryAfterSeconds,
    ...(allowed ? {} : { retryAfterSeconds }),
  };
}

/** Allows everything and remembers every charge: which client key, which buckets, what units. */
export class RecordingQuota implements RequestQuota {
  readonly charges: Array<{ clientKey: string; buckets: readonly string[] }> = [];
  readonly units: Array<Record<string, number>> = [];

  charge(
    clientKey: string,
    buckets: readonly string[],
    units: ChargedUnits = {},
  ): Promise<QuotaOutcome> {
    this.charges.push({ clientKey, buckets: [...buckets] });
    this.units.push(
      Object.fromEntries(Object.entries(units).map(([bucket, cost]) => [bucket, cost()])),
    );
    return Promise.resolve({ allowed: true, decisions: buckets.map((b) => decision(b, true, 42)) });
  }

  bucketsCharged(): string[] {
    return this.charges.flatMap((charge) => charge.buckets);
  }
}

/**
 * Refuses every charge that includes `refusedBucket` (that bucket is empty for `retryAfterSeconds`
 * more seconds), allows the others.
 */
export class RefusingQuota implements RequestQuota {
  constructor(
    private readonly refusedBucket: string,
    private readonly retryAfterSeconds: number,
  ) {}

  charge(_clientKey: string, buckets: readonly string[]): Promise<QuotaOutcome> {
    const refused = buckets.includes(this.refusedBucket);
    const decisions = buckets.map((b) =>
      decision(b, b !== this.refusedBucket, this.retryAfterSeconds),
    );
    return Promise.resolve(
      refused
        ? { allowed: false, decisions, retryAfterSeconds: this.retryAfterSeconds }
        : { allowed: true, decisions },
    );
  }
}
