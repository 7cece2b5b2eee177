import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { environmentSchema, loadConfig } from '@reviews/service-common';
import { REPO_ROOT } from '../support/server-process.js';

interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }> | string[];
  ports?: string[];
  volumes?: string[];
  entrypoint?: string[];
  profiles?: string[];
  networks?: Record<string, { ipv4_address?: string } | null> | string[];
}

const read = (file: string): string => readFileSync(path.join(REPO_ROOT, file), 'utf8');
const compose = parse(read('compose.yaml'), { merge: true }) as {
  services: Record<string, ComposeService>;
};
const services = compose.services;
/** `${NAME:-default}` as compose resolves it when NAME is unset. */
const withDefaults = (value: string): string =>
  value.replace(/\$\{[A-Z_]+:-([^}]*)\}/g, (_match, fallback: string) => fallback);
const appNames = Object.keys(services).filter((name) => services[name]?.build !== undefined);

describe('compose.yaml', () => {
  it('runs two instances of the service image', () => {
    expect(appNames).toEqual(['app1', 'app2']);
    for (const name of appNames) {
      expect(services[name]?.build).toEqual({
        context: '.',
        args: { NODE_IMAGE: '${NODE_IMAGE:-node:20-bookworm-slim}' },
      });
    }
  });

  it('gives every instance a healthcheck on /readyz and a start after healthy stores', () => {
    for (const name of appNames) {
      const app = services[name] ?? {};
      expect(app.healthcheck?.test.join(' ')).toContain('/readyz');
      expect(app.depends_on).toEqual({
        mongodb: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
      });
      expect(services['mongodb']?.healthcheck).toBeDefined();
      expect(services['redis']?.healthcheck).toBeDefined();
    }
  });

  it('sets only settings the server knows, and the server accepts their values', () => {
    const known = new Set(Object.keys(environmentSchema.shape));
    for (const name of appNames) {
      const environment = services[name]?.environment ?? {};
      for (const key of Object.keys(environment)) expect(known).toContain(key);
      const env = Object.fromEntries(
        Object.entries(environment).map(([key, value]) => [key, withDefaults(String(value))]),
      );
      const config = loadConfig(env);
      expect(config.storage).toMatchObject({
        family: 'mongodb',
        url: expect.stringMatching(/^mongodb:\/\/mongodb:27017\//),
      });
      expect(config.redisUrl).toBe('redis://redis:6379');
    }
  });

  it('shares one MongoDB and one Redis between the instances', () => {
    const [first, second] = appNames.map((name) => services[name]?.environment ?? {});
    expect(first?.['MONGODB_URL']).toBe(second?.['MONGODB_URL']);
    expect(first?.['REDIS_URL']).toBe(second?.['REDIS_URL']);
    expect(withDefaults(services['mongodb']?.image ?? '')).toMatch(/^mongo:/);
    expect(withDefaults(services['redis']?.image ?? '')).toMatch(/^redis:/);
  });

  it('puts a load balancer in front whose address is the only trusted proxy', () => {
    const lb = services['lb'] ?? {};
    expect(lb.depends_on).toEqual(expect.arrayContaining(appNames));
    const published = withDefaults(lb.ports?.[0] ?? '');
    expect(published).toMatch(/^\d+:80$/);
    const lbAddress = (lb.networks as Record<string, { ipv4_address?: string }>)['backend']
      ?.ipv4_address;
    for (const name of appNames) {
      const environment = services[name]?.environment ?? {};
      expect(environment['TRUST_PROXY']).toBe(lbAddress);
      // Named by address (not a hop count), the balancer has no per-client connection cap.
      expect(environmentSchema.shape.TRUST_PROXY.parse(environment['TRUST_PROXY'])).toEqual([
        lbAddress,
      ]);
      expect(withDefaults(environment['PUBLIC_BASE_URL'] ?? '')).toBe(
        `http://localhost:${published.split(':')[0]}`,
      );
      expect(services[name]?.ports).toBeUndefined();
    }
    const caddyfile = read('deploy/Caddyfile');
    expect(lb.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(caddyfile).toMatch(/reverse_proxy app1:3000 app2:3000/);
    expect(caddyfile).toMatch(/health_uri \/readyz/);
  });

  it('keeps metrics inside the network, where a Prometheus scrapes every instance on its metrics port', () => {
    const prometheus = services['prometheus'] ?? {};
    expect(withDefaults(prometheus.image ?? '')).toMatch(/^prom\/prometheus:v\d/);
    expect(prometheus.depends_on).toEqual(expect.arrayContaining(appNames));
    expect(prometheus.networks).toContain('backend');
    // Its own UI on the host's loopback only; the instances publish nothing.
    for (const port of prometheus.ports ?? []) expect(withDefaults(port)).toMatch(/^127\.0\.0\.1:/);
    expect(prometheus.volumes).toContain(
      './deploy/prometheus.yml:/etc/prometheus/prometheus.yml:ro',
    );
    const scrape = parse(read('deploy/prometheus.yml')) as {
      scrape_configs: Array<{
        metrics_path?: string;
        static_configs: Array<{ targets: string[] }>;
      }>;
    };
    const targets = scrape.scrape_configs.flatMap((job) => {
      expect(job.metrics_path ?? '/metrics').toBe('/metrics');
      return job.static_configs.flatMap((group) => group.targets);
    });
    const expected = appNames.map((name) => {
      const env = Object.fromEntries(
        Object.entries(services[name]?.environment ?? {}).map(([key, value]) => [
          key,
          withDefaults(String(value)),
        ]),
      );
      const { metrics } = loadConfig(env);
      if (!metrics.enabled) throw new Error(`${name} has metrics off`);
      // Reachable from the Prometheus container: bound on every address of the instance.
      expect(metrics.host).toBe('0.0.0.0');
      expect(services[name]?.ports).toBeUndefined();
      return `${name}:${metrics.port}`;
    });
    expect(targets.sort()).toEqual(expected.sort());
  });

  it('offers the catalog CLI on the same settings as a tools profile', () => {
    const catalog = services['catalog'] ?? {};
    expect(catalog.profiles).toEqual(['tools']);
    expect(catalog.entrypoint).toEqual(['reviews-catalog']);
    expect(catalog.environment?.['MONGODB_URL']).toBe(
      services['app1']?.environment?.['MONGODB_URL'],
    );
    expect(catalog.environment?.['PUBLIC_BASE_URL']).toBe(
      services['app1']?.environment?.['PUBLIC_BASE_URL'],
    );
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const stages = dockerfile.split(/^FROM /m).slice(1);
  const runtime = stages.at(-1) ?? '';

  it('builds in one stage and runs from another', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(runtime).toMatch(/^COPY --from=build /m);
    expect(runtime).not.toMatch(/pnpm/);
  });

  it('runs as an unprivileged user with a healthcheck on /readyz', () => {
    const user = /^USER (\S+)/m.exec(runtime)?.[1];
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
    expect(runtime).toMatch(/^HEALTHCHECK .*\n?.*\/readyz/m);
  });

  it('starts the built server and links the catalog CLI the compose file calls', () => {
    expect(runtime).toContain('CMD ["node", "apps/server/dist/main.js"]');
    expect(readFileSync(path.join(REPO_ROOT, 'apps/server/src/main.ts'), 'utf8')).toContain(
      'async function main',
    );
    expect(runtime).toContain('/usr/local/bin/reviews-catalog');
    expect(dockerfile).toMatch(
      /rm -rf node_modules .*\n.*pnpm install --frozen-lockfile --offline --prod/,
    );
  });
});
