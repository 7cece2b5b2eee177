import { pino, type DestinationStream, type Logger } from 'pino';

/** Lines are written once this many characters (at least as many bytes) are waiting… */
const LOG_BATCH_BYTES = 4096;
/** …or at the latest this long after they were logged. */
const LOG_FLUSH_MS = 50;

/**
 * Where log lines go: stdout, batched. Writing each line synchronously costs a `write(2)` per
 * request on the request thread; here lines wait in memory until `LOG_BATCH_BYTES` are there or
 * `LOG_FLUSH_MS` have passed, and are then written asynchronously, in order. None is lost on the
 * way out: pino flushes this destination synchronously when the process exits (`process.exit`,
 * the end of the event loop, an uncaught exception), and the service only ever stops that way
 * (SIGTERM and SIGINT end in `process.exit`). Only a SIGKILL can lose the last `LOG_FLUSH_MS`.
 *
 * The batch is gathered here, in one string, and handed to sonic-boom whole, which writes it at
 * once unless a write is under way (then right after it). sonic-boom's own batching
 * (`minLength`) measured the UTF-8 length of everything waiting on every line: at about 3 µs a
 * line, that cost more than formatting the line. The timer hands over only what is waiting:
 * sonic-boom's own `periodicFlush` wrote an empty string when nothing waited, which woke an idle
 * server 20 times a second for a `write(2)` of nothing.
 */
export function stdoutDestination(fd = 1): DestinationStream {
  const stream = pino.destination({ dest: fd, sync: false, minLength: 0 });
  let waiting = '';
  // Whether lines handed over are still being written, and who waits for them: sonic-boom's own
  // `flush(callback)` calls back at once when it has no `minLength`, before they are written.
  let writing = false;
  let flushWaiters: Array<(error?: Error) => void> = [];
  const write = stream.write.bind(stream);
  const handOver = (): void => {
    if (waiting.length === 0) return;
    const lines = waiting;
    waiting = '';
    writing = true;
    write(lines);
  };
  stream.on('drain', () => {
    writing = false;
    const waiters = flushWaiters;
    flushWaiters = [];
    for (const wake of waiters) wake();
  });
  stream.write = (line: string): boolean => {
    waiting += line;
    if (waiting.length >= LOG_BATCH_BYTES) handOver();
    return true;
  };
  // Whatever pino calls on its way out (`flushSync` at exit, `flush` then `end` when the event
  // loop runs out) first takes what is waiting here; `flush(callback)` calls back once every
  // line logged so far is written.
  const flush = stream.flush.bind(stream);
  const flushSync = stream.flushSync.bind(stream);
  const end = stream.end.bind(stream);
  stream.flush = (callback?: (error?: Error) => void): void => {
    handOver();
    if (callback === undefined) return flush();
    if (writing) flushWaiters.push(callback);
    else callback();
  };
  stream.flushSync = (): void => {
    handOver();
    flushSync();
  };
  stream.end = (): void => {
    handOver();
    end();
  };
  const timer = setInterval(handOver, LOG_FLUSH_MS);
  timer.unref();
  stream.on('close', () => clearInterval(timer));
  return stream;
}

/**
 * Stdout written line by line, synchronously: for a thread that may be terminated at any moment
 * (the publication worker, which the main thread terminates once it has the publication), where
 * lines waiting in a batch would be lost with it. Such a thread logs a handful of lines.
 */
export function unbatchedStdoutDestination(fd = 1): DestinationStream {
  return pino.destination({ dest: fd, sync: true });
}

/** A destination that drops every line: for a logger whose lines nobody should read. */
export const nowhere: DestinationStream = { write: () => undefined };

/**
 * JSON logs on stdout. `email`, `to` and `address` fields are redacted wherever they appear, as
 * a second line of defence: e-mail addresses never belong in logs
 * (docs/api.md#newsletter-signup-double-opt-in).
 */
export function createLogger(
  level: string,
  destination: DestinationStream = stdoutDestination(),
): Logger {
  return pino(
    {
      level,
      base: { service: 'reviews' },
      redact: {
        paths: ['email', '*.email', 'to', '*.to', 'address', '*.address'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

/**
 * The logger of the access log (one line a response): `logger` without redaction. Those lines
 * hold `requestId`, `method`, `path`, `status` and `ms`, nothing else (never a query string or a
 * body), so none of the redacted paths can match them; redacting them cost about 2.5 µs a line,
 * on every request.
 */
export function accessLoggerOf(logger: Logger): Logger {
  return logger.child({}, { redact: { paths: [] } });
}

export type { Logger };
