import path from 'node:path';
import { countLine, readCatalogFile } from '../catalog/catalog-file.js';
import { EXIT, type CliCommand } from '../cli-command.js';

const USAGE = `Usage: catalog validate FILE

Checks FILE against the catalog format (docs/cli.md) exactly as the server and
"catalog import" do: JSON syntax, required members, types, formats, lengths,
unique tool and review ids. Every problem is printed on standard error as
"<JSON path>: <message>", e.g. "$.tools[1].reviews[0].reviewedOn: …".
Members of the export ("url", "markdownUrl", "historicalNotice", "rights") are
accepted and ignored.

Exit codes: 0 valid, 1 invalid or unreadable, 2 usage error.`;

export const validateCommand: CliCommand = {
  name: 'validate',
  summary: 'check a catalog file; every problem with its JSON path',
  usage: USAGE,
  options: {},
  positionals: ['FILE'],
  async run(line, io) {
    const [file = ''] = line.files;
    const { document } = await readCatalogFile(path.resolve(io.cwd, file), file);
    io.stdout.write(`${file}: valid, ${countLine(document)}, published ${document.publishedAt}\n`);
    return EXIT.ok;
  },
};
