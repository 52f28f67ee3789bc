import { describe, expect, it } from 'vitest';
import { BatchedLineWriter, batchedLines, lineLevel } from '../../src/http/log-writer.js';

const line = (level: number, msg: string) => `${JSON.stringify({ level, msg })}\n`;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('batched log lines', () => {
  it('reads the level of a pino line; anything else counts as urgent', () => {
    expect(lineLevel(line(30, 'x'))).toBe(30);
    expect(lineLevel(line(50, 'x'))).toBe(50);
    expect(lineLevel(line(60, 'x'))).toBe(60);
    expect(lineLevel('not json\n')).toBe(40);
    expect(lineLevel('{"level":"info"}\n')).toBe(40);
  });

  it('writes the lines of a turn in one write, in order, after the turn', async () => {
    const writes: string[] = [];
    const writer = new BatchedLineWriter({ write: (t) => writes.push(t) });
    writer.write(line(30, 'a'));
    writer.write(line(20, 'b'));
    writer.write(line(30, 'c'));
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toEqual([line(30, 'a') + line(20, 'b') + line(30, 'c')]);
    writer.write(line(30, 'd'));
    await nextTurn();
    expect(writes).toEqual([line(30, 'a') + line(20, 'b') + line(30, 'c'), line(30, 'd')]);
  });

  it('writes a warning, an error or a fatal line at once, after the lines waiting before it', () => {
    const writes: string[] = [];
    const writer = new BatchedLineWriter({ write: (t) => writes.push(t) });
    writer.write(line(30, 'a'));
    writer.write(line(60, 'crash'));
    expect(writes).toEqual([line(30, 'a') + line(60, 'crash')]);
    writer.write(line(40, 'w'));
    writer.write(line(50, 'e'));
    expect(writes.slice(1)).toEqual([line(40, 'w'), line(50, 'e')]);
  });

  it('writes at once when 64 KB are waiting', () => {
    const writes: string[] = [];
    const writer = new BatchedLineWriter({ write: (t) => writes.push(t) });
    const big = line(30, 'x'.repeat(1000));
    for (let i = 0; i < 70; i++) writer.write(big);
    expect(writes).toHaveLength(1);
    expect(writes[0].length).toBeGreaterThanOrEqual(64 * 1024);
    expect(writes[0].split('\n').filter(Boolean)).toHaveLength(Math.ceil((64 * 1024) / big.length));
  });

  it("writes what waits when closed, then every later line at once (a stopping process's last lines)", () => {
    const writes: string[] = [];
    const { writer, close } = batchedLines({ write: (t) => writes.push(t) });
    writer.write(line(30, 'waiting'));
    close();
    expect(writes).toEqual([line(30, 'waiting')]);
    writer.write(line(30, 'shut down'));
    expect(writes).toEqual([line(30, 'waiting'), line(30, 'shut down')]);
  });
});
