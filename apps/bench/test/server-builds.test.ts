import { describe, expect, it } from '@jest/globals';
import { SERVER_MAIN } from '@reviews/server/testing';
import { inTurn, serverBuilds } from '../src/server-process.js';

describe('the builds a bench runs side by side', () => {
  it('are this build alone, or with the checkout to compare, by its built server', () => {
    expect(serverBuilds(undefined)).toEqual([['this build', SERVER_MAIN]]);
    expect(serverBuilds('/work/base')).toEqual([
      ['this build', SERVER_MAIN],
      ['/work/base', '/work/base/apps/server/dist/main.js'],
    ]);
  });

  it('take turns going first, round after round, without reordering the list given', () => {
    const builds = ['a', 'b'];
    expect([1, 2, 3, 4].map((round) => inTurn(builds, round).join(''))).toEqual([
      'ab',
      'ba',
      'ab',
      'ba',
    ]);
    expect(builds).toEqual(['a', 'b']);
    expect(inTurn(['only'], 2)).toEqual(['only']);
  });
});
