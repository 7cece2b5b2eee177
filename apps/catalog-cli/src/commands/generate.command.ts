import { parseCliArguments, writeCatalog } from '@reviews/catalog-generator';
import path from 'node:path';
import { EXIT, UsageError, type CliCommand } from '../cli-command.js';
import { openTextOutput } from '../terminal/text-output.js';

const USAGE = `Usage: catalog generate --tools N --seed S [--reviews-per-tool M] [--out FILE]

Writes a synthetic catalog of fictional tools: deterministic (the
same arguments give the same bytes), streamed, with realistic text lengths.

  --tools N             number of tools, 0 to 1000000
  --seed S              seed, 0 to 4294967295
  --reviews-per-tool M  average reviews per tool, 0 to 1000 (default 10)
  --out FILE            write FILE (replaced only once complete); default: standard output

Exit codes: 0 written, 1 write failure, 2 usage error.`;

export const generateCommand: CliCommand = {
  name: 'generate',
  summary: 'write a deterministic synthetic catalog',
  usage: USAGE,
  options: {
    tools: { type: 'string' },
    seed: { type: 'string' },
    'reviews-per-tool': { type: 'string' },
    out: { type: 'string', short: 'o' },
  },
  positionals: [],
  async run(line, io) {
    // The generator's own argument rules (ranges, required options) decide what is valid.
    const forwarded = Object.entries(line.values).flatMap(([name, value]) =>
      name === 'out' || value === undefined ? [] : [`--${name}=${value}`],
    );
    const command = parseCliArguments(forwarded);
    if (!command.ok) throw new UsageError(command.error.message);
    if (command.value.kind !== 'generate') throw new UsageError('--tools and --seed are required');
    const out = line.values['out'];
    const output = openTextOutput(
      out === undefined ? undefined : path.resolve(io.cwd, out),
      io.stdout,
    );
    try {
      const summary = await writeCatalog(command.value.options, output.stream, {
        end: output.ends,
      });
      await output.finish();
      io.stderr.write(
        `generated ${summary.tools} tools, ${summary.reviews} reviews to ${out ?? 'standard output'}\n`,
      );
    } catch (error) {
      await output.abandon();
      throw error;
    }
    return EXIT.ok;
  },
};
