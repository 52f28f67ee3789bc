// buildApp(config, db) -> a ready Fastify instance. Plugins load in a fixed order: conventions
// (parsers, validation, errors, auth, OpenAPI), then each module's routes. Tests use app.inject.
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { Config } from './config.js';
import type { Db } from './db/connection.js';
import { redactKeys, redactUrl, registerAuth } from './http/auth.js';
import { registerJsonParsers, registerTextVariants, requestIdFrom } from './http/conventions.js';
import { registerLenientBinding } from './http/binding.js';
import { registerBodyDrain } from './http/body-drain.js';
import { registerErrorHandling } from './http/errors.js';
import { purgeIdempotencyKeys, registerIdempotency } from './http/idempotency.js';
import { OutboxRunner, type DeliveryHooks, type Stage } from './jobs/runner.js';
import { registerInputGuard } from './http/input-guard.js';
import { batchedLines } from './http/log-writer.js';
import { registerMetrics } from './http/metrics.js';
import { registerOpenApi } from './http/openapi.js';
import { registerCompactResponses } from './http/serialization.js';
import { NUMERIC_FORMATS, registerValidation } from './http/validation.js';
import type { AppContext } from './context.js';
import { registerSharedSchemas } from './http/schemas.js';
import { keyPrefixOf, keyResolver, sharedFailureRecorder } from './modules/accounts/index.js';
import { bankPlugin } from './modules/bank/index.js';
import { colleaguesPlugin } from './modules/colleagues/index.js';
import { contactsPlugin } from './modules/contacts/index.js';
import { customersPlugin } from './modules/customers/index.js';
import { exportsPlugin } from './modules/exports/index.js';
import { helloPlugin } from './modules/hello/index.js';
import { mailingPlugin, mailingStage, type MailTransport } from './modules/mailing/index.js';
import { expensesPlugin } from './modules/expenses/index.js';
import { ledgersPlugin } from './modules/ledgers/index.js';
import { ereportingPlugin, ereportingStages } from './modules/ereporting/index.js';
import { platformPlugin, platformStages } from './modules/platform/index.js';
import { productsPlugin } from './modules/products/index.js';
import { purchasesPlugin } from './modules/purchases/index.js';
import { quotesPlugin } from './modules/quotes/index.js';
import { receiptsPlugin } from './modules/receipts/index.js';
import { referencePlugin } from './modules/reference/index.js';
import { recurringPlugin, recurringStage } from './modules/recurring/index.js';
import { remindersPlugin, remindersStage } from './modules/reminders/index.js';
import { completeDetailUpgrade, openAuditTrail, salesPlugin } from './modules/sales/index.js';
import { settingsPlugin } from './modules/settings/index.js';
import { suppliersPlugin } from './modules/suppliers/index.js';
import { systemPlugin } from './modules/system/index.js';
import { webhooksPlugin, webhookStages } from './modules/webhooks/index.js';
import { sessionResolver, usersPlugin } from './modules/users/index.js';
import { apiKeysPlugin } from './modules/apikeys/index.js';
import { consolePlugin } from './modules/console/index.js';
import { VERSION } from './version.js';
import { WorkerPool } from './workers/pool.js';

export interface BuildOptions {
  /** Where log lines go (stdout by default); tests capture them. */
  logStream?: { write(line: string): void };
  /** Worker threads to use instead of the app's own (which it closes with itself). */
  workers?: WorkerPool;
  /** Start the outbox worker's loop with the app (`facturier serve`, `facturier worker`); tests drive app.outbox themselves. */
  startOutboxWorker?: boolean;
  /** Tests: the outbox worker's clock and the webhooks' resolver. */
  delivery?: DeliveryHooks;
  /** Tests: where e-mails go instead of SMTP_URL / MAIL_DIR. */
  mailTransport?: MailTransport;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox worker (webhooks, e-mails, expired idempotency keys); started only when asked. */
    outbox: OutboxRunner;
  }
}

/** A stage that runs at most once per `everyMs` (housekeeping). */
function everyFew(stage: Stage, everyMs: number): Stage {
  let last = -Infinity;
  return {
    name: stage.name,
    async run(now) {
      if (now - last < everyMs) return 0;
      last = now;
      await stage.run(now);
      return 0;
    },
  };
}

