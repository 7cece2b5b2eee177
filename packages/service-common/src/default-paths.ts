import { fileURLToPath } from 'node:url';

/** The bundled sample catalog (fictional tools), published when `CATALOG_FILE` is not set. */
export const SAMPLE_CATALOG_FILE = fileURLToPath(
  new URL('../catalog/sample-catalog.json', import.meta.url),
);
