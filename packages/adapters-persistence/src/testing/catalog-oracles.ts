import { isRecord, type CatalogDocument } from '@reviews/domain';
import { z } from 'zod';
import { catalogHeaderSchema, catalogToolSchema } from '../catalog/catalog-document.schema.js';
import {
  readCatalogJsonChunks,
  type ByteReader,
  type CatalogJsonVisitor,
} from '../catalog/catalog-json-reader.js';
import { CatalogValidator, type CatalogValidatorOptions } from '../catalog/catalog-validator.js';
import { DuplicateIdFinder } from '../catalog/duplicate-id-finder.js';

/**
 * Validates a catalog document already in memory (parsed JSON) with the `CatalogValidator` the
 * stores use, and maps it to the domain, dropping the derived export members. Throws
 * `CatalogInvalidError` with every problem and its JSON path.
 */
export function validateCatalogDocument(
  raw: unknown,
  options?: Pick<CatalogValidatorOptions, 'fastPath'>,
): CatalogDocument {
  const validator = new CatalogValidator(options);
  if (!isRecord(raw)) {
    validator.acceptRoot(raw);
    return validator.finish();
  }
  for (const [key, value] of Object.entries(raw)) {
    validator.acceptMember(key, key === 'tools' && Array.isArray(value) ? [] : value);
  }
  if (Array.isArray(raw.tools)) for (const tool of raw.tools) validator.acceptTool(tool);
  return validator.finish();
}

/** `readCatalogJsonChunks` over a document held in one buffer. */
export function readCatalogJson(bytes: Buffer, visitor: CatalogJsonVisitor): void {
  readCatalogJsonChunks(() => wholeBuffer(bytes), visitor);
}

function wholeBuffer(bytes: Buffer): ByteReader {
  let done = bytes.length === 0;
  return () => {
    if (done) return undefined;
    done = true;
    return bytes;
  };
}

/**
 * The whole document in one schema, uniqueness of tool ids and of review ids across the catalog
 * included (the duplicate's path is reported, naming the first occurrence): the oracle that
 * `CatalogValidator`, which validates tool by tool to keep memory flat on big files, reports the
 * same problems (duplicates after the others rather than in document order).
 */
export const catalogDocumentSchema = z.strictObject({
  ...catalogHeaderSchema.shape,
  tools: z.array(catalogToolSchema).superRefine(
    (tools, ctx) => {
      const finder = new DuplicateIdFinder();
      tools.forEach((tool: unknown, index) => {
        for (const duplicate of finder.check(tool, index)) {
          ctx.addIssue({ code: 'custom', message: duplicate.message, path: [...duplicate.path] });
        }
      });
    },
    { when: () => true },
  ),
});
