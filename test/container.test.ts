// The Dockerfile and compose.yaml (README, "Deploying") are checked here, because no Docker engine
// runs where the tests run (CI builds the image when one does: .ci/run). What is checked is what
// would break the image or the stack silently: the stages, the files copied, the user, the health
// check's route, the entry point, the ports, and compose's wiring to PostgreSQL. Where no Docker
// engine runs, the build stage's `npm run build` is run on exactly the files the Dockerfile copies,
// in a temporary folder: a folder the build needs and the Dockerfile forgets fails here.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = new URL('../', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, root), 'utf8');
const dockerfile = read('Dockerfile');
const lines = dockerfile
  .replace(/\\\n\s*/g, ' ')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));
const pkg = JSON.parse(read('package.json')) as { bin: Record<string, string>; engines: { node: string } };

describe('Dockerfile', () => {
  const froms = lines.filter((l) => l.startsWith('FROM '));
  const runtimeStart = lines.indexOf(froms.at(-1)!);
  const runtime = lines.slice(runtimeStart);

  it('is multi-stage, on a Node version package.json accepts', () => {
    expect(froms.length).toBeGreaterThanOrEqual(2);
    const minimum = Number(/>=\s*(\d+)/.exec(pkg.engines.node)![1]);
    for (const from of froms) expect(Number(/node:(\d+)/.exec(from)![1])).toBeGreaterThanOrEqual(minimum);
    expect(runtime.filter((l) => l.startsWith('COPY ') && !l.includes('--from='))).toEqual([]);
  });

  it('copies files that exist, and everything the build compiles', () => {
    const copied = lines
      .filter((l) => l.startsWith('COPY ') && !l.includes('--from='))
      .flatMap((l) =>
        l
          .split(/\s+/)
          .slice(1, -1)
          .filter((w) => !w.startsWith('--')),
      );
    for (const file of copied) expect(existsSync(new URL(file, root)), file).toBe(true);
    const build = JSON.parse(read('tsconfig.build.json')) as { include: string[] };
    for (const dir of build.include) expect(copied, dir).toContain(dir);
    for (const file of ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json']) expect(copied).toContain(file);
  });

  it('runs as an unprivileged user, the bin of package.json, with a health check on /readyz', () => {
    const user = runtime.filter((l) => l.startsWith('USER ')).at(-1);
    expect(user).toBeDefined();
    expect(user).not.toMatch(/USER (root|0)\b/);
    const entry = runtime.find((l) => l.startsWith('ENTRYPOINT '))!;
    expect(JSON.parse(entry.slice('ENTRYPOINT '.length))).toEqual(['node', pkg.bin.facturier]);
    expect(runtime.find((l) => l.startsWith('CMD '))).toBe('CMD ["serve"]');
    const health = runtime.find((l) => l.startsWith('HEALTHCHECK '))!;
    expect(health).toContain('/readyz');
    const port = /PORT=(\d+)/.exec(runtime.join(' '))![1];
    expect(runtime).toContain(`EXPOSE ${port}`);
    expect(runtime.join(' ')).toContain('HOST=0.0.0.0');
  });

  it('builds from exactly the files its build stage copies (console included)', () => {
    const buildStage = lines.slice(0, runtimeStart);
    const context = mkdtempSync(path.join(tmpdir(), 'facturier-image-'));
    try {
      for (const line of buildStage.filter((l) => l.startsWith('COPY ') && !l.includes('--from='))) {
        const words = line
          .split(/\s+/)
          .slice(1)
          .filter((w) => !w.startsWith('--'));
        const target = words.at(-1)!;
        for (const source of words.slice(0, -1)) {
          const into = target.endsWith('/') ? path.join(context, target, path.basename(source)) : path.join(context, target);
          cpSync(fileURLToPath(new URL(source, root)), into, { recursive: true });
        }
      }
      // What `npm ci` installs from the copied lock file: this checkout's installation.
      symlinkSync(fileURLToPath(new URL('node_modules', root)), path.join(context, 'node_modules'), 'dir');
      const run = buildStage.find((l) => l.startsWith('RUN ') && l.includes('npm run build'))!;
      expect(run).toMatch(/^RUN npm run build( &&|$)/);
      execFileSync('npm', ['run', 'build'], { cwd: context, stdio: 'pipe', timeout: 300_000 });
      expect(existsSync(path.join(context, pkg.bin.facturier))).toBe(true);
      expect(existsSync(path.join(context, 'dist/console/index.html'))).toBe(true);
    } finally {
      rmSync(context, { recursive: true, force: true });
    }
  }, 360_000);

  it('leaves data and secrets out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['node_modules', 'data', '.git', '*.db']) expect(ignored).toContain(entry);
  });
});

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml')) as { services: Record<string, Record<string, any>> }; // eslint-disable-line @typescript-eslint/no-explicit-any
  const app = compose.services.facturier;
  const db = compose.services.db;

  it('builds this Dockerfile and waits for a healthy PostgreSQL ≥ 13', () => {
    expect(app.build).toBe('.');
    expect(Number(/^postgres:(\d+)/.exec(db.image as string)![1])).toBeGreaterThanOrEqual(13);
    expect(db.healthcheck.test.join(' ')).toContain('pg_isready');
    expect(app.depends_on).toEqual({ db: { condition: 'service_healthy' } });
  });

  it('points DATABASE_URL at that service with its user, password and database, and requires AUDIT_KEY', () => {
    const env = app.environment as Record<string, string>;
    const dbEnv = db.environment as Record<string, string>;
    const url = new URL(env.DATABASE_URL.replace(/\$\{POSTGRES_PASSWORD:-([^}]*)\}/, '$1'));
    expect(url.protocol).toBe('postgres:');
    expect(url.hostname).toBe('db');
    expect(url.username).toBe(dbEnv.POSTGRES_USER);
    expect(url.password).toBe(dbEnv.POSTGRES_PASSWORD.replace(/\$\{POSTGRES_PASSWORD:-([^}]*)\}/, '$1'));
    expect(url.pathname).toBe(`/${dbEnv.POSTGRES_DB}`);
    expect(env.AUDIT_KEY).toMatch(/^\$\{AUDIT_KEY:\?/);
    expect(app.ports).toEqual([`${env.PORT}:${env.PORT}`]);
  });

  it('sets only variables the README documents', () => {
    const readme = read('README.md');
    for (const name of Object.keys(app.environment as object)) expect(readme, name).toContain(`| \`${name}\` |`);
  });
});
