// The e-invoicing platform end to end, against the sandbox PA (src/sandbox) on loopback: an account
// configured with a PA sends its domestic B2B invoices once, follows them through the use cases of
// XP Z12-014 (UC1..UC5, statuses in order, out of order, repeated), lists them with Processed, sends
// 212 Encaissée on payment, receives supplier invoices and answers them, looks customers up in the
// directory. Every request Facturier sent and every answer it accepted is checked at the end against
// the official OpenAPI documents; every CDAR it sent against the official CDAR rules when present.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRequestBody, checkResponse, checkWebhookCallback, findOperation } from '../../../src/afnor/api.js';
import { readCdar } from '../../../src/einvoicing/cdar.js';
import { SAMPLE_SUPPLIERS, supplierInvoiceCii } from '../../../src/sandbox/supplier-invoices.js';
import { FakeClock } from '../../helpers/delivery.js';
import { describeEachDb, type TestAccount, type TestContext } from '../../helpers/harness.js';
import { startSandbox, type RunningSandbox } from '../../helpers/platform.js';
import { loadCdarOracle, oracleAvailable } from '../../helpers/cdar-oracle.js';
import { salesClient, type DocBody } from '../../helpers/sales.js';

let pa: RunningSandbox;
const clock = new FakeClock(Date.now());
beforeAll(async () => {
  pa = await startSandbox();
});
afterAll(() => pa.close());

const serviceLine = (price = 1000) => ({
  type: 'Service',
  description: 'Conseil',
  quantity: 1,
  taxExcludedPrice: price,
  vat: { rate: 20 },
});

