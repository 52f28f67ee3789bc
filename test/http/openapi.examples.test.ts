// Every request example of the OpenAPI document is accepted by the server, as "Try it out" in
// /docs sends it: on a new account of an empty database, in the order of OPERATION_DOCS (settings,
// customers, products… then documents). Path ids are those of the records the examples created;
// ids inside the examples (customerId 1, invoiceId 1, creditId 2) must be right as written. What no
// example can make (an accepted quote, a purchase invoice read from a file, an imported statement, an
// approved expense report) is made through the API before the example that needs it (PREPARE).
import { readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import { OPERATION_DOCS } from '../../src/http/openapi-docs.js';
import { describeEachDb, type TestAccount, type TestContext } from '../helpers/harness.js';
import { BOUNDARY, multipart } from '../helpers/multipart.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const UBL = readFileSync(new URL('../fixtures/einvoicing/ubl-invoice.xml', import.meta.url));
/** A statement of the bank account of the examples: the transfer of receipt 1 (500 on 2026-11-20). */
const STATEMENT = 'Date;Libellé;Montant\n20/11/2026;VIR BOULANGERIE DUPONT VIR-2026-1120;500,00\n';
const STATEMENT_QUERY = '?dateColumn=Date&labelColumn=Libell%C3%A9&amountColumn=Montant&dateFormat=DD/MM/YYYY&decimalSeparator=,';

type Created = Record<string, number>;
type Prepare = (ctx: TestContext, account: TestAccount, created: Created) => Promise<void>;

async function send(ctx: TestContext, account: TestAccount, method: 'GET' | 'POST', url: string, payload?: Buffer): Promise<Json> {
  const upload = payload ? { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } : {};
  const res = await ctx.inject({ method, url, headers: { ...account.headers, ...upload }, ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
}

/** The account's webhook key, once PREPARE connected it to a platform. */
let webhookKey = '';

/** What an example needs that no earlier example made. */
const PREPARE: Record<string, Prepare> = {
  // The webhook is the account's once it has a platform (unreachable here: the call only makes its flows due).
  'POST /v1/einvoicing/platform/webhook/{key}': async (ctx, account) => {
    const set = await ctx.inject({
      method: 'PUT',
      url: '/v1/settings',
      headers: account.headers,
      payload: { einvoicing: { platform: { flowServiceUrl: 'http://127.0.0.1:9/flow-service', token: 'example-token' } } },
    });
    expect(set.statusCode, set.body).toBe(200);
    webhookKey = new URL((await send(ctx, account, 'GET', '/v1/einvoicing/platform/healthcheck')).webhookUrl).pathname.split('/').at(-1)!;
  },
  // Documents are paid and refunded once final: finalize the drafts the examples created.
  'POST /v1/receipts': async (ctx, account, created) => {
    for (const kind of ['/v1/saleinvoices', '/v1/salecredits']) await send(ctx, account, 'POST', `${kind}/finalize/${created[kind]}`);
  },
  'POST /v1/salequotes/send/{id}': async (ctx, account, created) => {
    await send(ctx, account, 'POST', `/v1/salequotes/issue/${created['/v1/salequotes']}`);
  },
  'POST /v1/salequotes/deposit/{id}': async (ctx, account, created) => {
    await send(ctx, account, 'POST', `/v1/salequotes/accept/${created['/v1/salequotes']}`);
  },
  'PUT /v1/purchaseinvoices/{id}': async (ctx, account, created) => {
    const file = multipart([{ name: 'file', filename: 'facture.xml', type: 'application/xml', content: UBL }]);
    created['/v1/purchaseinvoices'] = (await send(ctx, account, 'POST', '/v1/purchaseinvoices/file', file)).id;
  },
  'POST /v1/expensereports/{id}/reimburse': async (ctx, account, created) => {
    for (const action of ['submit', 'approve'])
      await send(ctx, account, 'POST', `/v1/expensereports/${created['/v1/expensereports']}/${action}`);
  },
  'POST /v1/banktransactions/{id}/match': async (ctx, account, created) => {
    const file = multipart([{ name: 'file', filename: 'releve.csv', type: 'text/csv', content: STATEMENT }]);
    await send(ctx, account, 'POST', `/v1/bankaccounts/${created['/v1/bankaccounts']}/statements${STATEMENT_QUERY}`, file);
    created['/v1/banktransactions'] = (await send(ctx, account, 'GET', '/v1/banktransactions'))[0].id;
  },
};

describeEachDb(
  'OpenAPI request examples',
  (ctx) => {
    let doc: Json;
    let account: TestAccount;
    beforeAll(async () => {
      doc = (await ctx.inject({ method: 'GET', url: '/openapi.json' })).json();
      account = await ctx.newAccount('Atelier Numérique SAS');
    });

    it('are accepted by the server, each with its success status', async () => {
      const created: Created = {};
      const sent: string[] = [];
      for (const key of Object.keys(OPERATION_DOCS)) {
        const [method, path] = key.split(' ');
        const op = doc.paths[path]?.[method.toLowerCase()];
        const example = op?.requestBody?.content?.['application/json']?.example;
        if (!example) continue;
        await PREPARE[key]?.(ctx, account, created);
        // {id}: the record of the resource (/v1/<resource>) an example created; {lineId}: the line an example added.
        const resource = path.split('/').slice(0, 3).join('/');
        const url = path
          .replace('{id}', () => String(created[resource]))
          .replace('{lineId}', () => String(created.line))
          .replace('{key}', () => webhookKey);
        const res = await ctx.inject({ method: method, url, headers: account.headers, payload: example });
        const success = Object.keys(op.responses).find((status) => status.startsWith('2'));
        expect(String(res.statusCode), `${key} with its example: ${res.body}`).toBe(success);
        if (method === 'POST' && !path.includes('{')) created[path] = res.json().id;
        if (key === 'POST /v1/expensereports/{id}/lines') created.line = res.json().lines.at(-1).id;
        sent.push(key);
      }
      // One example per JSON body, the create endpoints among them.
      expect(sent).toEqual(
        expect.arrayContaining([
          'PUT /v1/settings',
          'POST /v1/customers',
          'POST /v1/products',
          'POST /v1/saleinvoices',
          'POST /v1/salecredits',
          'POST /v1/receipts',
          'POST /v1/saleinvoices/markaspaid',
          'POST /v1/salecredits/markasrefunded',
          'POST /v1/salequotes',
          'POST /v1/supplierpayments',
          'POST /v1/expensereports',
          'POST /v1/bankaccounts',
          'POST /v1/webhooks',
        ]),
      );
      expect(created['/v1/customers']).toBe(1);
      expect(created['/v1/saleinvoices']).toBe(1);
      expect(created['/v1/salecredits']).toBe(2);
    });
  },
  {},
  // The webhook example's host resolves to a public address (nothing is delivered: no outbox runs here).
  () => ({ delivery: { resolve: async () => ['93.184.216.34'] } }),
);
