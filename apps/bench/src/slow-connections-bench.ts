import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { ms, summarise } from './percentiles.js';
import { startBenchServer, UNLIMITED } from './server-process.js';

interface SlowConnectionsOptions {
  /** Slow connections the attacker keeps trying to hold (1500). */
  readonly connections: number;
  /** Source addresses of the spread scenario (30); the first scenario uses one. */
  readonly addresses: number;
  /** Probing time per scenario, after the attack is under way (14). */
  readonly seconds: number;
  /** `/healthz` probes per scenario, evenly spread over `seconds` (84). */
  readonly probes: number;
  /** The server's open-file limit (`ulimit -n`, 1024: a common default). */
  readonly fdLimit: number;
  readonly server?: string;
}

/** How a slow connection ended, as its client saw it. */
type SlowEnd = '503' | '408' | 'closed without answer' | 'other answer';

/** A slow client adds a header line this often, never ending its head. */
const DRIBBLE_MS = 1_000;
/** A slow client connects again this long after its connection closed. */
const RECONNECT_MS = 1_000;
/** A probe with no answer after this long counts as unanswered. */
const PROBE_TIMEOUT_MS = 5_000;
/** Slow connections opened at a time while the attack starts, and the pause between batches. */
const RAMP_BATCH = 150;
const RAMP_PAUSE_MS = 100;

/**
 * `connections` slow clients, each dribbling a request head that never ends and
 * connecting again a second after each close, first all from one address (127.0.0.2), then
 * spread over `addresses` addresses (127.0.2.x); meanwhile `/healthz` probes on fresh
 * connections from other addresses (127.0.1.x) at a steady rate. Prints, per scenario, the share
 * of probes answered 200, how many got 503 or no answer, and how the slow connections ended.
 * The server runs in its own process with the given open-file limit and rate limits raised; every
 * connection stays on loopback, and each scenario stops after `seconds`.
 */
export async function slowConnectionsBench(options: SlowConnectionsOptions): Promise<void> {
  for (const name of ['connections', 'addresses', 'seconds', 'probes', 'fdLimit'] as const) {
    if (!Number.isInteger(options[name]) || options[name] < 1)
      throw new Error(
        `slow-connections: --${name === 'fdLimit' ? 'fd-limit' : name} must be a whole number of at least 1`,
      );
  }
  if (options.addresses > 254) throw new Error('slow-connections: --addresses must be at most 254');
  const ownLimit = openFileLimit();
  const needed = options.connections + options.probes + 64;
  if (ownLimit < needed) {
    throw new Error(
      `this process may open ${ownLimit} files, the bench needs about ${needed}: raise it first (ulimit -n ${needed})`,
    );
  }
  console.log(
    `slow-connections: ${options.connections} slow connections (a header line every ${DRIBBLE_MS} ms, reconnecting ${RECONNECT_MS} ms after a close), ${options.probes} /healthz probes over ${options.seconds} s; server open-file limit ${options.fdLimit}, this process's ${ownLimit}`,
  );
  const scenarios: Array<{ name: string; sources: string[] }> = [
    { name: 'one address', sources: ['127.0.0.2'] },
    {
      name: `${options.addresses} addresses`,
      sources: Array.from({ length: options.addresses }, (_, i) => `127.0.2.${i + 1}`),
    },
  ];
  const results: string[] = [];
  for (const { name, sources } of scenarios) {
    results.push(`${name.padEnd(14)} ${await scenario(options, name, sources)}`);
  }
  console.log('\nprobes answered 200 (target: >= 95 % with one address, >= 90 % spread):');
  for (const line of results) console.log(`  ${line}`);
}

