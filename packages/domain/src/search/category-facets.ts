/** One value of a facet and how many matching tools have it (docs/api.md#facets). */
export interface FacetCount {
  readonly name: string;
  readonly count: number;
}

/**
 * The facet values with at least one match, most frequent first, ties by name (in UTF-16 unit
 * order, as the term dictionary sorts): `counts[i]` is how many matches have value `names[i]`.
 */
export function facetCounts(
  names: readonly string[],
  counts: ArrayLike<number>,
): readonly FacetCount[] {
  const facets: FacetCount[] = [];
  names.forEach((name, i) => {
    const count = counts[i] ?? 0;
    if (count > 0) facets.push({ name, count });
  });
  return Object.freeze(
    facets.sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
  );
}
