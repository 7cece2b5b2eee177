import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CommandFailure, type CliIo } from '../cli-command.js';

/** One address to act on, and where it came from (for messages): `a.txt:12` or `argument 2`. */
interface ListedAddress {
  readonly address: string;
  readonly origin: string;
}

/**
 * The addresses of the command line, then those of `--file` FILE: one per line, as SES and SMTP
 * bounce exports give them; blank lines and lines starting with `#` are skipped, and an address
 * in angle brackets (`<ada@example.com>`) is taken without them.
 */
export async function listedAddresses(
  args: readonly string[],
  file: string | undefined,
  io: CliIo,
): Promise<ListedAddress[]> {
  const listed = args.map((address, i) => ({ address, origin: `argument ${i + 1}` }));
  if (file === undefined) return listed;
  let text: string;
  try {
    text = await readFile(path.resolve(io.cwd, file), 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new CommandFailure(`cannot read ${file}: ${reason}`);
  }
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    listed.push({ address: line.replace(/^<(.*)>$/, '$1'), origin: `${file}:${i + 1}` });
  });
  return listed;
}
