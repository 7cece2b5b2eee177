import { describe, expect, it } from '@jest/globals';
import { Publication } from '@reviews/domain';
import { aCatalog, aReview, aTool } from '@reviews/domain/testing';
import { LivePublication } from '../../src/catalog/live-publication.js';
import { ListTools } from '../../src/tools/list-tools.use-case.js';
import { profile } from './profile.fixture.js';

function listTools(toolCount: number): ListTools {
  const live = new LivePublication();
  const tools = Array.from({ length: toolCount }, (_, i) =>
    aTool()
      .withId(`t${String(i).padStart(4, '0')}`)
      .named(`Tool ${i}`)
      .withReviews(aReview().reviewedOn(`20${String(10 + (i % 15))}-01-01`)),
  );
  live.replace(Publication.publish('p1', aCatalog(...tools)));
  return new ListTools(live, profile);
}

describe('ListTools', () => {
  it('pages through every tool in browse order, past the 1,000 results search stops at', () => {
    const list = listTools(1_030);
    const seen: string[] = [];
    let offset: number | null = 0;
    while (offset !== null) {
      const page = list.execute({ offset, limit: 100 });
      if (!page.ok) throw new Error(page.error.message);
      seen.push(...page.value.tools.map((tool) => tool.id));
      offset = page.value.nextOffset;
    }
    expect(seen).toHaveLength(1_030);
    expect(new Set(seen).size).toBe(1_030);
    // Browse order: the most recent review first (2024, every 15th tool), then by name.
    expect(seen.slice(0, 2)).toEqual(['t1004', 't1019']);
  });

  it('gives tools with their page addresses, and an empty last page past the end', () => {
    const list = listTools(3);
    const first = list.execute({ offset: 0, limit: 2 });
    if (!first.ok) throw new Error(first.error.message);
    expect(first.value.nextOffset).toBe(2);
    expect(first.value.tools[0]).toMatchObject({
      url: `${profile.baseUrl}/tools/${first.value.tools[0]?.id}`,
    });
    const past = list.execute({ offset: 50, limit: 2 });
    expect(past).toEqual({ ok: true, value: { tools: [], nextOffset: null } });
  });

  it('says the catalog is unavailable before the first publication', () => {
    const result = new ListTools(new LivePublication(), profile).execute({ offset: 0, limit: 5 });
    expect(result.ok ? undefined : result.error.code).toBe('CATALOG_UNAVAILABLE');
  });
});
