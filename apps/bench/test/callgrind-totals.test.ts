import { describe, expect, it } from '@jest/globals';
import { callgrindTotals } from '../src/varied/callgrind-totals.js';

/** A dump in callgrind's format, with compressed names and a call whose inclusive cost follows. */
const DUMP = [
  'version: 1',
  'creator: callgrind-3.19.0',
  'events: Ir',
  'fl=(1) ???',
  'fn=(1) Builtins_JsonStringify',
  '0 500',
  '+3 100',
  'cfn=(2) v8::internal::ConcurrentMarking::RunMajor(v8::JobDelegate*)',
  'calls=1 0',
  '0 9999',
  '* 50',
  'fn=(2)',
  '0 300',
  'fn=(3) heap::base::ActiveSystemPages::Add(unsigned long)',
  '-1 20',
  'fn=(4) v8::internal::compiler::GraphReducer::ReduceTop()',
  '0 40',
  'fn=(5) v8::internal::maglev::MaglevGraphBuilder::VisitLdaConstant()',
  '+2 4',
  'fn=(6) v8::internal::Zone::Expand(unsigned long)',
  '0 2',
  'fn=(1)',
  '0 7',
  'totals: 1023',
].join('\n');

describe('callgrind totals', () => {
  it('sums self costs, not the inclusive cost after a call, and sets the collector and the compilers apart', () => {
    expect(callgrindTotals(DUMP)).toEqual({ all: 1023, garbageCollector: 320, compiler: 46 });
  });
});
