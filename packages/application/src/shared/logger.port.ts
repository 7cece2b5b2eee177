/**
 * Where the application and its adapters report what operators should know: structured fields
 * and a message. Callers never pass e-mail addresses (contract §7).
 */
export interface Logger {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
}
