/**
 * Whether two values of the kind `JSON.parse` makes (plain objects, arrays, strings, numbers,
 * booleans, null) are the same value, object members in the same order: whether serialising
 * either gives the same text. Lets a new publication keep an equal tool of the live one instead
 * of a copy (see `WorkerPublicationBuilder`), without a list of fields to keep up to date.
 */
export function isSameJsonValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!isSameJsonValue(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const keys = Object.keys(a);
  const otherKeys = Object.keys(b);
  if (keys.length !== otherKeys.length) return false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    if (key !== otherKeys[i]) return false;
    if (!isSameJsonValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
      return false;
  }
  return true;
}
