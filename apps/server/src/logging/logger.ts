import { pino, type DestinationStream, type Logger } from 'pino';

/** Lines are written once this many bytes are waiting (one `write(2)` for a batch of lines)… */
export const LOG_BATCH_BYTES = 4096;
/** …or at the latest this long after they were logged. */
export const LOG_FLUSH_MS = 50;

/**
 * Where log lines go: stdout, batched. Writing each line synchronously costs a `write(2)` per
 * request on the request thread; here lines wait in memory until `LOG_BATCH_BYTES` are there or
 * `LOG_FLUSH_MS` have passed, and are then written asynchronously, in order. None is lost on the
 * way out: pino flushes this destination synchronously when the process exits (`process.exit`,
 * the end of the event loop, an uncaught exception), and the service only ever stops that way
 * (SIGTERM and SIGINT end in `process.exit`). Only a SIGKILL can lose the last `LOG_FLUSH_MS`.
 *
 * The timer flushes only while some logged bytes are not written yet: sonic-boom's own
 * `periodicFlush` writes an empty string when nothing waits, which woke an idle server 20 times a
 * second for a `write(2)` of nothing.
 */
export function stdoutDestination(fd = 1): DestinationStream {
  const stream = pino.destination({ dest: fd, sync: false, minLength: LOG_BATCH_BYTES });
  let logged = 0;
  let written = 0;
  const write = stream.write.bind(stream);
  stream.write = (line: string): boolean => {
    logged += Buffer.byteLength(line);
    return write(line);
  };
  stream.on('write', (bytes: number) => (written += bytes));
  // A flush while a write is under way does nothing; the next tick tries again.
  const timer = setInterval(() => logged > written && stream.flush(), LOG_FLUSH_MS);
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
 * a second line of defence: e-mail addresses never belong in logs (contract §7).
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

export type { Logger };
