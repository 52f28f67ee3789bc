// buildApp(config, db) -> a ready Fastify instance. Plugins load in a fixed order: conventions
// (parsers, validation, errors, auth, OpenAPI), then each module's routes. Tests use app.inject.
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { Config } from './config.js';
import type { Db } from './db/connection.js';
import { redactUrl, registerAuth } from './http/auth.js';
import { registerJsonParsers, registerTextVariants, requestIdFrom } from './http/conventions.js';
import { registerLenientBinding } from './http/binding.js';
import { registerErrorHandling } from './http/errors.js';
import { registerInputGuard } from './http/input-guard.js';
import { registerOpenApi } from './http/openapi.js';
import { registerCompactResponses } from './http/serialization.js';
import { NUMERIC_FORMATS, registerValidation } from './http/validation.js';
import type { AppContext } from './context.js';
import { registerSharedSchemas } from './http/schemas.js';
import { keyPrefixOf, keyResolver, sharedFailureRecorder } from './modules/accounts/index.js';
import { colleaguesPlugin } from './modules/colleagues/index.js';
import { contactsPlugin } from './modules/contacts/index.js';
import { customersPlugin } from './modules/customers/index.js';
import { documentsPlugin } from './modules/documents/index.js';
import { helloPlugin } from './modules/hello/index.js';
import { productsPlugin } from './modules/products/index.js';
import { purchasesPlugin } from './modules/purchases/index.js';
import { receiptsPlugin } from './modules/receipts/index.js';
import { referencePlugin } from './modules/reference/index.js';
import { openAuditTrail, salesPlugin } from './modules/sales/index.js';
import { settingsPlugin } from './modules/settings/index.js';
import { suppliersPlugin } from './modules/suppliers/index.js';
import { systemPlugin } from './modules/system/index.js';
import { usersPlugin } from './modules/users/index.js';
import { VERSION } from './version.js';
import { WorkerPool } from './workers/pool.js';

export interface BuildOptions {
  /** Where log lines go (stdout by default); tests capture them. */
  logStream?: { write(line: string): void };
  /** Worker threads to use instead of the app's own (which it closes with itself). */
  workers?: WorkerPool;
}

export async function buildApp(config: Config, db: Db, options: BuildOptions = {}): Promise<FastifyInstance> {
  // The audit keys first: a wrong or missing key stops the start before anything is sealed with it.
  const audit = await openAuditTrail(config, db);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      serializers: {
        req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
      },
    },
    // One line per request, written when it completes (see onResponse below), instead of two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimitBytes,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 500 },
    genReqId: (req) => requestIdFrom(req) ?? randomUUID(),
    trustProxy: false,
    serializerOpts: { ajv: { formats: Object.fromEntries(NUMERIC_FORMATS.map((f) => [f, true])) } },
  });

  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ req: request, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 }, 'request completed');
    done();
  });
  registerJsonParsers(app);
  await app.register(multipart, { limits: { fileSize: 25 * 1024 * 1024, files: 1, fields: 10, parts: 20 } });
  registerValidation(app);
  registerInputGuard(app);
  registerErrorHandling(app);
  registerLenientBinding(app);
  registerTextVariants(app);
  registerCompactResponses(app);
  registerAuth(app, {
    resolve: keyResolver(db, (err) => {
      app.log.warn({ err }, 'could not record API key use');
    }),
    failureLimit: config.authFailureLimit,
    failureWindowSeconds: config.authFailureWindowSeconds,
    keyPrefix: keyPrefixOf,
    recordSharedFailure: sharedFailureRecorder(db),
    onSharedFailureError: (err) => {
      app.log.warn({ err }, 'could not count a failed authentication in the database');
    },
  });
  await registerOpenApi(app, VERSION);

  if (audit.createdFile)
    app.log.warn({ file: audit.createdFile }, 'created the audit key file: back it up apart from the database (docs/audit.md)');
  if (audit.sealedChains)
    app.log.info({ chains: audit.sealedChains }, 'sealed the audit chains of the previous version with the audit key');
  if (audit.rotatedChains) app.log.info({ chains: audit.rotatedChains }, 'audit chains continued with the new audit key');
  const workers = options.workers ?? new WorkerPool(config.workers);
  if (!options.workers) app.addHook('onClose', () => workers.close());
  const ctx: AppContext = { config, db, workers, keyring: audit.keyring };
  registerSharedSchemas(app);
  // Each module is a plugin on the app's own scope; the order is the OpenAPI document's order.
  for (const plugin of [
    systemPlugin,
    helloPlugin,
    customersPlugin,
    productsPlugin,
    referencePlugin,
    settingsPlugin,
    colleaguesPlugin,
    suppliersPlugin,
    contactsPlugin,
    salesPlugin,
    documentsPlugin,
    purchasesPlugin,
    receiptsPlugin,
    usersPlugin,
  ]) {
    await app.register(plugin, { ctx });
  }

  await app.ready();
  return app;
}
