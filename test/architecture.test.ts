// The layout rules of docs/architecture.md, checked on the source tree: a failing test names each
// import that breaks them.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, importGraph, layeringViolations, type ImportGraph } from './helpers/imports.js';

const src = path.resolve(import.meta.dirname, '../src');

describe('source layout', () => {
  const graph = importGraph(src);

  it('reads the whole tree', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('app.ts')).toContain('context.ts');
  });

  it('has no import cycle in src/', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('enters every module only through its index.ts, and keeps domain/ and the shared layers free of modules', () => {
    expect(layeringViolations(graph)).toEqual([]);
  });

  it('every module has a door', () => {
    const modules = new Set([...graph.keys()].map((f) => /^modules\/([^/]+)\//.exec(f)?.[1]).filter(Boolean));
    for (const m of modules) expect(graph.has(`modules/${m}/index.ts`), `modules/${m}/index.ts`).toBe(true);
  });
});

describe('the checks themselves fail on a broken tree', () => {
  const broken: ImportGraph = new Map([
    ['app.ts', ['modules/sales/index.ts']],
    ['modules/sales/index.ts', ['modules/sales/routes.ts']],
    ['modules/sales/routes.ts', ['app.ts', 'modules/customers/service.ts']],
    ['modules/customers/index.ts', ['modules/customers/service.ts']],
    ['modules/customers/service.ts', ['http/schemas.ts']],
    ['http/schemas.ts', ['modules/customers/index.ts']],
    ['domain/money.ts', ['db/connection.ts']],
  ]);

  it('finds both cycles, the one through app.ts included', () => {
    const found = cycles(broken)
      .map((c) => c.join(' -> '))
      .sort();
    expect(found).toEqual([
      'app.ts -> modules/sales/index.ts -> modules/sales/routes.ts',
      'http/schemas.ts -> modules/customers/index.ts -> modules/customers/service.ts',
    ]);
  });

  it('names an inner import of another module, an import out of domain/ and a module imported by http/', () => {
    expect(layeringViolations(broken)).toEqual([
      'modules/sales/routes.ts imports modules/customers/service.ts: enter module "customers" through modules/customers/index.ts',
      'http/schemas.ts imports modules/customers/index.ts: http/ never imports a module',
      'domain/money.ts imports db/connection.ts: domain/ imports nothing of ours but domain/',
    ]);
  });
});
