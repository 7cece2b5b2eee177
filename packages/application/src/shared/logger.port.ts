/**
 * Where the application and its adapters report what operators should know: structured fields
 * and a message (pino fits). Callers never pass e-mail addresses
 * (docs/api.md#newsletter-signup-double-opt-in). A component that needs only some levels takes
 * `Pick<Logger, …>`.
 */
export interface Logger {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}
