// The import graph of src/ and the two rules it must keep (docs/architecture.md): no import cycle, and
// a module is entered only through its door (src/modules/<name>/index.ts). Type-only imports count:
// a cycle of types is still a cycle of files a reader has to hold in mind at once.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type ImportGraph = Map<string, string[]>;

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\b[^'"`;]*?\bfrom\s*'(\.{1,2}\/[^']+)'|import\(\s*'(\.{1,2}\/[^']+)'\s*\)|(?:^|\n)\s*import\s*'(\.{1,2}\/[^']+)'/g;

/** Every .ts file below `root` (relative paths, '/'-separated) with the files it imports. */
export function importGraph(root: string): ImportGraph {
  const graph: ImportGraph = new Map();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts')) {
        const file = path.relative(root, full).split(path.sep).join('/');
        const text = readFileSync(full, 'utf8');
        const targets: string[] = [];
        for (const m of text.matchAll(IMPORT)) {
          const spec = m[1] ?? m[2] ?? m[3];
          const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec.replace(/\.js$/, '.ts')));
          targets.push(resolved);
        }
        graph.set(file, targets);
      }
    }
  };
  walk(root);
  return graph;
}

/** Each cycle found, as the list of files around it (Tarjan's strongly connected components). */
export function cycles(graph: ImportGraph): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    indices.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  return found;
}

const moduleOf = (file: string): string | null => /^modules\/([^/]+)\//.exec(file)?.[1] ?? null;

/** The files at the root of src/ that start the program (the app, the command line): they may import anything. */
const ENTRY_FILE = /^(app|bin|cli(-[a-z-]+)?)\.ts$/;

/**
 * A file's layer: its top folder under src/; for a file at the root of src/, `entry` (ENTRY_FILE)
 * or `root` (what every layer shares: config.ts, context.ts, errors.ts…).
 */
const layerOf = (file: string): string => (file.includes('/') ? file.split('/')[0] : ENTRY_FILE.test(file) ? 'entry' : 'root');

/** The layers shared by every module: none of them imports a module. */
const SHARED = ['root', 'app', 'http', 'db', 'rendering', 'einvoicing', 'jobs', 'images', 'workers'];

/** A module's HTTP adapters: its door, its routes and its wire schemas. Its other files (services, repositories…) never import http/. */
const ADAPTER = /^(index|routes|[a-z-]+-routes|schemas|[a-z-]+-schemas)\.ts$/;

/**
 * Imports that break the layering: another module's inner file (only its index.ts is a door),
 * `domain` importing anything but itself, the shared layers (the files at the root of src/ but the
 * entry points, app, http, db, rendering, einvoicing, jobs, images, workers) importing a module, the
 * application layer (app/) and the root files importing http/, and a module's services and
 * repositories importing http/ (HTTP only adapts: paging, versions and input helpers are in app/).
 */
export function layeringViolations(graph: ImportGraph): string[] {
  const out: string[] = [];
  for (const [file, targets] of graph) {
    const from = moduleOf(file);
    const layer = layerOf(file);
    for (const target of targets) {
      const to = moduleOf(target);
      const toLayer = layerOf(target);
      if (to && to !== from && target !== `modules/${to}/index.ts`) {
        out.push(`${file} imports ${target}: enter module "${to}" through modules/${to}/index.ts`);
      }
      if (layer === 'domain' && toLayer !== 'domain') out.push(`${file} imports ${target}: domain/ imports nothing of ours but domain/`);
      if (SHARED.includes(layer) && to) {
        out.push(`${file} imports ${target}: ${layer === 'root' ? 'a file at the root of src/' : `${layer}/`} never imports a module`);
      }
      if ((layer === 'app' || layer === 'root') && toLayer === 'http') {
        out.push(`${file} imports ${target}: ${layer === 'root' ? 'a file at the root of src/' : 'app/'} never imports http/`);
      }
      if (from && toLayer === 'http' && !ADAPTER.test(file.slice(`modules/${from}/`.length))) {
        out.push(`${file} imports ${target}: only a module's index, routes and schemas import http/ (use app/)`);
      }
    }
  }
  return out;
}
