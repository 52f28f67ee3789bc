// GET /v1/settings (reference: Settings), our PUT /v1/settings (partial update), and the public
// URL of the company logo (random token, new on every change, cacheable forever).
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../context.js';
import { IfMatchHeaders, ifMatchOf, withETag } from '../../http/etag.js';
import { sendImage } from '../../http/images.js';
import type { TypedApp } from '../../http/module.js';
import { ensureSchema } from '../../http/schemas.js';
import { Classification, Settings, SettingsPatch, Vat } from './schemas.js';
import { getLogoByToken, readAccountSettings, updateAccountSettings } from './service.js';

const problem = { $ref: 'ProblemDetails#' };

export function settingsRoutes(app: TypedApp, ctx: AppContext): void {
  ensureSchema(app, Vat);
  ensureSchema(app, Classification);
  ensureSchema(app, Settings);
  const publicUrl = ctx.config.publicUrl;

  app.get(
    '/v1/settings',
    {
      schema: {
        tags: ['Settings'],
        operationId: 'GET_Settings_Get',
        summary: 'Settings of the account',
        response: { 200: Type.Ref(Settings) },
      },
    },
    async (request, reply) => {
      const { settings, version } = await readAccountSettings(ctx.db.kysely, request.principal.accountId, { publicUrl });
      return withETag(reply, { value: settings, version });
    },
  );

  app.put(
    '/v1/settings',
    {
      schema: {
        tags: ['Settings'],
        operationId: 'PUT_Settings_Put',
        summary: 'Change settings (Facturier extension): only the fields sent change; null resets a field to its default',
        headers: IfMatchHeaders,
        body: SettingsPatch,
        response: { 200: Type.Ref(Settings), 400: problem, 412: problem },
      },
    },
    async (request, reply) =>
      withETag(
        reply,
        await updateAccountSettings(ctx.db, request.principal.accountId, request.body, { publicUrl, ifMatch: ifMatchOf(request) }),
      ),
  );

  app.get(
    '/v1/settings/logo/:token',
    {
      config: { public: true },
      schema: {
        tags: ['Settings'],
        operationId: 'GET_Settings_Logo',
        summary: 'The company logo (public URL, as given in company.logoUri)',
        params: Type.Object({ token: Type.String({ maxLength: 100 }) }),
        response: { 404: problem },
      },
    },
    async (request, reply) => {
      const logo = await getLogoByToken(ctx.db, request.params.token);
      return sendImage(reply, logo);
    },
  );
}
