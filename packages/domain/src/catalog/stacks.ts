export const STACK_STATUSES = ['verified', 'unresolved'] as const;
type StackStatus = (typeof STACK_STATUSES)[number];

export const STACK_DIMENSIONS = ['language', 'runtime', 'framework', 'os', 'integration'] as const;
export type StackDimension = (typeof STACK_DIMENSIONS)[number];

export const STACK_RELATIONSHIPS = ['runs_on', 'sdk', 'integration', 'implementation'] as const;
export type StackRelationship = (typeof STACK_RELATIONSHIPS)[number];

/** One technology a tool relates to, e.g. `{ key: 'rust', label: 'Rust', dimension: 'language', relationship: 'implementation' }`. */
export interface StackTag {
  readonly key: string;
  readonly label: string;
  readonly dimension: StackDimension;
  readonly relationship: StackRelationship;
}

/**
 * Technology-stack research, dated separately from the reviews (`observed_on`). A tool whose
 * stacks are `null` is unresearched: compatibility is unknown, not absent.
 */
export interface Stacks {
  readonly observed_on: string;
  readonly status: StackStatus;
  readonly source_url: string;
  readonly evidence: string;
  readonly tags: readonly StackTag[];
}

/**
 * How a tag's kind reads wherever a tag is shown: its dimension and its relationship (`os,
 * runs_on`), the word once when both are the same (`integration`).
 */
export function stackTagKind(tag: Pick<StackTag, 'dimension' | 'relationship'>): string {
  return tag.dimension === tag.relationship
    ? tag.dimension
    : `${tag.dimension}, ${tag.relationship}`;
}
