/** Instructions of a callgrind dump: all of them, and those of V8's heap and garbage collector. */
export interface InstructionTotals {
  readonly all: number;
  readonly garbageCollector: number;
}

/**
 * V8's garbage collector and heap bookkeeping, by (demangled) function name: marking (concurrent
 * and on the main thread), sweeping, scavenges, evacuation and the page and slot bookkeeping they
 * do. Its share moves with where a major collection falls, so it is reported apart.
 */
const GARBAGE_COLLECTOR =
  /v8::internal::(?:\w*(?:Mark|Sweep|Scaveng|Evacuat|Compactor|RememberedSet|SlotSet|MemoryChunk|PagedSpace|NewSpace|SemiSpace|LargeObjectSpace|FreeList|GCTracer)|Heap::|HeapObject::SizeFromMap|BodyDescriptor|Page::)|heap::base::|cppgc::|_Map_base<v8::internal::MemoryChunk/;

/**
 * Sums the self cost (first event, `Ir`) of every function of a callgrind dump
 * (valgrind.org/docs/manual/cl-format.html): cost lines count for the function named by the last
 * `fn=`, except the line after a `calls=`, which is a call's inclusive cost.
 */
export function callgrindTotals(dump: string): InstructionTotals {
  const names = new Map<string, string>();
  let current = '';
  let inCall = false;
  let all = 0;
  let garbageCollector = 0;
  for (const line of dump.split('\n')) {
    const named = /^(fn|cfn)=(?:\((\d+)\))? ?(.*)$/.exec(line);
    if (named !== null) {
      const [, kind, id, name] = named;
      if (id !== undefined && name !== '') names.set(id, name!);
      if (kind === 'fn') current = id === undefined ? name! : (names.get(id) ?? '');
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
    if (GARBAGE_COLLECTOR.test(current)) garbageCollector += cost;
  }
  return { all, garbageCollector };
}
