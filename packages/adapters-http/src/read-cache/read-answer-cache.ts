import type { BucketName } from '@reviews/application';
import { LruCache } from '@reviews/domain';

/**
 * A read answer computed once: the body bytes in the coding they go out in, and the headers that
 * follow from them. The per-request headers (request id, CORS, rate limits, timing) are not part
 * of it.
 */
export interface StoredReadAnswer {
  readonly status: 200;
  /** Content-Type, Content-Length, Content-Encoding (when coded), ETag, Cache-Control, Vary. */
  readonly headers: Readonly<Record<string, string>>;
  /** The same headers, in the same order, as `[name, value, …]` (what `writeHead` takes fastest). */
  readonly headerList: readonly string[];
  readonly etag: string;
  readonly body: Buffer;
  /** The buckets a request for it is charged to (docs/api.md#limits). */
  readonly buckets: readonly BucketName[];
  /** The Express route pattern that computed it, for the metrics' route label. */
  readonly route: string;
}

/** Default bound on what is kept: 64 MiB. */
const DEFAULT_READ_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * What an entry costs besides its body and key (headers, the entry and map slot), counted so
 * that many tiny answers cannot hold far more memory than the bound says.
 */
export const ENTRY_OVERHEAD_BYTES = 512;

/**
 * Read answers of the live publication, by request (path and query as sent, and the client's
 * `Accept-Encoding` as sent), least recently used first out once they pass `maxBytes` (bodies,
 * keys and `ENTRY_OVERHEAD_BYTES` each). A
 * publication never changes, so an answer stays right as long as its publication is live:
 * entries carry the content version they were computed for, and the first use under another
 * version drops them all.
 */
export class ReadAnswerCache {
  private entries: LruCache<StoredReadAnswer>;
  private version: string | undefined;

  constructor(private readonly maxBytes = DEFAULT_READ_CACHE_BYTES) {
    this.entries = new LruCache(Number.MAX_SAFE_INTEGER, maxBytes);
  }

  /** The key of a request: its path and query and its `Accept-Encoding`, as sent. */
  static keyOf(url: string, acceptEncoding: string | undefined): string {
    return `${acceptEncoding ?? ''}\n${url}`;
  }

  get(version: string, key: string): StoredReadAnswer | undefined {
    return version === this.version ? this.entries.get(key) : undefined;
  }

  set(version: string, key: string, entry: StoredReadAnswer): void {
    if (version !== this.version) {
      this.entries = new LruCache(Number.MAX_SAFE_INTEGER, this.maxBytes);
      this.version = version;
    }
    this.entries.set(key, entry, entry.body.length + key.length + ENTRY_OVERHEAD_BYTES);
  }

  /** How many answers are kept, and the bytes counted for them. */
  size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.entries.totalWeight };
  }
}
