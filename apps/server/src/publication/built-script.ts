import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The compiled script `name` (e.g. `publication-worker.js`) beside the module at `moduleUrl`
 * under `src/publication/`. Running from TypeScript sources (tests), that is the built copy under
 * `dist/`; undefined when it has not been built.
 */
export function builtScriptBeside(moduleUrl: string, name: string): URL | undefined {
  const here = fileURLToPath(moduleUrl);
  const script = here.endsWith('.ts')
    ? here.replace(/\/src\/publication\/[^/]+\.ts$/, `/dist/publication/${name}`)
    : here.replace(/[^/]+\.js$/, name);
  return existsSync(script) ? pathToFileURL(script) : undefined;
}
