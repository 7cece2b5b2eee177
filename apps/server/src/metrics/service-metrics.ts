import type { LivePublication, MailBacklog } from '@reviews/application';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the service's own gauges read when scraped. */
interface MetricSources {
  readonly live: LivePublication;
  /** Whether the shared (Redis) rate limiter is answering; absent when limits are in process. */
  readonly redisReady?: () => boolean;
  /** Mails accepted but not yet delivered; absent while the mail side provides no such count. */
  readonly mailBacklog?: MailBacklog;
}

/** Requests observed before prom-client is told of them in one go (see `observeRequest`). */
export const REQUESTS_PER_BATCH = 1024;

interface WaitingRequests {
  readonly labels: { method: string; route: string; status: string };
  readonly seconds: number[];
}

/**
 * The Prometheus metrics of one running service (`prom-client`, a registry of its own so that two
 * servers in one process never mix): Node's default process metrics (RSS, event-loop lag, GC,
 * heap), requests and their latency by route and status, rate-limit refusals by bucket, the live
 * publication's id and age, whether Redis-backed limits fell back to in-process counting, and the
 * mail backlog when the mail side can count it.
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'method' | 'route' | 'status'>;
  private readonly refusals: Counter<'bucket'>;
  /** Requests observed but not yet counted in `requests` and `latency`, by label set. */
  private readonly waiting = new Map<string, WaitingRequests>();
  private waitingCount = 0;

  /**
   * `processMetrics: false` leaves out Node's default process metrics (and the event-loop monitor
   * they start): for a scratch instance that only warms the request-observing code.
   */
  constructor(sources: MetricSources, options: { readonly processMetrics?: boolean } = {}) {
    const registers = [this.registry];
    if (options.processMetrics !== false) collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'reviews_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status'],
      registers,
      collect: () => this.countWaitingRequests(),
    });
    this.latency = new Histogram({
      name: 'reviews_http_request_duration_seconds',
      help: 'Time from a request to the end of its response, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
      collect: () => this.countWaitingRequests(),
    });
    this.refusals = new Counter({
      name: 'reviews_rate_limit_rejections_total',
      help: 'Requests refused by a rate-limit bucket (answered 429), by bucket.',
      labelNames: ['bucket'],
      registers,
    });
    const { live } = sources;
    new Gauge({
      name: 'reviews_publication_info',
      help: 'The live publication: 1, labelled with its id (the catalog fingerprint).',
      labelNames: ['publication_id'],
      registers,
      collect() {
        this.reset();
        const id = live.current()?.id;
        if (id !== undefined) this.set({ publication_id: id }, 1);
      },
    });
    new Gauge({
      name: 'reviews_publication_age_seconds',
      help: 'Seconds since the live publication went live (start or last successful reload).',
      registers,
      collect() {
        const since = live.since();
        if (since === undefined) this.reset();
        else this.set((Date.now() - since.getTime()) / 1000);
      },
    });
    const { redisReady, mailBacklog } = sources;
    if (redisReady !== undefined) {
      new Gauge({
        name: 'reviews_rate_limit_redis_fallback',
        help: '1 while Redis is not connected and rate limits are counted in this process only; 0 while shared in Redis.',
        registers,
        collect() {
          this.set(redisReady() ? 0 : 1);
        },
      });
    }
    if (mailBacklog !== undefined) {
      new Gauge({
        name: 'reviews_mail_backlog',
        help: 'Verification mails accepted but not yet handed to the mail provider.',
        registers,
        async collect() {
          // During a storage outage the backlog cannot be read: the scrape still answers (the
          // other metrics matter most then), without this gauge.
          try {
            this.set(await mailBacklog.pending());
          } catch {
            this.reset();
          }
        },
      });
    }
  }

  /**
   * Counts a request in `requests` and `latency`. prom-client is told in batches: at every scrape
   * (their `collect`) and whenever `REQUESTS_PER_BATCH` are waiting, so a scrape always sees every
   * request, and what waits stays bounded. Telling it of each request as it ended cost about 4 µs
   * a request on the cached-read path: its label hashing and bucket lookup ran cold
   * between requests; in a batch they run warm.
   */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${route} ${status}`;
    let waiting = this.waiting.get(key);
    if (waiting === undefined) {
      waiting = { labels: { method, route, status: String(status) }, seconds: [] };
      this.waiting.set(key, waiting);
    }
    waiting.seconds.push(seconds);
    if (++this.waitingCount >= REQUESTS_PER_BATCH) this.countWaitingRequests();
  }

  private countWaitingRequests(): void {
    if (this.waitingCount === 0) return;
    for (const { labels, seconds } of this.waiting.values()) {
      if (seconds.length === 0) continue;
      this.requests.inc(labels, seconds.length);
      for (const value of seconds) this.latency.observe(labels, value);
      seconds.length = 0;
    }
    this.waitingCount = 0;
  }

  observeRefusal(bucket: string): void {
    this.refusals.inc({ bucket });
  }

  /** The exposition text and its content type. */
  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
