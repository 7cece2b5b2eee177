import { describe, expect, it } from '@jest/globals';
import { progressReporter } from '../src/terminal/progress-reporter.js';

function aStream(isTTY: boolean) {
  const writes: string[] = [];
  return { writes, stream: { isTTY, columns: 100, write: (chunk: string) => writes.push(chunk) } };
}

describe('progressReporter', () => {
  it('redraws one bar in place on a terminal and clears it when finished', () => {
    const { writes, stream } = aStream(true);
    let now = 0;
    const progress = progressReporter(stream, 'publishing', 'tools', () => now);
    progress.update(0, 200);
    now += 500;
    progress.update(100, 200);
    now += 10;
    progress.update(150, 200); // too soon after the last redraw: skipped
    progress.update(200, 200); // the end is always drawn
    progress.finish();
    expect(writes).toHaveLength(4);
    expect(writes.every((w) => w.startsWith('\r\x1b[2K') && !w.includes('\n'))).toBe(true);
    expect(writes[1]).toContain(' 50% 100 of 200 tools');
    expect(writes[2]).toContain('100% 200 of 200 tools');
    expect(writes[3]).toBe('\r\x1b[2K');
  });

  it('prints plain lines off a terminal, one per tenth, only once the step takes a second', () => {
    const { writes, stream } = aStream(false);
    let now = 0;
    const progress = progressReporter(stream, 'copying', 'bytes', () => now);
    progress.update(1_048_576, 10_485_760);
    now = 1_500;
    for (let done = 2; done <= 10; done++) progress.update(done * 1_048_576, 10_485_760);
    progress.update(10_485_760, 10_485_760);
    progress.finish();
    expect(writes[0]).toBe('copying: 2.0 of 10.0 MiB (20%)\n');
    expect(writes.at(-1)).toBe('copying: 10.0 of 10.0 MiB (100%)\n');
    expect(writes).toHaveLength(9);
    expect(writes.join('')).not.toContain('\r');
  });
});
