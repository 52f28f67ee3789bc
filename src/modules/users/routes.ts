// GET /v1/users/me and /v1/users/whoami: who the caller is, as the reference's `User`. For a console
// session, the signed-in user; for an API key, the key's name, the company's contact person and
// e-mail, profile `Api`, status `Active` (docs/master-data.md#users).
// The console's session routes (docs/console.md): sign in by password or one-time link (public),
// the session's CSRF token, sign out, password change.
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { ForbiddenError, TooManyRequestsError } from '../../errors.js';
import type { TypedApp } from '../../http/module.js';
import { ensureSchema, Literals, Nullable } from '../../http/schemas.js';
import { sharedFailureRecorder } from '../accounts/index.js';
import { getAccountSettings } from '../settings/index.js';
import type { UserRow } from './repo.js';
import * as service from './service.js';
import { clearSessionCookie, csrfTokenOf, sessionCookieOf, setSessionCookie } from './session.js';
import { SignInThrottle } from './throttle.js';

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

const ConsoleSession = Type.Object(
  {
    user: Type.Ref(User),
    csrfToken: Type.String({ description: 'Send it in the x-csrf-token header with every change' }),
    passwordSet: Type.Boolean({ description: 'False after a sign-in by link with no password yet: the console asks for one' }),
  },
  { $id: 'ConsoleSession', additionalProperties: false, description: 'A console session' },
);

function userOf(row: UserRow): UserT {
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
  return {
    displayName: name || row.email,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    profile: row.profile as UserT['profile'],
    status: row.status as UserT['status'],
    userId: row.id,
  };
}

const problem = { $ref: 'ProblemDetails#' };
const sessionOnly = 'Only a console session has this: an API key is not a user';

export function userRoutes(app: TypedApp, ctx: AppContext): void {
  ensureSchema(app, User);
  ensureSchema(app, ConsoleSession);
  const throttle = new SignInThrottle(sharedFailureRecorder(ctx.db));
  const tags = ['Users'];

  for (const [path, summary] of [
    ['/v1/users/me', 'The caller'],
    ['/v1/users/whoami', 'The caller (same as /v1/users/me)'],
  ] as const) {
    app.get(
      path,
      {
        config: { textVariants: true },
        schema: {
          tags,
          operationId: 'GET_Users_GetMe',
          summary,
          response: { 200: Type.Ref(User), 400: problem },
        },
      },
      async (request): Promise<UserT> => {
        const user = request.principal.user && (await service.findUser(ctx.db, request.principal.user.id));
        if (user) return userOf(user);
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

  const opened = (s: service.OpenedSession) => ({
    user: userOf(s.user),
    csrfToken: s.csrfToken,
    passwordSet: s.user.passwordHash !== null,
  });

  // The console's session routes (cookie and CSRF token, no key) are left out of the integrators'
  // OpenAPI document and typed client: docs/console.md describes them.
  app.post(
    '/v1/users/signin',
    {
      config: { public: true, errorBody: 'ProblemDetails' },
      schema: {
        hide: true,
        tags,
        summary: 'Console: sign in with e-mail and password (sets the session cookie)',
        security: [],
        body: Type.Object(
          { email: Type.String({ maxLength: 254 }), password: Type.String({ maxLength: service.PASSWORD_MAX }) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Ref(ConsoleSession), 401: problem, 403: problem, 429: problem },
      },
    },
    async (request, reply) => {
      const now = Date.now();
      const bucket = `${request.ip} ${request.body.email.trim().toLowerCase()}`;
      const wait = throttle.retryAfter(bucket, now);
      if (wait !== null) throw new TooManyRequestsError(`Too many failed sign-ins for this e-mail; retry in ${wait} s`, wait);
      try {
        const session = await service.signIn(ctx.db, ctx.config.console, request.body.email, request.body.password);
        setSessionCookie(reply, session.token, session.maxAgeSeconds, ctx.config.console);
        return opened(session);
      } catch (err) {
        await throttle.fail(bucket, now);
        throw err;
      }
    },
  );

  app.post(
    '/v1/users/signin/link',
    {
      config: { public: true, errorBody: 'ProblemDetails' },
      schema: {
        hide: true,
        tags,
        summary: 'Console: sign in with a one-time link (first start, invitation, password reset)',
        security: [],
        body: Type.Object({ token: Type.String({ maxLength: 200 }) }, { additionalProperties: false }),
        response: { 200: Type.Ref(ConsoleSession), 401: problem, 403: problem, 429: problem },
      },
    },
    async (request, reply) => {
      const now = Date.now();
      const bucket = `${request.ip} link`;
      const wait = throttle.retryAfter(bucket, now);
      if (wait !== null) throw new TooManyRequestsError(`Too many failed sign-ins from this address; retry in ${wait} s`, wait);
      try {
        const session = await service.signInWithLink(ctx.db, ctx.config.console, request.body.token);
        setSessionCookie(reply, session.token, session.maxAgeSeconds, ctx.config.console);
        return opened(session);
      } catch (err) {
        await throttle.fail(bucket, now);
        throw err;
      }
    },
  );

  const sessionToken = (request: FastifyRequest): string => {
    const token = request.principal.user ? sessionCookieOf(request) : null;
    if (!token) throw new ForbiddenError(sessionOnly);
    return token;
  };

  app.get(
    '/v1/users/session',
    {
      config: { errorBody: 'ProblemDetails' },
      schema: {
        hide: true,
        tags,
        summary: 'Console: the current session (user and CSRF token)',
        response: { 200: Type.Ref(ConsoleSession), 403: problem },
      },
    },
    async (request, reply) => {
      sessionToken(request);
      const user = await service.findUser(ctx.db, request.principal.user!.id);
      const csrfToken = await csrfTokenOf(ctx.db, request);
      if (!user || !csrfToken) throw new ForbiddenError(sessionOnly);
      reply.header('cache-control', 'no-store');
      return { user: userOf(user), csrfToken, passwordSet: user.passwordHash !== null };
    },
  );

  app.post(
    '/v1/users/signout',
    {
      config: { errorBody: 'ProblemDetails' },
      schema: { hide: true, tags, summary: 'Console: sign out (ends the session)', response: { 204: Type.Null(), 403: problem } },
    },
    async (request, reply) => {
      await service.signOut(ctx.db, sessionToken(request));
      clearSessionCookie(reply, ctx.config.console);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/v1/users/me/password',
    {
      config: { errorBody: 'ProblemDetails' },
      schema: {
        hide: true,
        tags,
        summary: "Console: change the signed-in user's password (other sessions end)",
        body: Type.Object(
          {
            currentPassword: Type.Optional(Nullable(Type.String({ maxLength: service.PASSWORD_MAX }))),
            newPassword: Type.String({ maxLength: service.PASSWORD_MAX }),
          },
          { additionalProperties: false },
        ),
        response: { 204: Type.Null(), 400: problem, 403: problem },
      },
    },
    async (request, reply) => {
      await service.changePassword(ctx.db, request.principal.user?.id ?? 0, sessionToken(request), request.body);
      return reply.code(204).send(null);
    },
  );
}
