// PUT /v1/webhooks/{id} (Facturier extension, docs/delivery.md): a webhook changed in place keeps its
// signing secret and its deliveries; its URL is checked as at registration (the private-address
// rule included); another account's webhook is a missing one.
import { createHmac } from 'node:crypto';
import { beforeEach, expect, it } from 'vitest';
import { describeEachDb, type TestAccount } from '../../helpers/harness.js';
import { FakeClock } from '../../helpers/delivery.js';
import { fakeResolver, suiteReceiver } from '../../helpers/webhook-receiver.js';

const clock = new FakeClock();

describeEachDb(
  'webhooks: changed in place',
  (ctx) => {
    let a: TestAccount;
    let b: TestAccount;
    const receiver = suiteReceiver(ctx);
    const put = (account: TestAccount, id: number | string, payload: object) =>
      ctx.inject({ method: 'PUT', url: `/v1/webhooks/${id}`, headers: account.headers, payload });
    const list = async (account: TestAccount) =>
      (await ctx.inject({ method: 'GET', url: '/v1/webhooks', headers: account.headers })).json();
    const register = async (account: TestAccount, payload: object) => {
      const res = await ctx.inject({ method: 'POST', url: '/v1/webhooks', headers: account.headers, payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: number; name: string; url: string; types: string[]; secretKey: string }>();
    };
    const colleague = async (account: TestAccount, lastName: string) => {
      const res = await ctx.inject({ method: 'POST', url: '/v1/colleagues', headers: account.headers, payload: { lastName } });
      expect(res.statusCode, res.body).toBe(200);
    };

    beforeEach(async () => {
      a = await ctx.newAccount();
      b = await ctx.newAccount();
    });

    it('changes the name, URL and event types; the secret is kept and signs the next deliveries, sent to the new URL', async () => {
      const hook = await register(a, { name: 'CRM', url: `${receiver.url}/old`, types: ['CustomerCreated'] });
      const res = await put(a, hook.id, { name: '  CRM v2 ', url: `${receiver.url}/new`, types: ['ColleagueCreated', 'ColleagueCreated'] });
      expect(res.statusCode, res.body).toBe(200);
      const changed = { id: hook.id, name: 'CRM v2', url: `${receiver.url}/new`, types: ['ColleagueCreated'], secretKey: null };
      expect(res.json()).toEqual(changed);
      expect(await list(a)).toEqual([changed]);

      await colleague(a, 'Roche');
      await ctx.inject({
        method: 'POST',
        url: '/v1/customers',
        headers: a.headers,
        payload: { type: 'Business', companyName: 'Plus abonné SARL', email: 'x@example.fr' },
      });
      await ctx.app.outbox.drain();
      expect(receiver.received.map((r) => [r.url, r.body.type])).toEqual([['/hook/new', 'ColleagueCreated']]);
      const [got] = receiver.received;
      const signed = createHmac('sha256', hook.secretKey)
        .update(`${String(got.headers['x-signature-timestamp'])}.${got.raw}`)
        .digest('hex');
      expect(got.headers['x-signature']).toBe(signed);
    });

    it('accepts the record as GET answers it (id and a null secretKey, ignored) and refuses a new secret', async () => {
      const hook = await register(a, { name: 'n8n', url: receiver.url, types: ['InvoiceCreated'] });
      const [listed] = await list(a);
      const ok = await put(a, hook.id, { ...listed, types: ['InvoiceCreated', 'InvoicePaid'] });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({ ...listed, types: ['InvoiceCreated', 'InvoicePaid'] });

      const secret = await put(a, hook.id, { ...listed, secretKey: 'a-brand-new-secret-16' });
      expect(secret.statusCode).toBe(400);
      expect(secret.json().errors.join(' ')).toContain('secretKey');
    });

    it('refuses a bad change with a 400 Error naming the field, and changes nothing', async () => {
      const hook = await register(a, { name: 'x', url: receiver.url, types: ['CustomerCreated'] });
      const base = { name: 'x', url: receiver.url, types: ['CustomerCreated'] };
      const cases: [object, string][] = [
        [{ ...base, url: 'pas une adresse' }, 'url'],
        [{ ...base, url: 'ftp://example.fr/hook' }, 'url'],
        [{ ...base, url: 'http://user:pw@example.fr/hook' }, 'url'],
        [{ ...base, types: ['CustomerExploded'] }, 'types'],
        [{ ...base, types: [] }, 'types'],
        [{ ...base, name: '   ' }, 'name'],
        [{ url: receiver.url, types: ['CustomerCreated'] }, 'name'],
      ];
      for (const [payload, field] of cases) {
        const res = await put(a, hook.id, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().message).toEqual(expect.any(String));
        expect(res.json().errors.join(' '), JSON.stringify(payload)).toContain(field);
      }
      expect(await list(a)).toEqual([{ ...hook, secretKey: null }]);
    });

    it("answers 404 for another account's webhook and an unknown id, and changes nothing; a non-integer id is a 400", async () => {
      const hook = await register(a, { name: 'mine', url: receiver.url, types: ['CustomerCreated'] });
      const theirs = await put(b, hook.id, { name: 'stolen', url: `${receiver.url}/b`, types: ['InvoiceCreated'] });
      expect(theirs.statusCode).toBe(404);
      expect(theirs.body).not.toContain(receiver.url);
      expect((await put(a, hook.id + 1000, { name: 'x', url: receiver.url, types: ['CustomerCreated'] })).statusCode).toBe(404);
      expect((await put(a, 'abc', { name: 'x', url: receiver.url, types: ['CustomerCreated'] })).statusCode).toBe(400);
      expect(await list(a)).toEqual([{ ...hook, secretKey: null }]);
      expect(await list(b)).toEqual([]);
    });
  },
  { WEBHOOK_ALLOW_PRIVATE: '1' },
  () => ({ delivery: { clock: clock.now } }),
);

// Without WEBHOOK_ALLOW_PRIVATE: a change may not point a webhook at the server's own networks.
const { names, resolve } = fakeResolver([['hooks.example', ['93.184.216.34']]]);

describeEachDb(
  'webhooks: changed in place, SSRF protection',
  (ctx) => {
    it('refuses a URL on loopback, a private network or the metadata address, by spelling or by what it resolves to', async () => {
      const a = await ctx.newAccount();
      names.set('intranet.example', ['10.0.0.7']);
      const created = await ctx.inject({
        method: 'POST',
        url: '/v1/webhooks',
        headers: a.headers,
        payload: { name: 'public', url: 'https://hooks.example/in', types: ['CustomerCreated'] },
      });
      expect(created.statusCode, created.body).toBe(201);
      const { id } = created.json<{ id: number }>();
      for (const url of [
        'http://127.0.0.1/hook',
        'http://localhost:8080/hook',
        'http://192.168.1.10/hook',
        'http://169.254.169.254/',
        'http://intranet.example/',
      ]) {
        const res = await ctx.inject({
          method: 'PUT',
          url: `/v1/webhooks/${id}`,
          headers: a.headers,
          payload: { name: 'public', url, types: ['CustomerCreated'] },
        });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().errors[0], url).toMatch(/^url: .*webhooks may only reach public addresses/);
      }
      const [hook] = (await ctx.inject({ method: 'GET', url: '/v1/webhooks', headers: a.headers })).json();
      expect(hook).toMatchObject({ id, url: 'https://hooks.example/in' });
    });
  },
  {},
  () => ({ delivery: { clock: clock.now, resolve } }),
);
