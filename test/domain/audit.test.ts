import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import {
  auditKeyId,
  canonicalJson,
  chainHash,
  differences,
  entryMac,
  locatorDigest,
  sameMac,
  verifyChain,
  type ChainEntry,
} from '../../src/domain/audit.js';

describe('canonicalJson', () => {
  it.each([
    {
      name: 'sorts keys at every depth',
      value: { b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } },
      json: '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}',
    },
    { name: 'sorts keys by code unit, uppercase first', value: { b: 1, B: 2, a: 3, _: 4 }, json: '{"B":2,"_":4,"a":3,"b":1}' },
    {
      name: 'writes numbers in their shortest form',
      value: [1.0, 0.1, 1e21, 1e-7, -0, 123.45, 100],
      json: '[1,0.1,1e+21,1e-7,0,123.45,100]',
    },
    { name: 'keeps strings exact and escaped', value: { s: 'Crème "brûlée"\n€' }, json: '{"s":"Crème \\"brûlée\\"\\n€"}' },
    { name: 'omits undefined members', value: { a: undefined, b: false }, json: '{"b":false}' },
    {
      name: 'serializes decimals and dates through toJSON',
      value: { amount: new Big('12.50'), at: new Date('2025-03-14T10:00:00Z') },
      json: '{"amount":"12.5","at":"2025-03-14T10:00:00.000Z"}',
    },
    { name: 'empty containers', value: { a: [], o: {} }, json: '{"a":[],"o":{}}' },
  ])('$name', ({ value, json }) => {
    expect(canonicalJson(value)).toBe(json);
  });

  it('is independent of key insertion order', () => {
    expect(canonicalJson({ x: 1, y: { p: 1, q: 2 } })).toBe(canonicalJson({ y: { q: 2, p: 1 }, x: 1 }));
  });

  it.each([[Number.NaN], [Number.POSITIVE_INFINITY], [[undefined]], [{ f: () => 1 }], [{ n: 10n }], [Symbol('s')]])(
    'refuses what it cannot hash unambiguously: %s',
    (value) => {
      expect(() => canonicalJson(value)).toThrow(TypeError);
    },
  );
});

describe('chainHash', () => {
  it('is the SHA-256 hex of previousHash + "\\n" + content', () => {
    expect(chainHash('abc', '{"a":1}')).toBe('76d60f196e163a815fca6ce112418a550ab4e61e1870c2bfc932fb0f011efb33');
  });

  it('uses an empty previous hash for the first entry', () => {
    expect(chainHash(null, '{}')).toBe('a062dd4952b935e430d409c4a5e5cd760e8781e3200d5c7e12a232dddba8a528');
  });
});

describe('verifyChain', () => {
  const build = (contents: string[], start: string | null = null): ChainEntry[] => {
    let previous = start;
    return contents.map((content) => {
      const entry = { content, previousHash: previous, hash: chainHash(previous, content) };
      previous = entry.hash;
      return entry;
    });
  };
  const contents = [0, 1, 2, 3, 4].map((n) => canonicalJson({ number: `F-2025-0000${n + 1}`, total: '120.00' }));

  it('accepts an intact chain and an empty one', () => {
    expect(verifyChain(build(contents))).toBeNull();
    expect(verifyChain([])).toBeNull();
  });

  it('finds an altered content', () => {
    const chain = build(contents);
    chain[2] = { ...chain[2], content: chain[2].content.replace('120.00', '12.00') };
    expect(verifyChain(chain)).toBe(2);
  });

  it('finds an entry altered and re-hashed: the next link breaks', () => {
    const chain = build(contents);
    const content = chain[2].content.replace('120.00', '12.00');
    chain[2] = { ...chain[2], content, hash: chainHash(chain[1].hash, content) };
    expect(verifyChain(chain)).toBe(3);
  });

  it('finds a removed entry', () => {
    const chain = build(contents);
    chain.splice(1, 1);
    expect(verifyChain(chain)).toBe(1);
  });

  it('finds swapped entries', () => {
    const chain = build(contents);
    [chain[3], chain[4]] = [chain[4], chain[3]];
    expect(verifyChain(chain)).toBe(3);
  });

  it('finds a stored previousHash that does not match, even when the hash itself is right', () => {
    const chain = build(contents);
    chain[0] = { ...chain[0], previousHash: 'forged' };
    expect(verifyChain(chain)).toBe(0);
  });

  it('checks entries without a stored previousHash by their hash alone', () => {
    const chain = build(contents).map(({ content, hash }) => ({ content, hash }));
    expect(verifyChain(chain)).toBeNull();
  });

  it('verifies a segment from the hash preceding it', () => {
    const chain = build(contents);
    expect(verifyChain(chain.slice(2), chain[1].hash)).toBeNull();
    expect(verifyChain(chain.slice(2))).toBe(0);
  });
});

describe('keyed entries', () => {
  it('are authenticated with HMAC-SHA256 (RFC 4231 test case 2)', () => {
    expect(entryMac(Buffer.from('Jefe'), 'what do ya want for nothing?')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('name their key by an id that depends on the key only', () => {
    const key = Buffer.alloc(32, 7);
    expect(auditKeyId(key)).toMatch(/^[0-9a-f]{16}$/);
    expect(auditKeyId(Buffer.alloc(32, 7))).toBe(auditKeyId(key));
    expect(auditKeyId(Buffer.alloc(32, 8))).not.toBe(auditKeyId(key));
    // Not a prefix of any MAC made with the key: the id is its own derivation.
    expect(entryMac(key, '')).not.toContain(auditKeyId(key));
  });

  it('locate a changed member of a snapshot by an FNV-1a digest, also of a range of a longer text', () => {
    expect(locatorDigest('')).toBe('811c9dc5');
    expect(locatorDigest('a')).toBe('e40c292c');
    expect(locatorDigest('foobar')).toBe('bf9cf968');
    expect(locatorDigest('{"a":"foobar"}', 6, 12)).toBe('bf9cf968');
  });

  it('compare MACs whole', () => {
    expect(sameMac('ab'.repeat(32), 'ab'.repeat(32))).toBe(true);
    expect(sameMac('ab'.repeat(32), `${'ab'.repeat(31)}ac`)).toBe(false);
    expect(sameMac('ab', 'abab')).toBe(false);
  });

  it('list the fields that differ, in the given order, comparing values as canonical JSON', () => {
    const sealed = { number: 'F-1', amount: '10.00', isDraft: false, data: { b: 1, a: 2 }, gone: 'x' };
    const stored = { number: 'F-2', amount: '10.00', isDraft: true, data: { a: 2, b: 1 }, extra: 1 };
    expect(differences(['isDraft', 'number', 'amount', 'data', 'gone', 'extra'], sealed, stored)).toEqual([
      { field: 'isDraft', sealed: false, stored: true },
      { field: 'number', sealed: 'F-1', stored: 'F-2' },
      { field: 'gone', sealed: 'x', stored: null },
      { field: 'extra', sealed: null, stored: 1 },
    ]);
  });
});
