import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Unsent mail in the outbox: due or being retried (`waiting`), and given up on (`failed`). */
export interface OutboxDepth {
  waiting: number;
  failed: number;
}

/** Seconds; a cached page takes about a millisecond, a rendered one tens, a slow database seconds. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The process's Prometheus metrics, in a registry of its own (never prom-client's global one, so several
 * apps in one test process do not collide). Counting is a few additions per request; anything that costs
 * more (the outbox depth, a database query) is read when a scraper asks, not on the request path.
 */
export function createMetrics(deps: { outboxDepth: () => Promise<OutboxDepth> }) {
  const registry = new Registry();
  const registers = [registry];
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern (never the address asked for) and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the last byte of the answer, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const pageCache = new Counter({
    name: 'site_page_cache_lookups_total',
    help: 'Rendered-page cache lookups, by result (hit or miss)',
    labelNames: ['result'] as const,
    registers,
  });
  new Gauge({
    name: 'site_mail_outbox_messages',
    help: 'Unsent mail in the outbox: waiting (due or to be retried) and failed (given up on)',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      const depth = await deps.outboxDepth();
      this.set({ status: 'waiting' }, depth.waiting);
      this.set({ status: 'failed' }, depth.failed);
    },
  });
  const mailSends = new Counter({
    name: 'site_mail_sends_total',
    help: 'Mail send attempts of this process, by result (sent, or failed: retried later or given up on)',
    labelNames: ['result'] as const,
    registers,
  });
  const jobRuns = new Counter({
    name: 'site_job_runs_total',
    help: 'Periodic job runs of this process, by job and result (ok or failed)',
    labelNames: ['job', 'result'] as const,
    registers,
  });
  // Label sets known in advance are bound once: counting them builds no label key per event.
  const cacheHit = pageCache.labels('hit');
  const cacheMiss = pageCache.labels('miss');
  const mailSent = mailSends.labels('sent');
  const mailFailed = mailSends.labels('failed');
  for (const child of [cacheHit, cacheMiss, mailSent, mailFailed]) child.inc(0);

  return {
    registry,
    /** One answered request; `route` is the pattern it matched (undefined: none did). */
    request(method: string, route: string | undefined, status: number, seconds: number) {
      const pattern = route ?? '(unmatched)';
      requests.inc({ method, route: pattern, status });
      duration.observe({ method, route: pattern }, seconds);
    },
    /** For the page renderer's `onCacheResult` (server/pages/route.ts). */
    pageCacheResult: (hit: boolean) => (hit ? cacheHit : cacheMiss).inc(),
    mailAttempt: (sent: boolean) => (sent ? mailSent : mailFailed).inc(),
    jobRun: (job: string, ok: boolean) => jobRuns.inc({ job, result: ok ? 'ok' : 'failed' }),
    /** Adds Node's own metrics (memory, CPU, event loop lag, GC): only where metrics are served. */
    collectProcessMetrics: () => collectDefaultMetrics({ register: registry }),
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
