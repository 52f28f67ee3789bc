// Webhooks end to end: registration as the reference has it, then real deliveries to a receiver on
// loopback through the outbox worker, driven with a fake clock (no test sleeps through a backoff).
import { createHmac } from 'node:crypto';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEachDb, type TestAccount } from '../../helpers/harness.js';
import { FakeClock, freePort, startReceiver } from '../../helpers/delivery.js';
import { fakeResolver, suiteReceiver } from '../../helpers/webhook-receiver.js';

const clock = new FakeClock();

function verify(secret: string, headers: Record<string, unknown>, raw: string): boolean {
  const expected = createHmac('sha256', secret)
    .update(`${String(headers['x-signature-timestamp'])}.${raw}`)
    .digest('hex');
  return headers['x-signature'] === expected;
}

describeEachDb(
  'webhooks',
  (ctx) => {
    let a: TestAccount;
    let b: TestAccount;
    const receiver = suiteReceiver(ctx);
    const hooks = (account: TestAccount) => ({
      register: (payload: object) => ctx.inject({ method: 'POST', url: '/v1/Webhooks', headers: account.headers, payload }),
      list: () => ctx.inject({ method: 'GET', url: '/v1/webhooks', headers: account.headers }),
      remove: (query: string) => ctx.inject({ method: 'DELETE', url: `/v1/webhooks?${query}`, headers: account.headers }),
      deliveries: (id: number, query = '') =>
        ctx.inject({ method: 'GET', url: `/v1/webhooks/${id}/deliveries${query}`, headers: account.headers }),
    });
    const customer = async (account: TestAccount, companyName: string) => {
      const res = await ctx.inject({
        method: 'POST',
        url: '/v1/customers',
        headers: account.headers,
        payload: { type: 'Business', companyName, email: 'compta@example.fr' },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const drain = () => ctx.app.outbox.drain();

    beforeEach(async () => {
      a = await ctx.newAccount();
      b = await ctx.newAccount();
    });

    it('registers a webhook as the n8n trigger does: 201 with its id and generated secret; listed without the secret', async () => {
      const res = await hooks(a).register({ name: 'n8n', url: receiver.url, types: ['CustomerCreated', 'InvoiceCreated'] });
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json();
      expect(created).toEqual({
        id: expect.any(Number),
        name: 'n8n',
        url: receiver.url,
        types: ['CustomerCreated', 'InvoiceCreated'],
        secretKey: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{43}$/),
      });
      const list = await hooks(a).list();
      expect(list.json()).toEqual([{ ...created, secretKey: null }]);
      expect((await hooks(b).list()).json()).toEqual([]);
    });

    it('refuses bad registrations with a 400 Error naming the field, and stores nothing', async () => {
      const base = { name: 'x', url: receiver.url, types: ['CustomerCreated'] };
      const cases: [object, string][] = [
        [{ ...base, url: 'not a url' }, 'url'],
        [{ ...base, url: 'ftp://example.fr/hook' }, 'url'],
        [{ ...base, url: 'http://user:pw@example.fr/hook' }, 'url'],
        [{ ...base, types: ['CustomerExploded'] }, 'types'],
        [{ ...base, types: [] }, 'types'],
        [{ ...base, secretKey: 'short' }, 'secretKey'],
        [{ ...base, name: '   ' }, 'name'],
        [{ url: receiver.url, types: ['CustomerCreated'] }, 'name'],
      ];
      for (const [payload, field] of cases) {
        const res = await hooks(a).register(payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        const body = res.json();
        expect(body.message).toEqual(expect.any(String));
        expect(body.errors.join(' '), JSON.stringify(payload)).toContain(field);
      }
      expect((await hooks(a).list()).json()).toEqual([]);
    });

    it("deletes by id or by url (id=0 as the n8n node sends it); another account's id and unknown ones are 404", async () => {
      const one = (await hooks(a).register({ name: 'one', url: `${receiver.url}/1`, types: ['CustomerCreated'] })).json();
      const two = (await hooks(a).register({ name: 'two', url: `${receiver.url}/2`, types: ['CustomerCreated'] })).json();
      expect((await hooks(b).remove(`id=${one.id}`)).statusCode).toBe(404);
      const byId = await hooks(a).remove(`id=${one.id}`);
      expect(byId.statusCode).toBe(200);
      expect(byId.json()).toMatchObject({ id: one.id, name: 'one' });
      const byUrl = await hooks(a).remove(`id=0&url=${encodeURIComponent(two.url)}`);
      expect(byUrl.statusCode).toBe(200);
      expect(byUrl.json().id).toBe(two.id);
      expect((await hooks(a).remove(`id=${two.id}`)).statusCode).toBe(404);
      expect((await hooks(a).remove('')).statusCode).toBe(400);
      expect((await hooks(a).list()).json()).toEqual([]);
    });

    it('delivers each subscribed event once, signed, with the envelope {id, type, createdAt, accountId, data}', async () => {
      await customer(a, 'Before registration SARL'); // an event before the webhook existed: not delivered
      const hook = (
        await hooks(a).register({ name: 'h', url: receiver.url, types: ['CustomerCreated'], secretKey: 'a-secret-of-16-chars' })
      ).json();
      const created = await customer(a, 'ACME SARL');
      await customer(b, 'Other account SAS'); // another account's event: not ours
      await ctx.inject({ method: 'PUT', url: `/v1/customers/${created.id}`, headers: a.headers, payload: { phone: '0102030405' } }); // not subscribed
      await drain();
      expect(receiver.received).toHaveLength(1);
      const got = receiver.received[0];
      expect(got.body).toEqual({
        id: expect.stringMatching(/^evt_\d+$/),
        type: 'CustomerCreated',
        createdAt: expect.any(String),
        accountId: a.accountId,
        data: created,
      });
      expect(got.headers['content-type']).toBe('application/json');
      expect(got.headers['x-event-id']).toBe(got.body.id);
      expect(got.headers['x-event-type']).toBe('CustomerCreated');
      expect(Number(got.headers['x-signature-timestamp'])).toBe(Math.floor(clock.ms / 1000));
      expect(verify('a-secret-of-16-chars', got.headers, got.raw)).toBe(true);
      expect(verify('another-secret-16', got.headers, got.raw)).toBe(false);
      await drain();
      expect(receiver.received).toHaveLength(1);
      const deliveries = await hooks(a).deliveries(hook.id);
      expect(deliveries.headers['x-record-count']).toBe('1');
      expect(deliveries.json()).toEqual([
        expect.objectContaining({
          webhookId: hook.id,
          eventId: got.body.id,
          eventType: 'CustomerCreated',
          status: 'Delivered',
          attempts: 1,
          nextAttemptAt: null,
          lastStatusCode: 200,
          history: [expect.objectContaining({ statusCode: 200, error: null })],
        }),
      ]);
      expect((await hooks(b).deliveries(hook.id)).statusCode).toBe(404);
    });

    it('retries after a 500 with backoff, not before it is due, and then delivers the same event id', async () => {
      const hook = (await hooks(a).register({ name: 'h', url: receiver.url, types: ['CustomerCreated'] })).json();
      receiver.statuses.push(500);
      await customer(a, 'Retry SARL');
      await drain();
      expect(receiver.received).toHaveLength(1);
      let [delivery] = (await hooks(a).deliveries(hook.id)).json();
      expect(delivery).toMatchObject({ status: 'Pending', attempts: 1, lastStatusCode: 500, lastError: 'the receiver answered 500' });
      const wait = Date.parse(delivery.nextAttemptAt) - clock.ms;
      expect(wait).toBeGreaterThanOrEqual(27_000);
      expect(wait).toBeLessThanOrEqual(33_000);
      await drain();
      expect(receiver.received).toHaveLength(1);
      clock.advance(wait);
      await drain();
      expect(receiver.received).toHaveLength(2);
      expect(receiver.received[1].body.id).toBe(receiver.received[0].body.id);
      [delivery] = (await hooks(a).deliveries(hook.id)).json();
      expect(delivery).toMatchObject({ status: 'Delivered', attempts: 2, lastStatusCode: 200, lastError: null });
      expect(delivery.history.map((h: { statusCode: number }) => h.statusCode)).toEqual([200, 500]);
    });

    it("loses nothing while the receiver is down for the first attempts, and keeps each resource's order", async () => {
      const port = await freePort();
      await hooks(a).register({ name: 'later', url: `http://127.0.0.1:${port}/hook`, types: ['CustomerCreated', 'CustomerUpdated'] });
      const first = await customer(a, 'Down One');
      await ctx.inject({ method: 'PUT', url: `/v1/customers/${first.id}`, headers: a.headers, payload: { phone: '0600000001' } });
      const second = await customer(a, 'Down Two');
      for (let i = 0; i < 3; i++) {
        await drain();
        clock.advance(10 * 60_000);
      }
      const late = await startReceiver(port);
      try {
        clock.advance(3600_000);
        await drain();
        const seen = late.received.map((r) => `${r.body.type}:${r.body.data.id}`);
        expect(seen).toHaveLength(3);
        // Each resource's events in order; resources independent of each other.
        expect(seen.indexOf(`CustomerCreated:${first.id}`)).toBeLessThan(seen.indexOf(`CustomerUpdated:${first.id}`));
        expect(seen).toContain(`CustomerCreated:${second.id}`);
        expect(late.received.find((r) => r.body.type === 'CustomerUpdated')!.body.data.phone).toBe('0600000001');
      } finally {
        await late.close();
      }
    });

    it("holds a resource's later event while an earlier one is being retried", async () => {
      await hooks(a).register({ name: 'h', url: receiver.url, types: ['CustomerCreated', 'CustomerUpdated'] });
      const held = await customer(a, 'Held SARL');
      await ctx.inject({ method: 'PUT', url: `/v1/customers/${held.id}`, headers: a.headers, payload: { phone: '0700000000' } });
      const other = await customer(a, 'Free SARL');
      let failed = false;
      receiver.statusFor = (r) => {
        if (failed || r.body.data.id !== held.id) return undefined;
        failed = true;
        return 503;
      };
      try {
        await drain();
      } finally {
        receiver.statusFor = undefined;
      }
      expect(receiver.received.map((r) => `${r.body.type}:${r.body.data.id}`).sort()).toEqual(
        [`CustomerCreated:${held.id}`, `CustomerCreated:${other.id}`].sort(),
      );
      clock.advance(60_000);
      await drain();
      expect(receiver.received.slice(2).map((r) => `${r.body.type}:${r.body.data.id}`)).toEqual([
        `CustomerCreated:${held.id}`,
        `CustomerUpdated:${held.id}`,
      ]);
    });

    it('does not retry a 4xx answer other than 408 and 429; retries those two', async () => {
      const hook = (await hooks(a).register({ name: 'h', url: receiver.url, types: ['CustomerCreated'] })).json();
      receiver.statuses.push(410, 429);
      await customer(a, 'Gone SARL');
      await customer(a, 'Busy SARL');
      await drain();
      const byStatus = (await hooks(a).deliveries(hook.id))
        .json()
        .map((d: { status: string; lastStatusCode: number }) => `${d.status}:${d.lastStatusCode}`);
      expect(byStatus.sort()).toEqual(['Failed:410', 'Pending:429']);
      clock.advance(3600_000);
      await drain();
      expect(receiver.received).toHaveLength(3);
    });

    it('gives up three days after the first attempt', async () => {
      const hook = (await hooks(a).register({ name: 'h', url: receiver.url, types: ['CustomerCreated'] })).json();
      receiver.statuses.push(...Array<number>(100).fill(500));
      await customer(a, 'Never SARL');
      const start = clock.ms;
      for (let i = 0; i < 80; i++) {
        await drain();
        clock.advance(3600_000);
      }
      const [delivery] = (await hooks(a).deliveries(hook.id)).json();
      expect(delivery.status).toBe('Failed');
      const attempts: { attemptedAt: string }[] = delivery.history;
      expect(Date.parse(attempts[0].attemptedAt) - start).toBeLessThanOrEqual(3 * 24 * 3600_000);
      expect(Date.parse(attempts[0].attemptedAt) - start).toBeGreaterThan(2 * 24 * 3600_000);
      expect(receiver.received.length).toBe(delivery.attempts);
      receiver.statuses.length = 0;
    });

    it('delivers nothing more once the webhook is deleted, pending retries included', async () => {
      const hook = (await hooks(a).register({ name: 'h', url: receiver.url, types: ['CustomerCreated'] })).json();
      receiver.statuses.push(500);
      await customer(a, 'Before SARL');
      await drain();
      expect(receiver.received).toHaveLength(1);
      expect((await hooks(a).remove(`id=${hook.id}`)).statusCode).toBe(200);
      await customer(a, 'After SARL');
      clock.advance(3600_000);
      await drain();
      expect(receiver.received).toHaveLength(1);
    });

    it('redelivers a delivered event on demand, with the same event id', async () => {
      const hook = (await hooks(a).register({ name: 'h', url: receiver.url, types: ['CustomerCreated'] })).json();
      await customer(a, 'Again SARL');
      await drain();
      const [delivery] = (await hooks(a).deliveries(hook.id)).json();
      const res = await ctx.inject({
        method: 'POST',
        url: `/v1/webhooks/${hook.id}/deliveries/${delivery.id}/redeliver`,
        headers: a.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: delivery.id, status: 'Pending' });
      expect(
        (await ctx.inject({ method: 'POST', url: `/v1/webhooks/${hook.id}/deliveries/${delivery.id}/redeliver`, headers: b.headers }))
          .statusCode,
      ).toBe(404);
      await drain();
      expect(receiver.received.map((r) => r.body.id)).toEqual([delivery.eventId, delivery.eventId]);
      const [after] = (await hooks(a).deliveries(hook.id)).json();
      expect(after).toMatchObject({ status: 'Delivered', attempts: 2 });
    });
  },
  { WEBHOOK_ALLOW_PRIVATE: '1' },
  () => ({ delivery: { clock: clock.now } }),
);

// Without WEBHOOK_ALLOW_PRIVATE: registration refuses what resolves to the server's own networks,
// and a name that later resolves there (DNS rebinding) is refused again at delivery.
const { names, resolve } = fakeResolver();

describeEachDb(
  'webhooks: SSRF protection',
  (ctx) => {
    let a: TestAccount;
    const receiver = suiteReceiver(ctx);
    beforeAll(async () => {
      a = await ctx.newAccount();
    });
    const register = (url: string) =>
      ctx.inject({ method: 'POST', url: '/v1/webhooks', headers: a.headers, payload: { name: 'x', url, types: ['CustomerCreated'] } });

    it('refuses loopback, private, link-local and metadata hosts at registration, by spelling or by what they resolve to', async () => {
      names.set('localhost', ['127.0.0.1', '::1']);
      names.set('metadata.google.internal', ['169.254.169.254']);
      names.set('mixed.example', ['93.184.216.34', '10.0.0.5']);
      for (const url of [
        'http://127.0.0.1/hook',
        'http://localhost:8080/hook',
        'http://10.1.2.3/hook',
        'http://192.168.1.10/hook',
        'http://172.20.0.1/hook',
        'http://169.254.169.254/latest/meta-data',
        'http://metadata.google.internal/',
        'http://[::1]/hook',
        'http://[fd00:ec2::254]/',
        'http://[::ffff:127.0.0.1]/',
        'http://0.0.0.0/',
        'http://mixed.example/',
        'http://api.localhost/hook',
        'http://LOCALHOST./hook',
      ]) {
        const res = await register(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().errors[0], url).toMatch(/^url: /);
      }
      expect((await ctx.inject({ method: 'GET', url: '/v1/webhooks', headers: a.headers })).json()).toEqual([]);
    });

    it('registers a name that does not resolve yet (DNS down, a brand-new name); its deliveries fail, are reported and retried', async () => {
      const res = await register(`http://brand-new.example:${receiver.port}/hook`);
      expect(res.statusCode, res.body).toBe(201);
      await ctx.inject({
        method: 'POST',
        url: '/v1/customers',
        headers: a.headers,
        payload: { type: 'Business', companyName: 'Nouveau SARL', email: 'n@example.fr' },
      });
      await ctx.app.outbox.drain();
      const [delivery] = (await ctx.inject({ method: 'GET', url: `/v1/webhooks/${res.json().id}/deliveries`, headers: a.headers })).json();
      expect(delivery).toMatchObject({ status: 'Pending', attempts: 1, lastStatusCode: null });
      expect(delivery.lastError).toMatch(/ENOTFOUND brand-new\.example/);
      await ctx.inject({ method: 'DELETE', url: `/v1/webhooks/${res.json().id}`, headers: a.headers });
    });

    it('checks again at delivery: a name that now resolves to loopback is not connected to', async () => {
      names.set('rebind.example', ['93.184.216.34']);
      const res = await register(`http://rebind.example:${receiver.port}/hook`);
      expect(res.statusCode, res.body).toBe(201);
      names.set('rebind.example', ['127.0.0.1']);
      await ctx.inject({
        method: 'POST',
        url: '/v1/customers',
        headers: a.headers,
        payload: { type: 'Business', companyName: 'Rebind SARL', email: 'x@example.fr' },
      });
      await ctx.app.outbox.drain();
      expect(receiver.received).toHaveLength(0);
      const [delivery] = (await ctx.inject({ method: 'GET', url: `/v1/webhooks/${res.json().id}/deliveries`, headers: a.headers })).json();
      expect(delivery).toMatchObject({ status: 'Pending', lastStatusCode: null });
      expect(delivery.lastError).toMatch(/rebind\.example resolves to 127\.0\.0\.1, a loopback/);
    });
  },
  {},
  () => ({ delivery: { clock: clock.now, resolve } }),
);
