import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The compiled script `name` (e.g. `publication-worker.js`) beside the module at `moduleUrl`.
 * Running from TypeScript sources (tests), that is the built copy under the package's `dist/`
 * (`src/publication/x.ts` → `dist/publication/name`); undefined when it has not been built.
 */
export function builtScriptBeside(moduleUrl: string, name: string): URL | undefined {
  const here = fileURLToPath(moduleUrl);
  const src = here.lastIndexOf('/src/');
  const script =
    here.endsWith('.ts') && src !== -1
      ? join(here.slice(0, src), 'dist', dirname(here.slice(src + '/src/'.length)), name)
      : join(dirname(here), name);
  return existsSync(script) ? pathToFileURL(script) : undefined;
}