/** The largest file any upload route accepts (each route has its own, lower or equal, limit). */
const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export async function buildApp(config: Config, db: Db, options: BuildOptions = {}): Promise<FastifyInstance> {
  // The audit keys first: a wrong or missing key stops the start before anything is sealed with it.
  const audit = await openAuditTrail(config, db);
  // The Detail of documents finalized before migration 022, before any export reads it.
  await completeDetailUpgrade(db.kysely);
  // Every line passes through redactKeys: a key sent where no one expects it (any parameter, any
  // header, an error message quoting either) never reaches the log.
  // Lines are batched per turn of the event loop; warnings and errors are written at once with
  // everything before them (src/http/log-writer.ts).
  const logLines = batchedLines(options.logStream ?? process.stdout);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      stream: {
        write: (line: string) => {
          logLines.writer.write(redactKeys(line));
        },
      },
      serializers: {
        req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
      },
    },
    // One line per request, written when it completes (see onResponse below), instead of two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimitBytes,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 500 },
    genReqId: (req) => requestIdFrom(req) ?? randomUUID(),
    // TRUST_PROXY: a hop count trusts that many proxies in front (as proxy-addr counts hops).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    serializerOpts: { ajv: { formats: Object.fromEntries(NUMERIC_FORMATS.map((f) => [f, true])) } },
  });

  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ req: request, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 }, 'request completed');
    done();
  });
  registerJsonParsers(app);
  registerIdempotency(app, db, { clock: options.delivery?.clock });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 20 } });
  // A body left unread by a refusal is read to the end (up to the largest upload) so the connection lives on.
  registerBodyDrain(app, Math.max(config.bodyLimitBytes, MAX_UPLOAD_BYTES + 1024 * 1024));
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
    // The web console's session cookie (with its CSRF token) is accepted instead of a key.
    resolveSession: sessionResolver(db, config.console, (err) => {
      app.log.warn({ err }, 'could not record a console session use');
    }),
    publicUrl: config.publicUrl,
  });
  await registerOpenApi(app, VERSION, config.publicUrl ?? undefined);
  registerMetrics(app, db, config.metricsToken);

  if (audit.createdFile)
    app.log.warn({ file: audit.createdFile }, 'created the audit key file: back it up apart from the database (docs/audit.md)');
  if (audit.sealedChains)
    app.log.info({ chains: audit.sealedChains }, 'sealed the audit chains of the previous version with the audit key');
  if (audit.rotatedChains) app.log.info({ chains: audit.rotatedChains }, 'audit chains continued with the new audit key');
  const workers = options.workers ?? new WorkerPool(config.workers);
  if (!options.workers) app.addHook('onClose', () => workers.close());
  const ctx: AppContext = { config, db, workers, keyring: audit.keyring, delivery: options.delivery };
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
    quotesPlugin,
    purchasesPlugin,
    receiptsPlugin,
    exportsPlugin,
    expensesPlugin,
    bankPlugin,
    ledgersPlugin,
    usersPlugin,
    webhooksPlugin,
    mailingPlugin,
    remindersPlugin,
    recurringPlugin,
    platformPlugin,
    ereportingPlugin,
    apiKeysPlugin,
    consolePlugin,
  ]) {
    await app.register(plugin, { ctx });
  }

  const mailing = mailingStage(ctx, options.mailTransport);
  const purge: Stage = { name: 'idempotency:purge', run: (now) => purgeIdempotencyKeys(db, now) };
  const outbox = new OutboxRunner(
    [
      recurringStage(ctx),
      remindersStage(ctx),
      ...webhookStages(ctx),
      mailing,
      ...platformStages(ctx),
      ...ereportingStages(ctx),
      everyFew(purge, 10 * 60_000),
    ],
    {
      clock: options.delivery?.clock,
      log: app.log,
    },
  );
  app.decorate('outbox', outbox);
  app.addHook('onClose', async () => {
    await outbox.stop();
    mailing.close();
    logLines.close();
  });
  if (options.startOutboxWorker) outbox.start();

  await app.ready();
  return app;
}
