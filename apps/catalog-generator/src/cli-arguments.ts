import { parseArgs } from 'node:util';
import { domainError, err, ok, type DomainError, type Result } from '@reviews/domain';
import type { GeneratorOptions } from './catalog-generator.js';

export const USAGE = `Usage: catalog-generator --tools N --seed S [--reviews-per-tool M] [--out FILE]

  --tools N             number of tools, 0 to 1000000
  --seed S              seed of the random generator, 0 to 4294967295; same arguments, same bytes
  --reviews-per-tool M  average number of reviews per tool, 0 to 1000 (default 10)
  --out FILE            file to write (default: standard output)
  --help                show this text`;

/** What the command line asks for. */
type CliCommand =
  | { readonly kind: 'help' }
  | { readonly kind: 'generate'; readonly options: GeneratorOptions; readonly out?: string };

/** A command line that cannot be run; the message names the argument and the rule. */
type CliArgumentError = DomainError<'INVALID_ARGUMENTS'>;

const MAX_TOOLS = 1_000_000;
const MAX_SEED = 0xffff_ffff;
const MAX_AVERAGE = 1_000;
const DEFAULT_AVERAGE = 10;
const OPTIONS = {
  tools: { type: 'string' },
  seed: { type: 'string' },
  'reviews-per-tool': { type: 'string' },
  out: { type: 'string' },
  help: { type: 'boolean' },
} as const;
type OptionName = keyof typeof OPTIONS;

const invalid = (message: string) => err(domainError('INVALID_ARGUMENTS', message));

/**
 * Parses `--name value` and `--name=value` options with `node:util` parseArgs (a lone `--`, as
 * package scripts pass on, is skipped). Every option at most once; unknown options and missing or
 * malformed values are errors, never silently defaulted.
 */
export function parseCliArguments(argv: readonly string[]): Result<CliCommand, CliArgumentError> {
  const args = argv.filter((argument) => argument !== '--');
  // Not strict: the tokens are checked here, so that every refusal names the argument and rule.
  const { tokens } = parseArgs({ args, options: OPTIONS, strict: false, tokens: true });
  const values = new Map<OptionName, string>();
  for (const token of tokens) {
    const argument = args[token.index] ?? '';
    if (token.kind !== 'option' || !(token.name in OPTIONS) || token.rawName.length < 3) {
      return invalid(`unknown argument "${argument}"`);
    }
    const name = token.name as OptionName;
    if (values.has(name)) return invalid(`--${name} is given more than once`);
    if (name === 'help') {
      values.set(name, '');
      continue;
    }
    // Not strict, parseArgs takes the next argument as the value even when it is an option.
    const missing =
      token.value === undefined ||
      token.value === '' ||
      (token.inlineValue === false && token.value.startsWith('--'));
    if (missing) return invalid(`--${name} needs a value`);
    values.set(name, token.value);
  }
  if (values.has('help')) return ok({ kind: 'help' });
  const tools = wholeNumber(values, 'tools', MAX_TOOLS);
  if (!tools.ok) return tools;
  const seed = wholeNumber(values, 'seed', MAX_SEED);
  if (!seed.ok) return seed;
  const average = values.get('reviews-per-tool') ?? String(DEFAULT_AVERAGE);
  const reviewsPerTool = /^\d+(?:\.\d+)?$/.test(average) ? Number(average) : NaN;
  if (!(reviewsPerTool <= MAX_AVERAGE)) {
    return invalid(
      `--reviews-per-tool must be a number from 0 to ${MAX_AVERAGE}, not "${average}"`,
    );
  }
  const options = { tools: tools.value, seed: seed.value, reviewsPerTool };
  const out = values.get('out');
  return ok(out === undefined ? { kind: 'generate', options } : { kind: 'generate', options, out });
}

function wholeNumber(
  values: ReadonlyMap<OptionName, string>,
  name: OptionName,
  max: number,
): Result<number, CliArgumentError> {
  const text = values.get(name);
  if (text === undefined) return invalid(`--${name} is required`);
  if (!/^\d+$/.test(text) || Number(text) > max) {
    return invalid(`--${name} must be a whole number from 0 to ${max}, not "${text}"`);
  }
  return ok(Number(text));
}
