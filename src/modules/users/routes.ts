// GET /v1/users/me and /v1/users/whoami: who the caller is, as the reference's `User`. Until the web
// console brings users, every caller is an API key: the key's name, the company's contact person and
// e-mail, profile `Api`, status `Active` (docs/master-data.md#users).
import { Type, type Static } from '@sinclair/typebox';
import type { AppContext } from '../../context.js';
import type { TypedApp } from '../../http/module.js';
import { ensureSchema, Literals, Nullable } from '../../http/schemas.js';
import { getAccountSettings } from '../settings/index.js';

export const User = Type.Object(
  {
    displayName: Nullable(Type.String({ description: 'Display name' })),
    email: Nullable(Type.String({ description: 'E-mail' })),
    firstName: Nullable(Type.String({ description: 'First name' })),
    lastName: Nullable(Type.String({ description: 'Last name' })),
    phone: Nullable(Type.String({ description: 'Phone' })),
    profile: Literals(['Admin', 'Standard', 'Accountant', 'Support', 'Api', 'Unknown'], { description: 'User profile' }),
    status: Literals(['Inactive', 'InvitationSent', 'Active', 'Unknown'], { description: 'User status' }),
    userId: Nullable(Type.Integer({ description: 'User ID; null for an API key' })),
  },
  { $id: 'User', additionalProperties: false, description: 'User' },
);
type UserT = Static<typeof User>;

export function userRoutes(app: TypedApp, ctx: AppContext): void {
  ensureSchema(app, User);
  for (const [path, summary] of [
    ['/v1/users/me', 'The caller'],
    ['/v1/users/whoami', 'The caller (same as /v1/users/me)'],
  ] as const) {
    app.get(
      path,
      {
        config: { textVariants: true },
        schema: {
          tags: ['Users'],
          operationId: 'GET_Users_GetMe',
          summary,
          response: { 200: Type.Ref(User), 400: { $ref: 'ProblemDetails#' } },
        },
      },
      async (request): Promise<UserT> => {
        const { company } = await getAccountSettings(ctx.db.kysely, request.principal.accountId, { publicUrl: ctx.config.publicUrl });
        return {
          displayName: request.principal.apiKeyName,
          email: company.contact.email,
          firstName: company.contact.firstName,
          lastName: company.contact.lastName,
          phone: company.contact.phone ?? company.contact.cellPhone,
          profile: 'Api',
          status: 'Active',
          userId: null,
        };
      },
    );
  }
}
