import { expect, it } from 'vitest';
import { describeEachDb } from '../../helpers/harness.js';

describeEachDb('customers', (ctx) => {
  it('numbers a new customer with the customer prefix of the settings', async () => {
    const fresh = await ctx.newAccount();
    const settings = await ctx.inject({
      method: 'PUT',
      url: '/v1/settings',
      headers: fresh.headers,
      payload: { numbering: { customerPrefix: 'CLI-' } },
    });
    expect(settings.statusCode).toBe(200);
    const res = await ctx.inject({
      method: 'POST',
      url: '/v1/customers',
      headers: fresh.headers,
      payload: { companyName: 'Préfixé SARL' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().number).toBe('CLI-00001');
  });
});
