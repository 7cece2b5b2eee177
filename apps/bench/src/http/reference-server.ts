import express from 'express';
import { readFileSync } from 'node:fs';
import { createServer, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RecordedResponse } from './recorded-response.js';

/**
 * A reference server for `pnpm bench http`, run as its own process:
 * `node reference-server.js <node|express> <recorded-responses.json>`. It answers each recorded
 * request URL with the recorded status, headers and body bytes — what the service sent — and
 * does nothing else: the bare cost of `node:http`, or of a bare Express app routing to a handler.
 */
const [kind, file] = process.argv.slice(2);
const recorded = JSON.parse(readFileSync(file!, 'utf8')) as RecordedResponse[];
const answers = new Map(
  recorded.map((r) => [r.url, { ...r, bytes: Buffer.from(r.body, 'base64') }]),
);

function answer(url: string, res: ServerResponse): boolean {
  const found = answers.get(url);
  if (found === undefined) return false;
  res.writeHead(found.status, found.headers);
  if (found.chunked) {
    res.write(found.bytes);
    res.end();
  } else {
    res.end(found.bytes);
  }
  return true;
}

function nodeListener(): RequestListener {
  return (req, res) => {
    if (answer(req.url ?? '', res)) return;
    res.writeHead(404).end();
  };
}

function expressListener(): RequestListener {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  const paths = [...new Set(recorded.map((r) => new URL(r.url, 'http://x').pathname))];
  for (const path of paths) {
    app.get(path, (req, res, next) => {
      if (!answer(req.originalUrl, res)) next();
    });
  }
  return app;
}

const server = createServer(kind === 'express' ? expressListener() : nodeListener());
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  console.log(JSON.stringify({ msg: 'listening', url: `http://127.0.0.1:${port}` }));
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
server.keepAliveTimeout = 60_000;
