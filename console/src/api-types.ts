// The API's wire shapes, as the typed client (clients/typescript) declares them: openapi-typescript
// generates src/schema.d.ts from the server's /openapi.json (npm run client:generate). The console
// derives its resource types from these (Pick<Schemas['Customer'], …>), so a field renamed or
// removed in the API fails `tsc -p console/tsconfig.json` instead of the console's users.
// Type-only import: nothing of the client is bundled (vite erases it; see docs/console.md, Types).
import type { components, paths } from '../../clients/typescript/src/schema';

export type { components, paths };
/** Every schema of the OpenAPI document, by name: Schemas['Customer'], Schemas['Invoice'], … */
export type Schemas = components['schemas'];

// ---- The console's own routes: the one escape hatch ------------------------------------------
// The session API (sign-in, session, sign-out, password) and the management of users and API keys
// are the console's routes, left out of the OpenAPI document (`hide: true` in src/modules/users and
// src/modules/apikeys): integrators never call them, so the typed client has no type for them.
// They are declared here by hand, in the generated `paths` shape, from those routes' TypeBox
// schemas; everything else the console calls is the generated `paths`, and a path in neither fails
// the build. Keep this list to routes that are hidden from the document.

/** A hand-declared operation: answer A (null for a 204), JSON body B, path parameters P. */
interface Hand<A, B = never, P = never> {
  parameters: { path: P; query?: never };
  requestBody: { content: { 'application/json': B } };
  responses: [A] extends [null] ? { 204: { content?: never } } : { 200: { content: { 'application/json': A } } };
}

/**
 * A user of the account (User). The schema is the reference's, which allows null for the id, e-mail
 * and name and lists profiles (Support, Api, Unknown) and a status (Unknown) that /v1/users never
 * answers for an account's users; the console deliberately narrows those fields (the Pick keeps them
 * tied to the schema: a field renamed or removed there still fails the build).
 */
export type ApiUser = Pick<
  Schemas['User'],
  'userId' | 'email' | 'displayName' | 'firstName' | 'lastName' | 'phone' | 'profile' | 'status'
> & {
  userId: number;
  email: string;
  displayName: string;
  profile: 'Admin' | 'Standard' | 'Accountant';
  status: 'Active' | 'InvitationSent' | 'Inactive';
};

/** The signed-in user (the session's): a user of the account, as /v1/users answers them. */
export type SessionUser = Pick<ApiUser, 'userId' | 'email' | 'displayName' | 'profile'>;

/** ConsoleSession (src/modules/users/routes.ts). */
export interface Session {
  user: SessionUser;
  csrfToken: string;
  passwordSet: boolean;
}

/** CreatedUser: a user invited, or whose password was reset, with the one-time link. */
export interface WithLink {
  user: ApiUser;
  signInLink: string;
}

/** ApiKey (src/modules/apikeys/routes.ts): never the key itself. */
export interface ApiKey {
  id: number;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** CreatedApiKey: the key, shown once. */
export interface CreatedKey {
  id: number;
  name: string;
  apiKey: string;
}

type Profile = ApiUser['profile'];
type Id = { id: number };

export interface ConsolePaths {
  '/v1/users': {
    get: Hand<ApiUser[]>;
    post: Hand<WithLink, { email: string; profile: Profile; firstName?: string | null; lastName?: string | null; phone?: string | null }>;
  };
  '/v1/users/{id}': {
    get: Hand<ApiUser, never, Id>;
    put: Hand<
      ApiUser,
      { firstName?: string | null; lastName?: string | null; phone?: string | null; profile?: Profile; status?: 'Active' | 'Inactive' },
      Id
    >;
  };
  '/v1/users/resetpassword/{id}': { post: Hand<WithLink, never, Id> };
  '/v1/users/signin': { post: Hand<Session, { email: string; password: string }> };
  '/v1/users/signin/link': { post: Hand<Session, { token: string }> };
  '/v1/users/session': { get: Hand<Session> };
  '/v1/users/signout': { post: Hand<null> };
  '/v1/users/me/password': { post: Hand<null, { currentPassword?: string | null; newPassword: string }> };
  '/v1/apikeys': { get: Hand<ApiKey[]>; post: Hand<CreatedKey, { name: string }> };
  '/v1/apikeys/regenerate/{id}': { post: Hand<CreatedKey, never, Id> };
  '/v1/apikeys/{id}': { delete: Hand<null, never, Id> };
}

/** Every path the console may call: the generated ones and the console's own. */
export interface ApiPaths extends paths, ConsolePaths {}
