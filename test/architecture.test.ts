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

  it('reads the files at the root of src/ and the application layer too', () => {
    expect(graph.get('context.ts')).toBeDefined();
    expect([...graph.keys()].some((f) => f.startsWith('app/'))).toBe(true);
  });

  it('enters every module only through its index.ts, keeps domain/ and the shared layers free of modules, and http/ out of services', () => {
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
  // The graph as it stood before the application layer (issue #24): http/ reached a module through
  // context.ts, and services and repositories imported paging, versions and input helpers from http/.
  const before: ImportGraph = new Map([
    ['http/module.ts', ['context.ts']],
    ['context.ts', ['config.ts', 'modules/audit/index.ts']],
    ['modules/audit/index.ts', ['modules/audit/keyring.ts']],
    ['modules/sales/service.ts', ['http/etag.ts', 'http/paging.ts', 'http/input/merge.ts', 'app/versioning.ts']],
    ['modules/sales/repo.ts', ['http/paging.ts']],
    ['modules/sales/routes.ts', ['http/paging.ts', 'modules/sales/service.ts']],
    ['modules/sales/files-routes.ts', ['http/schemas.ts']],
    ['modules/sales/schemas.ts', ['http/schemas.ts']],
    ['app/versioning.ts', ['http/etag.ts']],
    ['cli.ts', ['modules/audit/index.ts', 'http/metrics.ts']],
    ['app.ts', ['modules/sales/index.ts', 'http/auth.ts']],
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
      "modules/customers/service.ts imports http/schemas.ts: only a module's index, routes and schemas import http/ (use app/)",
      'http/schemas.ts imports modules/customers/index.ts: http/ never imports a module',
      'domain/money.ts imports db/connection.ts: domain/ imports nothing of ours but domain/',
    ]);
  });

  it('names a root file that imports a module, app/ importing http/, and services and repositories importing http/', () => {
    expect(layeringViolations(before)).toEqual([
      'context.ts imports modules/audit/index.ts: a file at the root of src/ never imports a module',
      "modules/sales/service.ts imports http/etag.ts: only a module's index, routes and schemas import http/ (use app/)",
      "modules/sales/service.ts imports http/paging.ts: only a module's index, routes and schemas import http/ (use app/)",
      "modules/sales/service.ts imports http/input/merge.ts: only a module's index, routes and schemas import http/ (use app/)",
      "modules/sales/repo.ts imports http/paging.ts: only a module's index, routes and schemas import http/ (use app/)",
      'app/versioning.ts imports http/etag.ts: app/ never imports http/',
    ]);
  });
});
