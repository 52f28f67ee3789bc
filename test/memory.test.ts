import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { collectStartupGarbage } from '../src/memory.js';

describe('collectStartupGarbage', () => {
  it('frees garbage the old generation holds', () => {
    // ~15 MB, more than the young generation holds: most of it is promoted before it is dropped.
    let garbage: string[][] | null = Array.from({ length: 200 }, (_, i) => Array.from({ length: 1000 }, (_, j) => `${i}:${j}`));
    expect(garbage.length).toBe(200);
    const before = v8.getHeapStatistics().used_heap_size;
    garbage = null;
    collectStartupGarbage();
    expect(v8.getHeapStatistics().used_heap_size).toBeLessThan(before - 5 * 2 ** 20);
  });

  it('leaves gc unexposed to the application and to contexts made later', () => {
    collectStartupGarbage();
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
    expect(vm.runInNewContext('typeof gc')).toBe('undefined');
  });
});
