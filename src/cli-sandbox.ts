// `facturier pa-sandbox [--port N] [--host H] [--use-case UC1..UC5]`: the sandbox plateforme agréée
// (src/sandbox) on a port of its own, until SIGINT/SIGTERM. No database: its flows live in memory.
import { parseArgs } from 'node:util';
import { buildSandbox } from './sandbox/server.js';
import { USE_CASES, type UseCase } from './sandbox/use-cases.js';

export const SANDBOX_USAGE = `  facturier pa-sandbox [--port N] [--host H] [--use-case UC1..UC5]
                                        a sandbox plateforme agréée (AFNOR XP Z12-013 Flow and
                                        Directory Services) for integration tests; default port 8090`;

export const SANDBOX_HELP = `Usage: facturier pa-sandbox [--port N] [--host H] [--use-case UC1..UC5]

Serves a sandbox plateforme agréée: the AFNOR XP Z12-013 Flow Service at /flow-service and the
Directory Service at /directory-service, every request and answer checked against the official
OpenAPI documents. Any bearer token is accepted; each token is one business with its own flows.
Each CII invoice submitted is answered with the lifecycle statuses of the use case (default UC1
nominal; UC2 rejected, UC3 refused, UC4 disputed, UC5 disputed then approved), as CDAR flows.
Its controls (use case per token, faults, buyer statuses, supplier invoices, directory lines) are
under /sandbox: docs/einvoicing-platform.md. In memory only; stops on SIGINT/SIGTERM.`;

export interface SandboxIo {
  stdout: (text: string) => void;
}

export async function sandboxCommand(argv: string[], io: SandboxIo, usageError: (message: string) => Error): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { port: { type: 'string' }, host: { type: 'string' }, 'use-case': { type: 'string' } },
    strict: true,
  });
  const port = values.port === undefined ? 8090 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw usageError(`--port must be a port number (0-65535), not "${values.port}"`);
  const useCase = (values['use-case'] ?? 'UC1').toUpperCase();
  if (!(USE_CASES as readonly string[]).includes(useCase)) throw usageError(`--use-case is one of ${USE_CASES.join(', ')}`);
  const { app } = await buildSandbox({ useCase: useCase as UseCase, supplierInvoices: 2, logger: false });
  const address = await app.listen({ port, host: values.host ?? '127.0.0.1' });
  io.stdout(
    `PA sandbox listening (use case ${useCase}):\n  flowServiceUrl       ${address}/flow-service\n  directoryServiceUrl  ${address}/directory-service\n` +
      `  controls             ${address}/sandbox\nAny bearer token works (one token = one business). Ctrl-C to stop.\n`,
  );
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await app.close();
}
