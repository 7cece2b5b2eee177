/**
 * Instructions of a callgrind dump: all of them, those of V8's heap and garbage collector, and
 * those of V8's compilers.
 */
export interface InstructionTotals {
  readonly all: number;
  readonly garbageCollector: number;
  readonly compiler: number;
}

/**
 * V8's garbage collector and heap bookkeeping, by (demangled) function name: marking (concurrent
 * and on the main thread), sweeping, scavenges, evacuation and the page and slot bookkeeping they
 * do. Its share moves with where a major collection falls, so it is reported apart.
 */
const GARBAGE_COLLECTOR =
  /v8::internal::(?:\w*(?:Mark|Sweep|Scaveng|Evacuat|Compactor|RememberedSet|SlotSet|MemoryChunk|PagedSpace|NewSpace|SemiSpace|LargeObjectSpace|FreeList|GCTracer)|Heap::|HeapObject::SizeFromMap|BodyDescriptor|Page::)|heap::base::|cppgc::|_Map_base<v8::internal::MemoryChunk/;

/**
 * V8's compilers, by (demangled) function name: parsing and bytecode generation, Sparkplug,
 * Maglev and Turbofan (Turboshaft included), the zones they allocate in, and deoptimization. A
 * function is compiled when its calls reach a budget, mostly on a background thread, so the same
 * answers count hundreds of thousands of these instructions in one batch and none in the next,
 * long after the warm-up (an MCP call, at 1,000 calls, counted 0.4 to 3.4 million of them in
 * five batches of 200): reported apart, like the collector's.
 */
const COMPILER =
  /v8::internal::(?:compiler::|maglev::|baseline::|interpreter::|(?:Pre)?Parser|ParserBase|Scanner|Zone(?:::|List|Allocator)|Compiler::|OptimizingCompileDispatcher|Deoptimizer)/;

/**
 * Sums the self cost (first event, `Ir`) of every function of a callgrind dump
 * (valgrind.org/docs/manual/cl-format.html): cost lines count for the function named by the last
 * `fn=`, except the line after a `calls=`, which is a call's inclusive cost.
 */
export function callgrindTotals(dump: string): InstructionTotals {
  const names = new Map<string, string>();
  /** What the function of the last `fn=` is: V8's collector, its compilers, or anything else. */
  let current: 'collector' | 'compiler' | 'other' = 'other';
  let inCall = false;
  let all = 0;
  let garbageCollector = 0;
  let compiler = 0;
  for (const line of dump.split('\n')) {
    const named = /^(fn|cfn)=(?:\((\d+)\))? ?(.*)$/.exec(line);
    if (named !== null) {
      const [, kind, id, name] = named;
      if (id !== undefined && name !== '') names.set(id, name!);
      if (kind === 'fn') current = partOf(id === undefined ? name! : (names.get(id) ?? ''));
      continue;
    }
    if (line.startsWith('calls=')) {
      inCall = true;
      continue;
    }
    if (!/^[\d+*-]/.test(line)) continue;
    if (inCall) {
      inCall = false;
      continue;
    }
    const cost = Number(line.split(' ')[1] ?? 0);
    all += cost;
    if (current === 'collector') garbageCollector += cost;
    else if (current === 'compiler') compiler += cost;
  }
  return { all, garbageCollector, compiler };
}

function partOf(name: string): 'collector' | 'compiler' | 'other' {
  if (GARBAGE_COLLECTOR.test(name)) return 'collector';
  return COMPILER.test(name) ? 'compiler' : 'other';
}
