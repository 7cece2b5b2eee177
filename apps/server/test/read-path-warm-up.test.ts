import { describe, expect, it } from '@jest/globals';
import { FileCatalogSource } from '@reviews/adapters-persistence';
import { GetTool, LivePublication, SearchTools, type ServiceProfile } from '@reviews/application';
import { Publication } from '@reviews/domain';
import { SAMPLE_CATALOG_FILE } from '@reviews/service-common';
import { warmUpReadPath } from '../src/publication/read-path-warm-up.js';

const profile: ServiceProfile = {
  baseUrl: 'http://localhost:3000',
  historicalNotice: 'Historical reviews reflect the assessment at publication.',
  rights: {
    copyrightHolder: 'Warm-up test',
    copyrightYear: 2026,
    statement: 'statement',
    usageTerms: 'terms',
    contact: 'rights@localhost',
    usageInfo: 'info',
  },
};

async function liveSample(): Promise<LivePublication> {
  const loaded = await new FileCatalogSource(SAMPLE_CATALOG_FILE).load();
  const live = new LivePublication();
  live.replace(Publication.publish(loaded.fingerprint, loaded.document));
  return live;
}

describe('warming up the read path before ready', () => {
  it('runs searches, pages, browses and details over the live publication', async () => {
    const live = await liveSample();
    const warmUp = warmUpReadPath(live, new SearchTools(live, profile), new GetTool(live, profile));
    expect(warmUp.requests).toBeGreaterThanOrEqual(4 * Math.min(48, live.current()!.tools.length));
    expect(warmUp.ms).toBeGreaterThan(0);
  });

  it('leaves every answer as an unwarmed service gives it', async () => {
    const warmLive = await liveSample();
    const coldLive = await liveSample();
    const warm = new SearchTools(warmLive, profile);
    warmUpReadPath(warmLive, warm, new GetTool(warmLive, profile));
    const cold = new SearchTools(coldLive, profile);
    const tool = coldLive.current()!.tools[0]!;
    const inputs = [
      { q: tool.name },
      { q: tool.name.slice(0, 3) },
      { q: tool.name, cursor: '20' },
      { cursor: '3' },
      ...(tool.category === null ? [] : [{ category: tool.category }]),
    ];
    for (const input of inputs) expect(warm.execute(input)).toEqual(cold.execute(input));
  });

  it('does nothing while no publication is live', () => {
    const live = new LivePublication();
    const warmUp = warmUpReadPath(live, new SearchTools(live, profile), new GetTool(live, profile));
    expect(warmUp).toEqual({ requests: 0, ms: 0 });
  });
});
