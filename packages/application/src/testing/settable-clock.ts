import type { Clock } from '../shared/clock.port.js';

/** A `Clock` that stands still until a test moves it. */
export class SettableClock implements Clock {
  private current: Date;

  constructor(start: Date = new Date('2026-11-16T09:00:00Z')) {
    this.current = start;
  }

  now(): Date {
    return new Date(this.current.getTime());
  }

  advanceBy(milliseconds: number): void {
    this.current = new Date(this.current.getTime() + milliseconds);
  }

  set(date: Date): void {
    this.current = date;
  }
}
