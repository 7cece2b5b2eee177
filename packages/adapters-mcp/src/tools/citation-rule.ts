/**
 * How an agent must use a review (docs/api.md#errors-and-statuses, /developers.md "Rights and
 * citing"), in the words the MCP surface repeats: the `get_tool` description and both prompts.
 */
export const CITATION_RULE =
  'Cite every review you use by its url and reviewedOn date, and pass on the historicalNotice: reviews are historical and do not establish current capabilities.';
