/** Reports how far a long step has got: `done` of `total` units (tools, bytes). */
export interface ProgressReporter {
  update(done: number, total: number): void;
  /** Ends the step; on a terminal this clears the bar. */
  finish(): void;
}

interface ProgressStream {
  write(chunk: string): unknown;
  readonly isTTY?: boolean;
  readonly columns?: number;
}

const BAR_WIDTH = 30;
const REDRAW_MS = 100;

/**
 * A progress bar redrawn in place when `stream` is a terminal, otherwise plain lines, one per
 * tenth of the way once the step has taken a second (so logs and CI output stay short, and a
 * quick step prints nothing but its result). `label` names the step and `unit` what is counted
 * (`tools`, `bytes`).
 */
export function progressReporter(
  stream: ProgressStream,
  label: string,
  unit: string,
  now: () => number = Date.now,
): ProgressReporter {
  return stream.isTTY === true
    ? new TerminalBar(stream, label, unit, now)
    : new PlainLines(stream, label, unit, now);
}

/** `1200 of 10000 tools`, `12.5 of 103.6 MiB`. */
const formatProgress = (done: number, total: number, unit: string): string =>
  unit === 'bytes'
    ? `${(done / 1_048_576).toFixed(1)} of ${(total / 1_048_576).toFixed(1)} MiB`
    : `${done} of ${total} ${unit}`;

class TerminalBar implements ProgressReporter {
  private lastDraw = -Infinity;
  private drawn = false;

  constructor(
    private readonly stream: ProgressStream,
    private readonly label: string,
    private readonly unit: string,
    private readonly now: () => number,
  ) {}

  update(done: number, total: number): void {
    const time = this.now();
    if (done < total && time - this.lastDraw < REDRAW_MS) return;
    this.lastDraw = time;
    const ratio = total === 0 ? 1 : Math.min(1, done / total);
    const filled = Math.round(ratio * BAR_WIDTH);
    const bar = `${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}`;
    const percent = `${Math.floor(ratio * 100)}`.padStart(3);
    const line = `${this.label} ${bar} ${percent}% ${formatProgress(done, total, this.unit)}`;
    const width = this.stream.columns ?? 80;
    this.stream.write(`\r\x1b[2K${line.slice(0, Math.max(1, width - 1))}`);
    this.drawn = true;
  }

  finish(): void {
    if (this.drawn) this.stream.write('\r\x1b[2K');
    this.drawn = false;
  }
}

const QUIET_MS = 1_000;

class PlainLines implements ProgressReporter {
  private lastTenth = -1;
  private readonly started: number;

  constructor(
    private readonly stream: ProgressStream,
    private readonly label: string,
    private readonly unit: string,
    private readonly now: () => number,
  ) {
    this.started = now();
  }

  update(done: number, total: number): void {
    const tenth = total === 0 ? 10 : Math.floor((done / total) * 10);
    if (tenth <= this.lastTenth || this.now() - this.started < QUIET_MS) return;
    this.lastTenth = tenth;
    this.stream.write(
      `${this.label}: ${formatProgress(done, total, this.unit)} (${tenth * 10}%)\n`,
    );
  }

  finish(): void {}
}
