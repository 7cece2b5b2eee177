import { describe, expect, it } from '@jest/globals';
import { parseCliArguments } from '../src/cli-arguments.js';

const errorOf = (argv: string[]): string => {
  const parsed = parseCliArguments(argv);
  if (parsed.ok) throw new Error(`expected ${argv.join(' ')} to be refused`);
  expect(parsed.error.code).toBe('INVALID_ARGUMENTS');
  return parsed.error.message;
};

describe('parseCliArguments', () => {
  it('reads the options in both spellings, with the default average', () => {
    expect(parseCliArguments(['--tools', '100', '--seed=7', '--out', '/tmp/c.json'])).toEqual({
      ok: true,
      value: {
        kind: 'generate',
        options: { tools: 100, seed: 7, reviewsPerTool: 10 },
        out: '/tmp/c.json',
      },
    });
    expect(
      parseCliArguments(['--', '--tools=0', '--seed', '0', '--reviews-per-tool', '2.5']),
    ).toEqual({
      ok: true,
      value: { kind: 'generate', options: { tools: 0, seed: 0, reviewsPerTool: 2.5 } },
    });
  });

  it('answers --help with the usage, whatever else is given', () => {
    expect(parseCliArguments(['--tools', '5', '--help'])).toEqual({
      ok: true,
      value: { kind: 'help' },
    });
  });

  it.each([
    [['--seed', '1'], '--tools is required'],
    [['--tools', '10'], '--seed is required'],
    [
      ['--tools', 'ten', '--seed', '1'],
      '--tools must be a whole number from 0 to 1000000, not "ten"',
    ],
    [
      ['--tools', '-5', '--seed', '1'],
      '--tools must be a whole number from 0 to 1000000, not "-5"',
    ],
    [['--tools', '--seed', '1'], '--tools needs a value'],
    [
      ['--tools', '1000001', '--seed', '1'],
      '--tools must be a whole number from 0 to 1000000, not "1000001"',
    ],
    [
      ['--tools', '1.5', '--seed', '1'],
      '--tools must be a whole number from 0 to 1000000, not "1.5"',
    ],
    [
      ['--tools', '5', '--seed', '4294967296'],
      '--seed must be a whole number from 0 to 4294967295, not "4294967296"',
    ],
    [
      ['--tools', '5', '--seed', '1', '--reviews-per-tool', 'many'],
      '--reviews-per-tool must be a number from 0 to 1000, not "many"',
    ],
    [
      ['--tools', '5', '--seed', '1', '--reviews-per-tool', '1001'],
      '--reviews-per-tool must be a number from 0 to 1000, not "1001"',
    ],
    [['--tools', '5', '--seed', '1', '--out'], '--out needs a value'],
    [['--tools', '5', '--seed', '1', '--out='], '--out needs a value'],
    [['--tools', '5', '--tools', '6', '--seed', '1'], '--tools is given more than once'],
    [['--tools', '5', '--seed', '1', '--verbose'], 'unknown argument "--verbose"'],
    [['--tools', '5', '--seed', '1', 'extra'], 'unknown argument "extra"'],
  ])('refuses %j: %s', (argv, message) => {
    expect(errorOf(argv)).toBe(message);
  });
});
