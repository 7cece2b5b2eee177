/**
 * The address of another page of a paged list: `path` with `params` and `cursor` in its query
 * (`cursor` 0 and undefined values left out). One rule for the website's pager links and the
 * Markdown twin's "more reviews" link.
 */
export function withCursor(
  path: string,
  params: Readonly<Record<string, string | number | undefined>>,
  cursor: number | undefined,
): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...params, cursor })) {
    if (value !== undefined && !(key === 'cursor' && value === 0)) query.set(key, String(value));
  }
  const text = query.toString();
  return text === '' ? path : `${path}?${text}`;
}

/**
 * The website's page of a category (`/search?category=NAME`, the filtered search), relative so
 * that it works on whatever host serves it: the pages' category links and, after the base URL,
 * the page the MCP category resource names (docs/mcp.md#resources).
 */
export const categoryPath = (category: string): string =>
  `/search?${new URLSearchParams({ category }).toString()}`;