/** One scenario against a fresh server; returns its summary line. */
async function scenario(
  options: SlowConnectionsOptions,
  name: string,
  sources: readonly string[],
): Promise<string> {
  const server = await startBenchServer(
    {
      CATALOG_FILE: '',
      RATE_LIMIT_API: UNLIMITED,
      RATE_LIMIT_SEARCH: UNLIMITED,
      RATE_LIMIT_PAGES: UNLIMITED,
    },
    options.server,
    options.fdLimit,
  );
  const port = Number(new URL(server.url).port);
  const attack = slowClients(port, options.connections, sources);
  try {
    await attack.started;
    const probes: Array<Promise<{ status: number; ms: number }>> = [];
    const started = performance.now();
    const interval = (options.seconds * 1_000) / options.probes;
    for (let i = 0; i < options.probes; i++) {
      const due = started + i * interval;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      probes.push(probe(port, `127.0.1.${1 + (i % 50)}`));
    }
    const answers = await Promise.all(probes);
    const count = (status: number): number => answers.filter((a) => a.status === status).length;
    const ok = count(200);
    const refused = count(503);
    const none = count(0);
    const other = answers.length - ok - refused - none;
    const times = summarise(answers.filter((a) => a.status === 200).map((a) => a.ms));
    console.log(
      `\n${name}: ${sources.length === 1 ? sources[0] : `${sources[0]} … ${sources[sources.length - 1]}`}, ${options.connections} slow connections`,
    );
    console.log(
      `  probes: ${ok} × 200, ${refused} × 503, ${none} without answer, ${other} other, of ${answers.length}; 200 in p50 ${ms(times.p50)}, max ${ms(times.max)}`,
    );
    console.log(
      `  slow connections: ${attack.openNow()} open at the end; ended: ${JSON.stringify(attack.ends())}`,
    );
    const share = (100 * ok) / answers.length;
    return `${share.toFixed(1)} % (${ok} of ${answers.length}; ${refused} × 503, ${none} without answer${other > 0 ? `, ${other} other` : ''})`;
  } finally {
    attack.stop();
    await server.stop();
  }
}

/**
 * `count` slow clients from `sources` (in turn): each connects, sends a request line and then a
 * header line every second, never the end of its head, and connects again a second after its
 * connection closes, until `stop()`.
 */
function slowClients(
  port: number,
  count: number,
  sources: readonly string[],
): {
  started: Promise<void>;
  openNow(): number;
  ends(): Record<SlowEnd, number>;
  stop(): void;
} {
  let stopped = false;
  const open = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const ends: Record<SlowEnd, number> = {
    '503': 0,
    '408': 0,
    'closed without answer': 0,
    'other answer': 0,
  };
  const later = (ms: number, run: () => void): void => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };
  const client = (localAddress: string): void => {
    if (stopped) return;
    const socket = connect({ port, host: '127.0.0.1', localAddress });
    open.add(socket);
    let answer = '';
    let dribble: NodeJS.Timeout | undefined;
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      if (answer.length < 32) answer += chunk.toString('latin1');
    });
    socket.on('connect', () => {
      socket.write('GET /api/v1/tools HTTP/1.1\r\nHost: bench\r\n');
      let line = 0;
      dribble = setInterval(() => socket.write(`X-Slow-${line++}: 1\r\n`), DRIBBLE_MS);
    });
    socket.on('close', () => {
      clearInterval(dribble);
      open.delete(socket);
      if (stopped) return;
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1];
      ends[
        status === undefined
          ? 'closed without answer'
          : status === '503' || status === '408'
            ? status
            : 'other answer'
      ]++;
      later(RECONNECT_MS, () => client(localAddress));
    });
  };
  const started = (async () => {
    for (let i = 0; i < count; i++) {
      client(sources[i % sources.length]!);
      if (i % RAMP_BATCH === RAMP_BATCH - 1) {
        await new Promise((resolve) => setTimeout(resolve, RAMP_PAUSE_MS));
      }
    }
  })();
  return {
    started,
    openNow: () => open.size,
    ends: () => ({ ...ends }),
    stop: () => {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      for (const socket of open) socket.destroy();
    },
  };
}

/** `GET /healthz` on a new connection from `localAddress`: its status, 0 when none came. */
function probe(port: number, localAddress: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/healthz', localAddress, agent: false },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }),
        );
        res.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
      },
    );
    req.setTimeout(PROBE_TIMEOUT_MS, () => req.destroy());
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end();
  });
}

/** This process's soft limit of open files (Linux `/proc`), which its connections count against. */
function openFileLimit(): number {
  const line = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
  return line?.[1] === undefined || line[1] === 'unlimited' ? Infinity : Number(line[1]);
}
