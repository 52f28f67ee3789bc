// GET /v1/users/me and /v1/users/whoami: who the caller is, as the reference's `User`. For a console
// session, the signed-in user; for an API key, the key's name, the company's contact person and
// e-mail, profile `Api`, status `Active` (docs/master-data.md#users).
// The console's session routes (docs/console.md): sign in by password or one-time link (public),
// the session's CSRF token, sign out, password change.
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { publicBaseUrl } from '../../config.js';
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

const CreatedUser = Type.Object(
  {
    user: Type.Ref(User),
    signInLink: Type.String({ description: 'One-time sign-in link (24 hours) to hand to the user: shown this once' }),
  },
  { $id: 'CreatedUser', additionalProperties: false, description: 'A user invited, or whose password was reset' },
);

const problem = { $ref: 'ProblemDetails#' };
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
const Profile = Literals(['Admin', 'Standard', 'Accountant'], { description: 'User profile' });
const Name = Nullable(Type.String({ maxLength: 100 }));
const Phone = Nullable(Type.String({ maxLength: 40 }));

/** Managing the account's users is for an Admin signed in to the console; a key or another profile gets 403. */
function adminOnly(request: FastifyRequest): { accountId: number; userId: number } {
  const user = request.principal.user;
  if (user?.profile !== 'Admin') throw new ForbiddenError('Users are managed by an Admin user signed in to the console');
  return { accountId: request.principal.accountId, userId: user.id };
}

const sessionOnly = 'Only a console session has this: an API key is not a user';

export function userRoutes(app: TypedApp, ctx: AppContext): void {
  ensureSchema(app, User);
  ensureSchema(app, ConsoleSession);
  ensureSchema(app, CreatedUser);
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

  // The user-management page (Admin session only): left out of the integrators' OpenAPI document
  // like API access; docs/console.md#users describes it.
  const admin = { errorBody: 'ProblemDetails' as const };
  // Built from the configuration, never from the request's Host: a client could send the invitee
  // a link to a server of its own, which would receive the token.
  const link = (token: string) => `${publicBaseUrl(ctx.config, app.server.address())}/console/#/link/${token}`;

  app.get(
    '/v1/users',
    {
      config: admin,
      schema: { hide: true, tags, summary: "The account's users", response: { 200: Type.Array(Type.Ref(User)), 403: problem } },
    },
    async (request) => (await service.listUsers(ctx.db, adminOnly(request).accountId)).map(userOf),
  );

  app.get(
    '/v1/users/:id',
    {
      config: admin,
      schema: {
        hide: true,
        tags,
        summary: 'A user of the account',
        params: IdParams,
        response: { 200: Type.Ref(User), 403: problem, 404: problem },
      },
    },
    async (request) => userOf(await service.getUser(ctx.db, adminOnly(request).accountId, request.params.id)),
  );

  app.post(
    '/v1/users',
    {
      config: admin,
      schema: {
        hide: true,
        tags,
        summary: 'Invite a user: created with status InvitationSent and a one-time sign-in link',
        body: Type.Object(
          {
            email: Type.String({ maxLength: 254 }),
            firstName: Type.Optional(Name),
            lastName: Type.Optional(Name),
            phone: Type.Optional(Phone),
            profile: Profile,
          },
          { additionalProperties: false },
        ),
        response: { 201: Type.Ref(CreatedUser), 400: problem, 403: problem, 409: problem },
      },
    },
    async (request, reply) => {
      const { accountId } = adminOnly(request);
      const { user, linkToken } = await service.createUser(ctx.db, {
        accountId,
        email: request.body.email,
        profile: request.body.profile,
        firstName: request.body.firstName?.trim() || null,
        lastName: request.body.lastName?.trim() || null,
        phone: request.body.phone?.trim() || null,
      });
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({ user: userOf(user), signInLink: link(linkToken!) });
    },
  );

  app.put(
    '/v1/users/:id',
    {
      config: admin,
      schema: {
        hide: true,
        tags,
        summary: 'Change a user: names, phone, profile; status Inactive disables it (its sessions end), Active enables it',
        params: IdParams,
        body: Type.Object(
          {
            firstName: Type.Optional(Name),
            lastName: Type.Optional(Name),
            phone: Type.Optional(Phone),
            profile: Type.Optional(Profile),
            status: Type.Optional(Literals(['Active', 'Inactive'], { description: 'Inactive disables the user' })),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Ref(User), 400: problem, 403: problem, 404: problem, 409: problem },
      },
    },
    async (request) => {
      const { accountId, userId } = adminOnly(request);
      return userOf(await service.updateUser(ctx.db, accountId, userId, request.params.id, request.body));
    },
  );

  app.post(
    '/v1/users/resetpassword/:id',
    {
      config: admin,
      schema: {
        hide: true,
        tags,
        summary: "Reset a user's password: the old one and every session end; answers a new one-time sign-in link",
        params: IdParams,
        response: { 200: Type.Ref(CreatedUser), 403: problem, 404: problem },
      },
    },
    async (request, reply) => {
      const { user, linkToken } = await service.resetPasswordOf(ctx.db, adminOnly(request).accountId, request.params.id);
      reply.header('cache-control', 'no-store');
      const fresh = await service.findUser(ctx.db, user.id);
      return { user: userOf(fresh ?? user), signInLink: link(linkToken) };
    },
  );

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