describeEachDb(
  'the e-invoicing platform',
  (ctx: TestContext) => {
    let n = 0;
    /** An account whose PA is the sandbox, under its own token (one token = one business for the sandbox). */
    async function connected(useCase = 'UC1', extra: object = {}) {
      const account = await ctx.newAccount();
      const token = `tok-${ctx.dialect}-${++n}-${account.accountId}`;
      const res = await ctx.inject({
        method: 'PUT',
        url: '/v1/settings',
        headers: account.headers,
        payload: { einvoicing: { platform: { flowServiceUrl: pa.flowServiceUrl, directoryServiceUrl: pa.directoryServiceUrl, token } } },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await pa.control(token, 'PUT', '/sandbox/behaviour', { useCase, ...extra })).status).toBe(200);
      const api = salesClient(ctx, account);
      const customerId = await api.customer({ companyName: 'Durand SA', companyInformations: { siret: '73282932000074' } });
      return { account, token, api, customerId };
    }
    const call = (account: TestAccount, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      ctx.inject({ method, url, headers: account.headers, ...(payload ? { payload } : {}) });
    const drain = () => ctx.app.outbox.drain();
    async function sync(account: TestAccount) {
      const res = await call(account, 'POST', '/v1/einvoicing/sync');
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    }
    async function invoice(account: TestAccount, id: number): Promise<DocBody> {
      const res = await call(account, 'GET', `/v1/saleinvoices/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    }
    const codes = (doc: DocBody) =>
      (doc.einvoicingStatuses as { code: string; applied: boolean }[]).map((s) => `${s.code}${s.applied ? '' : '(set aside)'}`);

    describe('the connection', () => {
      it('keeps the token write-only, refuses a bad URL or a missing token naming the field, and tests the connection', async () => {
        const account = await ctx.newAccount();
        const put = (platform: object) => call(account, 'PUT', '/v1/settings', { einvoicing: { platform } });
        const bad = await put({ flowServiceUrl: 'ftp://pa.example', token: 'x' });
        expect(bad.statusCode).toBe(400);
        expect(bad.body).toContain('einvoicing.platform.flowServiceUrl');
        const noToken = await put({ flowServiceUrl: pa.flowServiceUrl });
        expect(noToken.statusCode).toBe(400);
        expect(noToken.body).toContain('einvoicing.platform.token');
        const ok = await put({
          flowServiceUrl: `${pa.flowServiceUrl}/`,
          directoryServiceUrl: pa.directoryServiceUrl,
          token: 'secret-token-1',
        });
        expect(ok.statusCode, ok.body).toBe(200);
        expect(ok.json().einvoicing.platform).toEqual({
          flowServiceUrl: pa.flowServiceUrl,
          directoryServiceUrl: pa.directoryServiceUrl,
          hasToken: true,
        });
        const read = await call(account, 'GET', '/v1/settings');
        expect(read.body).not.toContain('secret-token-1');
        const health = await call(account, 'GET', '/v1/einvoicing/platform/healthcheck');
        expect(health.json()).toEqual({
          flowService: { ok: true, message: null },
          directoryService: { ok: true, message: null },
          webhookUrl: expect.stringMatching(new RegExp(`/v1/einvoicing/platform/webhook/${account.accountId}\\.[0-9a-f]{64}$`)),
        });
        // Another PA, unreachable: said so, in words; the history stays.
        await put({ flowServiceUrl: 'http://127.0.0.1:9/flow-service', directoryServiceUrl: null });
        const down = await call(account, 'GET', '/v1/einvoicing/platform/healthcheck');
        expect(down.json().flowService).toEqual({
          ok: false,
          message: expect.stringContaining('The e-invoicing platform could not be reached'),
        });
        expect(down.json().directoryService).toEqual({ ok: false, message: 'no Directory Service URL is set' });
      });

      it('answers 400 to the platform routes of an account without a platform', async () => {
        const account = await ctx.newAccount();
        const res = await call(account, 'POST', '/v1/einvoicing/sync');
        expect(res.statusCode).toBe(400);
        expect(res.json().detail).toContain('No e-invoicing platform is set');
      });
    });

    describe('sending and following a sale invoice', () => {
      it('UC1: sends the invoice once at finalization, follows it to 211, sends 212 Encaissée on payment, and it becomes Processed', async () => {
        const { account, token, api, customerId } = await connected('UC1');
        const doc = await api.finalized('Invoice', { customerId, lines: [serviceLine(1000), { ...serviceLine(100), vat: { rate: 10 } }] });
        await drain();
        const flows = (await pa.control(token, 'GET', '/sandbox/flows')).body as {
          trackingId?: string;
          flowDirection: string;
          invoiceNumber: string | null;
        }[];
        const out = flows.filter((f) => f.flowDirection === 'Out');
        expect(out).toHaveLength(1);
        expect(out[0].invoiceNumber).toBe(doc.number);
        let seen = await invoice(account, doc.id);
        expect(seen.einvoicingStatus).toMatchObject({ transmission: 'Transmitted', transmissionMessage: null });

        // The worker read the statuses already (an account's flows are read every minute); reading now finds nothing new.
        expect(await sync(account)).toMatchObject({ flowsRead: 0, lastError: null });
        seen = await invoice(account, doc.id);
        expect(codes(seen)).toEqual(['200', '202', '203', '204', '205', '211']);
        expect(seen.einvoicingStatus).toMatchObject({ code: '211', label: 'Paiement transmis', processed: false, nextStep: null });
        expect(seen.isProcessed).toBe(false);
        expect((await sync(account)).flowsRead).toBe(0);

        const receipt = await call(account, 'POST', '/v1/receipts', {
          amount: seen.taxIncludedAmount,
          date: '2026-09-20',
          paymentMethod: 'Transfer',
          links: [{ type: 'Invoice', id: doc.id }],
        });
        expect(receipt.statusCode, receipt.body).toBe(200);
        await drain();
        seen = await invoice(account, doc.id);
        const encaissee = seen.einvoicingStatuses.at(-1);
        expect(encaissee).toMatchObject({ code: '212', label: 'Encaissée', emitter: 'Seller', applied: true });
        // 1200.00 at 20 % and 110.00 at 10 %: the amount collected split over the rates, tax included.
        expect(encaissee.amounts).toEqual([
          { amount: '1200.00', currency: 'EUR', percent: '20.00' },
          { amount: '110.00', currency: 'EUR', percent: '10.00' },
        ]);
        expect(seen).toMatchObject({ isProcessed: true, einvoicingStatus: { code: '212', processed: true } });
        const sent = ((await pa.control(token, 'GET', '/sandbox/flows')).body as { flowSyntax: string; flowId: string }[]).filter(
          (f) => f.flowSyntax === 'CDAR' && (f as { flowDirection?: string }).flowDirection === 'Out',
        );
        expect(sent).toHaveLength(1);

        const processed = await call(account, 'GET', '/v1/saleinvoices?Processed=Only');
        expect(processed.json().map((d: DocBody) => d.id)).toEqual([doc.id]);
        // Lists (a URL with a query string) carry the status too.
        expect(processed.json()[0].einvoicingStatus).toMatchObject({ code: '212', processed: true });
        expect((await call(account, 'GET', '/v1/saleinvoices')).json().map((d: DocBody) => d.id)).not.toContain(doc.id);
        const events = await ctx.db.kysely
          .selectFrom('outbox')
          .select('type')
          .where('accountId', '=', account.accountId)
          .where('type', '=', 'InvoiceEInvoicingStatusChanged')
          .execute();
        expect(events.length).toBeGreaterThanOrEqual(2);
      });

      it('UC3: a refusal with its reason is terminal and says what to do next', async () => {
        const { account, api, customerId } = await connected('UC3');
        const doc = await api.finalized('Invoice', { customerId, lines: [serviceLine()] });
        await drain();
        await sync(account);
        const seen = await invoice(account, doc.id);
        expect(codes(seen)).toEqual(['200', '202', '203', '210']);
        expect(seen.einvoicingStatus).toMatchObject({ code: '210', label: 'Refusée', reasonCode: 'TX_TVA_ERR', processed: true });
        expect(seen.einvoicingStatus.nextStep).toContain('credit note');
        expect(seen.isProcessed).toBe(true);

        // The lists filter on the status in force (Processed then defaults to All), and only on it.
        const other = await api.finalized('Invoice', { customerId, lines: [serviceLine(50)] });
        const ids = async (query: string) => {
          const res = await call(account, 'GET', `/v1/saleinvoices?${query}`);
          expect(res.statusCode, res.body).toBe(200);
          return res.json().map((d: DocBody) => d.id);
        };
        expect(await ids('EInvoicingStatus=210')).toEqual([doc.id]);
        expect(await ids('EInvoicingStatus=205,210,213')).toEqual([doc.id]);
        expect(await ids('EInvoicingStatus=205')).toEqual([]);
        expect(await ids('EInvoicingStatus=210&Processed=Excluded')).toEqual([]);
        expect(await ids('Processed=All')).toEqual(expect.arrayContaining([doc.id, other.id]));
        expect((await call(account, 'GET', '/v1/salecredits?EInvoicingStatus=210')).json()).toEqual([]);
        const bad = await call(account, 'GET', '/v1/saleinvoices?EInvoicingStatus=21,abc');
        expect(bad.statusCode).toBe(400);
        expect(bad.body).toContain('EInvoicingStatus');
      });

      it('cancelling a transmitted invoice sends 220 Annulée once, naming the credit note; the credit goes too; Processed', async () => {
        const { account, token, api, customerId } = await connected('UC4');
        const doc = await api.finalized('Invoice', { customerId, lines: [serviceLine()] });
        await drain();
        await sync(account);
        expect(codes(await invoice(account, doc.id))).toEqual(['200', '202', '203', '207']);
        const cancel = await call(account, 'POST', `/v1/saleinvoices/cancel/${doc.id}`);
        expect(cancel.statusCode, cancel.body).toBe(200);
        const creditNumber = cancel.json().cancellationCreditNumber as string;
        expect(creditNumber).toMatch(/\S/);
        await drain();
        await drain();
        const seen = await invoice(account, doc.id);
        expect(codes(seen)).toEqual(['200', '202', '203', '207', '220']);
        const annulee = seen.einvoicingStatuses.at(-1);
        expect(annulee).toMatchObject({ code: '220', label: 'Annulée', emitter: 'Seller', applied: true });
        expect(annulee.reason).toBe(`Annulée par l'avoir ${creditNumber}`);
        expect(seen).toMatchObject({ isProcessed: true, einvoicingStatus: { code: '220', processed: true } });
        const out = (await pa.control(token, 'GET', '/sandbox/flows')).body as {
          flowSyntax: string;
          flowDirection: string;
          invoiceNumber: string | null;
        }[];
        const sentOut = out.filter((f) => f.flowDirection === 'Out');
        // The invoice, its cancellation credit note, and one 220 status: nothing twice.
        expect(sentOut.filter((f) => f.flowSyntax === 'CDAR')).toHaveLength(1);
        expect(sentOut.filter((f) => f.flowSyntax !== 'CDAR')).toHaveLength(2);
        await drain();
        expect(codes(await invoice(account, doc.id))).toEqual(['200', '202', '203', '207', '220']);
      });

      it('UC2: a platform rejection of the only submission applies; UC4 a dispute is not terminal; UC5 disputed then approved', async () => {
        const uc2 = await connected('UC2');
        const rejected = await uc2.api.finalized('Invoice', { customerId: uc2.customerId, lines: [serviceLine()] });
        const uc4 = await connected('UC4');
        const disputed = await uc4.api.finalized('Invoice', { customerId: uc4.customerId, lines: [serviceLine()] });
        const uc5 = await connected('UC5');
        const settled = await uc5.api.finalized('Invoice', { customerId: uc5.customerId, lines: [serviceLine()] });
        await drain();
        for (const a of [uc2, uc4, uc5]) await sync(a.account);
        const r = await invoice(uc2.account, rejected.id);
        expect(codes(r)).toEqual(['200', '213']);
        expect(r.einvoicingStatus).toMatchObject({ code: '213', reasonCode: 'DOUBLON', processed: true });
        expect(r.einvoicingStatus.nextStep).toContain('new number');
        const d = await invoice(uc4.account, disputed.id);
        expect(d.einvoicingStatus).toMatchObject({ code: '207', label: 'En litige', reasonCode: 'TX_TVA_ERR', processed: false });
        expect(d.einvoicingStatus.nextStep).toContain('dispute');
        const s = await invoice(uc5.account, settled.id);
        expect(codes(s)).toEqual(['200', '202', '203', '207', '205']);
        expect(s.einvoicingStatus).toMatchObject({ code: '205', processed: false });
      });

      it('applies statuses by their own date whatever their order of arrival, and a repeated message changes nothing', async () => {
        const { account, api, customerId } = await connected('UC1', { order: 'Reversed', duplicates: true, release: 'OnAdvance' });
        const { token } = {
          token: (
            await ctx.db.kysely.selectFrom('settings').select('data').where('accountId', '=', account.accountId).executeTakeFirstOrThrow()
          ).data.match(/"token":"([^"]+)"/)![1],
        };
        const doc = await api.finalized('Invoice', { customerId, lines: [serviceLine()] });
        await drain();
        // The latest status first (211), then the rest one by one, each twice.
        await pa.control(token, 'POST', '/sandbox/advance', { count: 2 });
        await sync(account);
        let seen = await invoice(account, doc.id);
        expect(codes(seen)).toEqual(['211']);
        await pa.control(token, 'POST', '/sandbox/advance', { count: 100 });
        expect((await sync(account)).flowsRead).toBe(10);
        seen = await invoice(account, doc.id);
        expect(codes(seen)).toEqual(['200', '202', '203', '204', '205', '211']);
        expect(seen.einvoicingStatus).toMatchObject({ code: '211', processed: false });
      });

      it('never marks the first submission rejected when a repeated submission gets 213 DOUBLON', async () => {
        const { account, token, api, customerId } = await connected('UC1');
        const doc = await api.finalized('Invoice', { customerId, lines: [serviceLine()] });
        await drain();
        await sync(account);
        // The same invoice submitted again by some other software of the business: the platform rejects the repeat.
        const flows = (await pa.control(token, 'GET', '/sandbox/flows')).body as { flowId: string; flowDirection: string }[];
        const original = flows.find((f) => f.flowDirection === 'Out')!;
        const xml = (
          await pa.app.inject({
            method: 'GET',
            url: `/flow-service/v1/flows/${original.flowId}?docType=Original`,
            headers: { authorization: `Bearer ${token}` },
          })
        ).body;
        const form = new FormData();
        form.append('flowInfo', new Blob([JSON.stringify({ flowSyntax: 'CII' })], { type: 'application/json' }));
        form.append('file', new Blob([xml], { type: 'application/xml' }), 'again.xml');
        const again = await fetch(`${pa.flowServiceUrl}/v1/flows`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        });
        expect(again.status).toBe(202);
        await sync(account);
        const seen = await invoice(account, doc.id);
        // Its 213 is dated by the repeat (the sandbox dates the first one's statuses minutes ahead): where it sorts does not matter.
        expect(codes(seen).sort()).toEqual(['200', '202', '203', '204', '205', '211', '213(set aside)']);
        expect(seen.einvoicingStatus).toMatchObject({ code: '211', processed: false });
        expect(seen.einvoicingStatuses.find((s: DocBody) => s.code === '213').note).toContain('first submission goes on');
        expect(seen.isProcessed).toBe(false);
      });
    });

    describe("the platform's webhook", () => {
      it('a webhook call (WebhookCallbackContent) makes the account read its flows at once; a bad key or body gets 404 or 400', async () => {
        const { account, token, api, customerId } = await connected('UC1', { release: 'OnAdvance' });
        const health = await call(account, 'GET', '/v1/einvoicing/platform/healthcheck');
        expect(health.statusCode, health.body).toBe(200);
        const webhookUrl = health.json().webhookUrl as string;
        expect(webhookUrl).toMatch(/^http:\/\/[^/]+\/v1\/einvoicing\/platform\/webhook\/\d+\.[0-9a-f]{64}$/);
        const path = new URL(webhookUrl).pathname;

        // The sandbox announces each new incoming flow to a receiver of ours, which keeps the bodies.
        const received: unknown[] = [];
        const receiver = createServer((req, res) => {
          let body = '';
          req.on('data', (c: Buffer) => (body += c.toString()));
          req.on('end', () => {
            received.push(JSON.parse(body));
            res.writeHead(200).end();
          });
        });
        await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
        try {
          const set = await pa.control(token, 'PUT', '/sandbox/webhook', {
            url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
          });
          expect(set.status).toBe(200);
          const doc = await api.finalized('Invoice', { customerId, lines: [serviceLine()] });
          await drain();
          expect(codes(await invoice(account, doc.id))).toEqual([]);
          await pa.control(token, 'POST', '/sandbox/advance', { count: 2 });
          const calls = (await pa.control(token, 'GET', '/sandbox/webhook')).body as { calls: { status: number | null }[] };
          expect(calls.calls.map((c) => c.status)).toEqual([200, 200]);
          expect(received).toHaveLength(2);
          for (const body of received) expect(checkWebhookCallback(body)).toEqual([]);

          // Without the call, the worker reads this account's flows at the next minute: not yet.
          await drain();
          expect(codes(await invoice(account, doc.id))).toEqual([]);
          const hook = await ctx.inject({ method: 'POST', url: path, payload: received[1] as object });
          expect(hook.statusCode, hook.body).toBe(200);
          await drain();
          expect(codes(await invoice(account, doc.id))).toEqual(['200', '202']);
        } finally {
          await new Promise((resolve) => receiver.close(resolve));
        }

        // Wrong keys, another account's key, a body that does not conform, an account without a platform.
        const [id, mac] = path.split('/').at(-1)!.split('.');
        const other = await ctx.newAccount();
        const body = received[0] as object;
        for (const bad of [`${id}.${'0'.repeat(64)}`, `${other.accountId}.${mac}`, 'x', `${id}.${mac}0`]) {
          const res = await ctx.inject({ method: 'POST', url: `/v1/einvoicing/platform/webhook/${bad}`, payload: body });
          expect(res.statusCode, bad).toBe(404);
        }
        const malformed = await ctx.inject({ method: 'POST', url: path, payload: { flowInfo: { flowId: 12 } } });
        expect(malformed.statusCode).toBe(400);
        expect(malformed.body).toContain('WebhookCallbackContent');
        const otherHealth = await call(other, 'GET', '/v1/einvoicing/platform/healthcheck');
        expect(otherHealth.statusCode).toBe(400);
        await call(account, 'PUT', '/v1/settings', { einvoicing: { platform: null } });
        expect((await ctx.inject({ method: 'POST', url: path, payload: body })).statusCode).toBe(404);
      });
    });

    describe('faults', () => {
      it('a platform that is down: the document waits for transmission, is retried with backoff, and is sent once', async () => {
        const { account, token, api, customerId } = await connected('UC1');
        await pa.control(token, 'POST', '/sandbox/faults', { status: 503, count: 2 });
        const doc = await api.finalized('Invoice', { customerId, lines: [serviceLine()] });
        await drain();
        let seen = await invoice(account, doc.id);
        expect(seen.einvoicingStatus).toMatchObject({ transmission: 'WaitingForTransmission' });
        expect(seen.einvoicingStatus.transmissionMessage).toMatch(
          /^Waiting for transmission: The e-invoicing platform is unavailable \(HTTP 503\): SERVICE_UNAVAILABLE/,
        );
        await drain();
        expect((await invoice(account, doc.id)).einvoicingStatus.transmission).toBe('WaitingForTransmission');
        clock.advance(40_000);
        await drain();
        clock.advance(80_000);
        await drain();
        seen = await invoice(account, doc.id);
        expect(seen.einvoicingStatus).toMatchObject({ transmission: 'Transmitted', transmissionMessage: null });
        const out = ((await pa.control(token, 'GET', '/sandbox/flows')).body as { flowDirection: string }[]).filter(
          (f) => f.flowDirection === 'Out',
        );
        expect(out).toHaveLength(1);
      });

      it('a cancellation and a payment recorded while the invoice waited for transmission are sent once it is acknowledged (220, 212)', async () => {
        const { account, token, api, customerId } = await connected('UC1');
        await pa.control(token, 'POST', '/sandbox/faults', { status: 503, count: 3 });
        const cancelled = await api.finalized('Invoice', { customerId, lines: [serviceLine(300)] });
        const paid = await api.finalized('Invoice', { customerId, lines: [serviceLine(500)] });
        await drain();
        expect((await invoice(account, cancelled.id)).einvoicingStatus.transmission).toBe('WaitingForTransmission');
        expect((await invoice(account, paid.id)).einvoicingStatus.transmission).toBe('WaitingForTransmission');
        const cancel = await call(account, 'POST', `/v1/saleinvoices/cancel/${cancelled.id}`);
        expect(cancel.statusCode, cancel.body).toBe(200);
        const receipt = await call(account, 'POST', '/v1/receipts', {
          amount: 600,
          date: '2026-09-21',
          paymentMethod: 'Transfer',
          links: [{ type: 'Invoice', id: paid.id }],
        });
        expect(receipt.statusCode, receipt.body).toBe(200);
        await drain();
        // Nothing about an invoice the platform does not hold yet.
        const early = ((await pa.control(token, 'GET', '/sandbox/flows')).body as { flowSyntax: string; flowDirection: string }[]).filter(
          (f) => f.flowDirection === 'Out' && f.flowSyntax === 'CDAR',
        );
        expect(early).toHaveLength(0);
        for (let i = 0; i < 4; i++) {
          clock.advance(120_000);
          await drain();
        }
        await sync(account);
        const c = await invoice(account, cancelled.id);
        expect(c.einvoicingStatus.transmission).toBe('Transmitted');
        const annulee = c.einvoicingStatuses.filter((s: DocBody) => s.code === '220');
        expect(annulee).toHaveLength(1);
        expect(annulee[0]).toMatchObject({ emitter: 'Seller', reason: `Annulée par l'avoir ${cancel.json().cancellationCreditNumber}` });
        expect(c).toMatchObject({ isProcessed: true, einvoicingStatus: { code: '220', processed: true } });
        const p = await invoice(account, paid.id);
        const encaissee = p.einvoicingStatuses.filter((s: DocBody) => s.code === '212');
        expect(encaissee).toHaveLength(1);
        expect(encaissee[0].amounts).toEqual([{ amount: '600.00', currency: 'EUR', percent: '20.00' }]);
        await drain();
        await sync(account);
        const statusesOut = (
          (await pa.control(token, 'GET', '/sandbox/flows')).body as { flowSyntax: string; flowDirection: string }[]
        ).filter((f) => f.flowDirection === 'Out' && f.flowSyntax === 'CDAR');
        expect(statusesOut).toHaveLength(2);
      });

      it('an acknowledgement lost on the way (as after kill -9): the retry finds the flow by its tracking id and sends nothing twice', async () => {
        const { account, token, api, customerId } = await connected('UC1');
        await pa.control(token, 'POST', '/sandbox/faults', { status: 503, afterAccept: true });
        const doc = await api.finalized('Invoice', { customerId, lines: [serviceLine()] });
        await drain();
        expect((await invoice(account, doc.id)).einvoicingStatus.transmission).toBe('WaitingForTransmission');
        clock.advance(40_000);
        await drain();
        const seen = await invoice(account, doc.id);
        expect(seen.einvoicingStatus.transmission).toBe('Transmitted');
        const out = ((await pa.control(token, 'GET', '/sandbox/flows')).body as { flowDirection: string; flowId: string }[]).filter(
          (f) => f.flowDirection === 'Out',
        );
        expect(out).toHaveLength(1);
        expect(seen.einvoicingStatus.flowId).toBe(out[0].flowId);
      });

      it('a platform answering 4xx: its own text shown on the document, no retry; transmit again on demand once the cause is fixed', async () => {
        const { account, token, api, customerId } = await connected('UC1');
        await pa.control(token, 'POST', '/sandbox/faults', { status: 422 });
        const doc = await api.finalized('Invoice', { customerId, lines: [serviceLine()] });
        await drain();
        let seen = await invoice(account, doc.id);
        expect(seen.einvoicingStatus).toMatchObject({
          transmission: 'TransmissionRefused',
          transmissionMessage:
            'Refused by the e-invoicing platform: The e-invoicing platform refused the request (HTTP 422): REFUSED: the sandbox was told to answer 422',
        });
        expect(seen.einvoicingStatus.nextStep).toContain('transmit again');
        const res = await call(account, 'POST', `/v1/saleinvoices/transmit/${doc.id}`);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ transmission: 'Transmitted' });
        const twice = await call(account, 'POST', `/v1/saleinvoices/transmit/${doc.id}`);
        expect(twice.statusCode).toBe(400);
        expect(twice.json().detail).toContain('never sent twice');
        seen = await invoice(account, doc.id);
        expect(seen.einvoicingStatus.transmission).toBe('Transmitted');
      });

      it('with a platform connected, refuses before numbering what the platform would reject, whatever einvoicing.frenchRules says', async () => {
        const { account, customerId } = await connected('UC1');
        expect((await call(account, 'GET', '/v1/settings')).json().einvoicing.frenchRules).toBe('Warn');
        const draft = await call(account, 'POST', '/v1/salecredits', { customerId, lines: [serviceLine()] });
        expect(draft.statusCode, draft.body).toBe(200);
        const refused = await call(account, 'POST', `/v1/salecredits/finalize/${draft.json().id}`);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().detail).toMatch(/does not name the invoice it corrects \(BT-25, BR-FR-CO-05\)/);
        expect((await call(account, 'GET', `/v1/salecredits/${draft.json().id}`)).json()).toMatchObject({ isDraft: true, number: null });
      });

      it('does not send documents to consumers or foreign buyers (e-reporting), nor drafts, and says why', async () => {
        const { account, api } = await connected('UC1');
        const consumer = await api.finalized('Invoice', { customerType: 'Consumer', customerName: 'Jean Martin', lines: [serviceLine()] });
        await drain();
        expect((await invoice(account, consumer.id)).einvoicingStatus).toBeUndefined();
        const res = await call(account, 'POST', `/v1/saleinvoices/transmit/${consumer.id}`);
        expect(res.statusCode).toBe(400);
        expect(res.json().detail).toContain('e-reporting');
        const draft = await api.draft('Invoice', { customerType: 'Consumer', customerName: 'Jean Martin', lines: [serviceLine()] });
        expect((await call(account, 'POST', `/v1/saleinvoices/transmit/${draft.id}`)).json().detail).toContain('draft');
        expect((await call(account, 'POST', '/v1/saleinvoices/transmit/999999')).statusCode).toBe(404);
        expect((await call(account, 'POST', '/v1/salecredits/transmit/abc')).statusCode).toBe(400);
      });

      it('keeps statuses of unknown documents and malformed messages for review, applied nowhere; records an unknown code as such', async () => {
        const { account, token, api, customerId } = await connected('UC1');
        const doc = await api.finalized('Invoice', { customerId, lines: [serviceLine()] });
        await drain();
        await sync(account);
        const before = codes(await invoice(account, doc.id));
        const stranger = supplierInvoiceCii({
          supplier: { ...SAMPLE_SUPPLIERS[0], siren: '123456782' },
          buyer: { siren: '732829320', name: 'Durand' },
          number: 'NOT-OURS-1',
          issueDate: '2026-09-01',
          net: '10.00',
          description: 'x',
        });
        const form = new FormData();
        form.append('flowInfo', new Blob([JSON.stringify({ flowSyntax: 'CII' })], { type: 'application/json' }));
        form.append('file', new Blob([stranger], { type: 'application/xml' }), 'x.xml');
        expect(
          (await fetch(`${pa.flowServiceUrl}/v1/flows`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }))
            .status,
        ).toBe(202);
        await pa.control(token, 'POST', '/sandbox/inbox', {
          content:
            '<rsm:CrossDomainAcknowledgementAndResponse xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100"/>',
        });
        const flows = (await pa.control(token, 'GET', '/sandbox/flows')).body as { flowId: string; name: string }[];
        const deposited = flows.find((f) => f.name === `${doc.number}-CDV-200.xml`)!;
        const original = (
          await pa.app.inject({
            method: 'GET',
            url: `/flow-service/v1/flows/${deposited.flowId}?docType=Original`,
            headers: { authorization: `Bearer ${token}` },
          })
        ).body;
        const strange = original
          .replace(/<ram:ProcessConditionCode>200</, '<ram:ProcessConditionCode>299<')
          .replace(/<ram:ID>[^<]*_200_/, '<ram:ID>X_299_');
        await pa.control(token, 'POST', '/sandbox/inbox', { content: strange });
        await sync(account);
        const review = (await call(account, 'GET', '/v1/einvoicing/review')).json<
          {
            kind: string;
            invoiceNumber: string | null;
            problem: string;
          }[]
        >();
        expect(review.filter((r) => r.kind === 'UnmatchedStatus').map((r) => r.invoiceNumber)).toEqual(
          expect.arrayContaining(['NOT-OURS-1']),
        );
        expect(review.find((r) => r.kind === 'UnmatchedStatus')!.problem).toBe('no finalized document numbered NOT-OURS-1');
        expect(review.find((r) => r.kind === 'MalformedFlow')!.problem).toContain('Unreadable status message, not applied');
        const after = await invoice(account, doc.id);
        expect(codes(after)).toEqual([...before.slice(0, 1), '299', ...before.slice(1)]);
        expect(after.einvoicingStatuses.find((s: DocBody) => s.code === '299').note).toBe(
          'Status code 299 is not one Facturier knows: recorded as such',
        );
        expect(after.einvoicingStatus.code).toBe('211');
      });
    });

    describe('receiving and answering supplier invoices', () => {
      it('receives the supplier invoices the platform holds, once, keeping the file; answers them as CDAR statuses', async () => {
        const { account, token } = await connected('UC1');
        await pa.control(token, 'POST', '/sandbox/supplier-invoices', { count: 2, buyer: { siren: '123456782', name: 'Test' } });
        const first = await sync(account);
        expect(first.flowsRead).toBe(2);
        expect((await sync(account)).flowsRead).toBe(0);
        const list = (await call(account, 'GET', '/v1/purchaseinvoices')).json<DocBody[]>();
        expect(list).toHaveLength(2);
        const purchase = list.find((p) => p.reference?.startsWith('PAP'))!;
        expect(purchase).toMatchObject({ taxIncludedAmount: 144, supplier: { name: 'Papeterie du Marais' } });
        const file = await call(account, 'GET', `/v1/purchaseinvoices/download/${purchase.id}`);
        expect(file.statusCode).toBe(200);
        expect(file.body).toContain('<rsm:CrossIndustryInvoice');
        const received = await ctx.db.kysely
          .selectFrom('outbox')
          .select('type')
          .where('accountId', '=', account.accountId)
          .where('type', '=', 'PurchaseInvoiceReceived')
          .execute();
        expect(received).toHaveLength(2);

        const refuse = await call(account, 'POST', `/v1/purchaseinvoices/einvoicingstatus/${purchase.id}?action=Refused`);
        expect(refuse.statusCode).toBe(400);
        expect(refuse.body).toContain('a reason code is required to refuse');
        const wrongReason = await call(
          account,
          'POST',
          `/v1/purchaseinvoices/einvoicingstatus/${purchase.id}?action=Approved&reasonCode=TX_TVA_ERR`,
        );
        expect(wrongReason.statusCode).toBe(400);
        const taken = await call(account, 'POST', `/v1/purchaseinvoices/einvoicingstatus/${purchase.id}?action=TakenOver`);
        expect(taken.statusCode, taken.body).toBe(200);
        const disputed = await call(
          account,
          'POST',
          `/v1/purchaseinvoices/einvoicingstatus/${purchase.id}?action=Disputed&reasonCode=QTE_ERR&reason=${encodeURIComponent('Quantité livrée : 8')}`,
        );
        expect(disputed.json().map((s: DocBody) => `${s.code} ${s.emitter}`)).toEqual(['204 Buyer', '207 Buyer']);
        expect(disputed.json()[1]).toMatchObject({ reasonCode: 'QTE_ERR', reason: 'Quantité livrée : 8', label: 'En litige' });
        const sent = (
          (await pa.control(token, 'GET', '/sandbox/flows')).body as {
            flowSyntax: string;
            flowDirection: string;
            flowType: string;
            flowId: string;
          }[]
        ).filter((f) => f.flowSyntax === 'CDAR' && f.flowDirection === 'Out');
        expect(sent.map((f) => f.flowType)).toEqual(['SupplierInvoiceLC', 'SupplierInvoiceLC']);
        const cdar = (
          await pa.app.inject({
            method: 'GET',
            url: `/flow-service/v1/flows/${sent[1].flowId}?docType=Original`,
            headers: { authorization: `Bearer ${token}` },
          })
        ).body;
        const read = readCdar(cdar);
        if (!read.ok) throw new Error(read.problems.join('; '));
        expect(read.message.references[0]).toMatchObject({
          invoiceNumber: purchase.reference,
          code: '207',
          sellerId: { value: '732829320' },
        });
        expect(read.message.issuer).toMatchObject({ role: 'BY', globalId: { value: '123456782' } });

        const handUploaded = await call(account, 'POST', '/v1/purchaseinvoices/einvoicingstatus/999999?action=Approved');
        expect(handUploaded.statusCode).toBe(404);
      });
    });

    describe('the directory', () => {
      it("stores a customer's electronic address found by SIREN, and says so when the buyer is not in the directory", async () => {
        const { account, api } = await connected('UC1');
        await pa.app.inject({
          method: 'POST',
          url: '/sandbox/directory',
          payload: { siren: '443061841', name: 'Transports Garonne', addressingIdentifier: '443061841_FACTURES' },
        });
        const known = await api.customer({ companyName: 'Transports Garonne', companyInformations: { siret: '44306184100013' } });
        const res = await call(account, 'POST', `/v1/einvoicing/directory/customers/${known}`);
        expect(res.json()).toMatchObject({ siren: '443061841', found: true, electronicAddress: '443061841_FACTURES' });
        expect((await call(account, 'GET', `/v1/customers/${known}`)).json().companyInformations.electronicAddress).toBe(
          '443061841_FACTURES',
        );
        const unknown = await api.customer({ companyName: 'Inconnue', companyInformations: { siret: '55208131700018' } });
        const none = await call(account, 'POST', `/v1/einvoicing/directory/customers/${unknown}`);
        expect(none.json()).toMatchObject({
          found: false,
          electronicAddress: null,
          message: 'SIREN 552081317 is not in the directory: this buyer cannot receive e-invoices through a platform yet',
        });
      });
    });

    describe('the directory, when a customer is saved', () => {
      it('a customer saved with a SIREN and no electronic address gets the one the directory holds; one it lacks is left alone', async () => {
        const { account, api } = await connected('UC1');
        await pa.app.inject({
          method: 'POST',
          url: '/sandbox/directory',
          payload: { siren: '383474814', name: 'Menuiserie Rhône', addressingIdentifier: '383474814_AP' },
        });
        const saved = await api.customer({ companyName: 'Menuiserie Rhône', companyInformations: { siret: '38347481400019' } });
        const absent = await api.customer({ companyName: 'Absente SARL', companyInformations: { siret: '55208131700018' } });
        const given = await api.customer({
          companyName: 'Déjà adressée',
          companyInformations: { siret: '38347481400019', electronicAddress: '383474814_OTHER' },
        });
        await drain();
        const read = async (id: number) => (await call(account, 'GET', `/v1/customers/${id}`)).json().companyInformations;
        expect((await read(saved)).electronicAddress).toBe('383474814_AP');
        expect((await read(absent)).electronicAddress ?? null).toBeNull();
        expect((await read(given)).electronicAddress).toBe('383474814_OTHER');
        // An account without a platform looks nothing up.
        const plain = await ctx.newAccount();
        const alone = await salesClient(ctx, plain).customer({
          companyName: 'Menuiserie Rhône',
          companyInformations: { siret: '38347481400019' },
        });
        await drain();
        const res = await call(plain, 'GET', `/v1/customers/${alone}`);
        expect(res.json().companyInformations.electronicAddress ?? null).toBeNull();
      });
    });

    it('sent only requests that conform to the official OpenAPI documents, and accepted only conforming answers', () => {
      expect(pa.exchanges.length).toBeGreaterThan(20);
      for (const e of pa.exchanges) {
        const u = new URL(e.url);
        const api = u.pathname.includes('/flow-service') ? 'flow' : 'directory';
        const path = u.pathname.replace(/^\/(flow|directory)-service/, '');
        const op = findOperation(api, e.method, path);
        expect(op, `${e.method} ${path}`).not.toBeNull();
        if (e.requestType)
          expect(checkRequestBody(api, op!.operationId, e.requestType, e.requestBody), `${op!.operationId} request`).toEqual([]);
        if (e.status < 300 && !(e.responseType ?? '').startsWith('application/octet-stream'))
          expect(
            checkResponse(api, op!.operationId, e.status, e.responseType?.split(';')[0] ?? null, e.responseBody),
            `${op!.operationId} answer`,
          ).toEqual([]);
      }
    });

    it.skipIf(!oracleAvailable)(
      'sent only CDAR statuses that pass the official BR-FR-CDV rules and the CDAR XSD',
      async () => {
        const oracle = await loadCdarOracle();
        const sent = [...pa.sandbox.businesses.values()].flatMap((b) =>
          b.flows.filter((f) => f.meta.flowDirection === 'Out' && f.meta.flowSyntax === 'CDAR'),
        );
        expect(sent.length).toBeGreaterThanOrEqual(3);
        for (const f of sent) {
          const verdict = await oracle.validate(f.content.toString('utf8'));
          expect([...verdict.cdar.errors, ...verdict.xsd.errors].map((e) => e.id)).toEqual([]);
        }
      },
      300_000,
    );
  },
  {},
  () => ({ delivery: { clock: clock.now, platformFetch: (...args: Parameters<typeof fetch>) => pa.fetch(...args) } }),
);
