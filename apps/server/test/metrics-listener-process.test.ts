import { afterAll, describe, expect, it } from '@jest/globals';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServerProcess } from './support/server-process.js';

const work = mkdtempSync(path.join(tmpdir(), 'reviews-metrics-process-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the metrics listener of the built server (docs/operations.md#metrics)', () => {
  it('stays on loopback while the service listens on every address, and the start lines say where, port resolved', async () => {
    // METRICS_PORT=0 (the support's default): a free port, which the start lines must resolve.
    const server = startServerProcess({
      PORT: '0',
      HOST: '0.0.0.0',
      DATA_DIR: work,
      SHUTDOWN_DRAIN_MS: '0',
    });
    try {
      const url = await server.listening;
      const start = /^Listening on (\S+) \(catalog: .*, metrics at (\S+)\)\./.exec(
        await server.listeningLine,
      );
      expect(start?.[1]).toBe(url);
      const metricsUrl = start?.[2] ?? '';
      expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*\/metrics$/);
      const listening = server
        .output()
        .split('\n')
        .find((line) => line.includes('"msg":"listening"'));
      expect((JSON.parse(listening ?? '{}') as { metricsUrl?: string }).metricsUrl).toBe(
        metricsUrl,
      );
      const metrics = await fetch(metricsUrl, { headers: { Origin: 'https://evil.example' } });
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toMatch(/^reviews_publication_info\{/m);
      expect(metrics.headers.get('access-control-allow-origin')).toBeNull();
      const publicPort = new URL(url).port;
      expect((await fetch(`http://127.0.0.1:${publicPort}/metrics`)).status).toBe(404);
    } finally {
      server.signal('SIGTERM');
      await server.exited;
    }
  }, 60_000);

  it('refuses to start, exit ≠ 0, naming METRICS_PORT and METRICS_HOST, when the metrics port is taken', async () => {
    const taken = createServer().listen(0, '127.0.0.1');
    await once(taken, 'listening');
    const { port } = taken.address() as AddressInfo;
    try {
      const server = startServerProcess({
        PORT: '0',
        HOST: '127.0.0.1',
        METRICS_PORT: String(port),
        DATA_DIR: work,
      });
      expect(await server.exited).not.toBe(0);
      expect(server.output()).toContain(
        `The service could not start: the metrics listener could not bind METRICS_HOST=127.0.0.1 METRICS_PORT=${port} (EADDRINUSE).`,
      );
      expect(server.output()).not.toContain('"msg":"listening"');
    } finally {
      taken.close();
    }
  }, 60_000);
});
