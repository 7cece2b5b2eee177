import { pino, type Logger } from 'pino';

/**
 * JSON logs on stdout. `email`, `to` and `address` fields are redacted wherever they appear, as
 * a second line of defence: e-mail addresses never belong in logs (contract §7).
 */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'reviews' },
    redact: {
      paths: ['email', '*.email', 'to', '*.to', 'address', '*.address'],
      censor: '[redacted]',
    },
  });
}

export type { Logger };
