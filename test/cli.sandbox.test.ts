// `facturier pa-sandbox`: its help, and bad arguments refused with exit code 64 before anything listens.
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/cli.js';

async function run(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { env: {}, stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) });
  return { code, stdout, stderr };
}

describe('facturier pa-sandbox', () => {
  it('prints its help, and is listed in the usage', async () => {
    const help = await run('pa-sandbox', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: facturier pa-sandbox [--port N] [--host H] [--use-case UC1..UC5]');
    expect((await run('help')).stdout).toContain('facturier pa-sandbox [--port N]');
  });

  it('refuses a port that is not one, and an unknown use case, with exit code 64', async () => {
    const port = await run('pa-sandbox', '--port', 'abc');
    expect(port.code).toBe(64);
    expect(port.stderr).toContain('--port must be a port number (0-65535), not "abc"');
    const useCase = await run('pa-sandbox', '--use-case', 'UC9');
    expect(useCase.code).toBe(64);
    expect(useCase.stderr).toContain('--use-case is one of UC1, UC2, UC3, UC4, UC5');
  });
});
