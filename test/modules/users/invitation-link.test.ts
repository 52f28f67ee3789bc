// The one-time sign-in links an Admin gets (invitation, password reset) point at PUBLIC_URL, else at
// the address the server listens on; never at the request's Host header, which a client chooses:
// a forged Host would send the invitee's token to a server of the attacker's.
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { createUser } from '../../../src/modules/users/service.js';
import { describeEachDb, type TestContext } from '../../helpers/harness.js';

const PASSWORD = 'correct horse battery staple 42';

function cookieOf(res: LightMyRequestResponse): string {
  const header = res.headers['set-cookie'];
  return String(Array.isArray(header) ? header[0] : header).split(';')[0];
}

function linkSuite(name: string, env: Record<string, string>, expectedBase: string) {
  describeEachDb(
    name,
    (ctx: TestContext) => {
      let headers: Record<string, string>;
      beforeAll(async () => {
        const a = await ctx.newAccount();
        const email = `admin.${ctx.dialect}@links.example`;
        await createUser(ctx.db, { accountId: a.accountId, email, profile: 'Admin', password: PASSWORD });
        const res = await ctx.inject({ method: 'POST', url: '/v1/users/signin', payload: { email, password: PASSWORD } });
        expect(res.statusCode, res.body).toBe(200);
        headers = { cookie: cookieOf(res), 'x-csrf-token': res.json<{ csrfToken: string }>().csrfToken };
      });

      it(`invitation and password reset links start with ${expectedBase}, whatever Host and X-Forwarded-Host say`, async () => {
        const forged = { ...headers, host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
        const invited = await ctx.inject({
          method: 'POST',
          url: '/v1/users',
          headers: forged,
          payload: { email: `paul.${ctx.dialect}@links.example`, profile: 'Standard' },
        });
        expect(invited.statusCode, invited.body).toBe(201);
        const body = invited.json<{ signInLink: string; user: { userId: number } }>();
        expect(body.signInLink).toMatch(new RegExp(`^${expectedBase.replace(/[.[\]]/g, '\\$&')}/console/#/link/[A-Za-z0-9_-]{43}$`));
        const reset = await ctx.inject({ method: 'POST', url: `/v1/users/resetpassword/${body.user.userId}`, headers: forged });
        expect(reset.statusCode, reset.body).toBe(200);
        expect(reset.json<{ signInLink: string }>().signInLink.startsWith(`${expectedBase}/console/#/link/`)).toBe(true);
      });

      if (!env.PUBLIC_URL) {
        it('once listening, links name the address and port the server is bound to (PORT=0 picks one)', async () => {
          await ctx.app.listen({ port: 0, host: '127.0.0.1' });
          const { port } = ctx.app.server.address() as AddressInfo;
          const invited = await ctx.inject({
            method: 'POST',
            url: '/v1/users',
            headers: { ...headers, host: 'evil.example' },
            payload: { email: `anne.${ctx.dialect}@links.example`, profile: 'Standard' },
          });
          expect(invited.statusCode, invited.body).toBe(201);
          expect(invited.json<{ signInLink: string }>().signInLink.startsWith(`http://127.0.0.1:${port}/console/#/link/`)).toBe(true);
        });
      }
    },
    env,
  );
}

linkSuite('sign-in links without PUBLIC_URL', { HOST: '127.0.0.1', PORT: '8123' }, 'http://127.0.0.1:8123');
linkSuite('sign-in links without PUBLIC_URL, listening on every address', { HOST: '0.0.0.0', PORT: '8124' }, 'http://localhost:8124');
linkSuite(
  'sign-in links with PUBLIC_URL',
  { HOST: '127.0.0.1', PORT: '8125', PUBLIC_URL: 'https://factures.example.fr' },
  'https://factures.example.fr',
);
