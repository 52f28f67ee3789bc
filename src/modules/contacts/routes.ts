// /v1/contacts as the spec's Contacts table lists it, and the contacts of a third party:
// /v1/customers/{id}/contacts and /v1/suppliers/{id}/contacts (arrays of ThirdContact).
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../context.js';
import type { TypedApp } from '../../http/module.js';
import { BY_NAME, resourceRoutes } from '../records/index.js';
import { ensureSchema } from '../../http/schemas.js';
import { IdParams } from '../../http/schemas.js';
import { Contact, ContactInput, ThirdContact } from './schemas.js';
import { contacts, contactsOf } from './service.js';

export function contactRoutes(app: TypedApp, ctx: AppContext): void {
  resourceRoutes(app, ctx, {
    path: '/v1/contacts',
    tag: 'Contacts',
    service: contacts,
    input: ContactInput,
    output: Contact,
    orderBy: {
      id: 'id',
      name: 'name',
      lastName: 'name',
      displayName: 'name',
      invertedDisplayName: 'name',
      email: 'email',
      createdAt: 'createdAt',
      updatedAt: 'updatedAt',
    },
    defaultOrder: BY_NAME,
    find: ['email', 'internalId'],
    update: true,
  });

  ensureSchema(app, ThirdContact);
  for (const [owner, tag] of [
    ['customer', 'Customers'],
    ['supplier', 'Suppliers'],
  ] as const) {
    app.get(
      `/v1/${owner}s/:id/contacts`,
      {
        schema: {
          tags: [tag],
          operationId: `GET_${tag}_Contacts`,
          summary: `Contacts of a ${owner}, main contact first`,
          params: IdParams,
          response: { 200: Type.Array(Type.Ref(ThirdContact)), 404: { $ref: 'ProblemDetails#' } },
        },
      },
      async (request) => contactsOf(ctx.db, request.principal.accountId, owner, request.params.id),
    );
  }
}
