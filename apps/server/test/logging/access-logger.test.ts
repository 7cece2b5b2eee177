import { describe, expect, it } from '@jest/globals';
import { accessLoggerOf, createLogger } from '../../src/logging/logger.js';

/** A logger like the service's whose lines are kept, parsed, in `lines`. */
function recordingLogger(): { logger: ReturnType<typeof createLogger>; lines: unknown[] } {
  const lines: unknown[] = [];
  const logger = createLogger('info', { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

const ACCESS_LINE = {
  requestId: '0b7d8e5e-2f0b-4a8e-9a53-2b1c1f4a9d10',
  method: 'GET',
  path: '/api/v1/tools',
  status: 200,
  ms: 0.182,
};

/** The line without its time, which differs between two calls. */
function timeless(line: unknown): Record<string, unknown> {
  const { time, ...rest } = line as Record<string, unknown>;
  expect(typeof time).toBe('number');
  return rest;
}

describe('accessLoggerOf (the access log skips redaction)', () => {
  it('writes an access line exactly as the service logger does, keys in the same order', () => {
    const { logger, lines } = recordingLogger();
    logger.info(ACCESS_LINE, 'request');
    accessLoggerOf(logger).info(ACCESS_LINE, 'request');
    const [plain, access] = lines.map(timeless);
    expect(access).toEqual(plain);
    expect(Object.keys(access!)).toEqual(Object.keys(plain!));
    expect(access).toEqual({ level: 30, service: 'reviews', ...ACCESS_LINE, msg: 'request' });
  });

  it('follows the level of the logger it came from', () => {
    const lines: unknown[] = [];
    const quiet = createLogger('warn', { write: (line: string) => lines.push(line) });
    accessLoggerOf(quiet).info(ACCESS_LINE, 'request');
    accessLoggerOf(quiet).warn(ACCESS_LINE, 'slow request');
    expect(lines).toHaveLength(1);
  });

  it('does not redact: the cost is skipped, so it must only ever get the access fields', () => {
    const { logger, lines } = recordingLogger();
    accessLoggerOf(logger).info({ ...ACCESS_LINE, email: 'a@example.org' }, 'request');
    expect(lines).toEqual([expect.objectContaining({ email: 'a@example.org' })]);
  });

  it('leaves the service logger redacting e-mail addresses', () => {
    const { logger, lines } = recordingLogger();
    accessLoggerOf(logger);
    logger.info({ email: 'someone@example.org', mail: { address: 'x@example.org' } }, 'mail');
    expect(lines).toEqual([
      expect.objectContaining({ email: '[redacted]', mail: { address: '[redacted]' } }),
    ]);
  });
});
