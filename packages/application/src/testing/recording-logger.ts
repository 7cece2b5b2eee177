import type { Logger } from '../shared/logger.port.js';

interface LoggedLine {
  readonly level: 'info' | 'warn' | 'error';
  readonly fields: Record<string, unknown>;
  readonly message: string;
}

/** A Logger that keeps every line, so tests can assert what was (not) logged. */
export class RecordingLogger implements Logger {
  readonly lines: LoggedLine[] = [];

  /** The error lines, without their level. */
  get errors(): Array<{ fields: Record<string, unknown>; message: string }> {
    return this.lines
      .filter((line) => line.level === 'error')
      .map(({ fields, message }) => ({ fields, message }));
  }

  info(fields: Record<string, unknown>, message: string): void {
    this.lines.push({ level: 'info', fields, message });
  }
  warn(fields: Record<string, unknown>, message: string): void {
    this.lines.push({ level: 'warn', fields, message });
  }
  error(fields: Record<string, unknown>, message: string): void {
    this.lines.push({ level: 'error', fields, message });
  }
}
