import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestAccount } from '../../helpers/harness.js';

describeEachDb('users', (ctx) => {
  let a: TestAccount;
  beforeAll(async () => {
    a = await ctx.newAccount('Atelier Facturier SAS');
    const put = await ctx.inject({
      method: 'PUT',
      url: '/v1/settings',
      headers: a.headers,
      payload: {
        company: { contact: { firstName: 'Marie', lastName: 'Durand', email: 'marie@atelier.example', phone: '+33 1 02 03 04 05' } },
      },
    });
    expect(put.statusCode, put.body).toBe(200);
  });

  it('answers the caller on /v1/users/me and /v1/Users/WhoAmI: the key, the company contact, profile Api', async () => {
    for (const url of ['/v1/users/me', '/v1/Users/WhoAmI']) {
      const res = await ctx.inject({ method: 'GET', url, headers: a.headers });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        displayName: 'Default',
        email: 'marie@atelier.example',
        firstName: 'Marie',
        lastName: 'Durand',
        phone: '+33 1 02 03 04 05',
        profile: 'Api',
        status: 'Active',
        userId: null,
      });
    }
  });

  it('answers 401 without a key', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/v1/users/me' });
    expect(res.statusCode).toBe(401);
  });
});
