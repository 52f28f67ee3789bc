import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { todayIn } from '../../../src/domain/dates.js';
import { EXTERNAL_CORRECTED_INVOICE } from '../../helpers/sales.js';
import { describeEachDb, type TestAccount, type TestContext } from '../../helpers/harness.js';
import { BUSINESS_CUSTOMER, LINES, SELLER_SETTINGS, setUpSeller } from './documents.fixtures.js';

const today = todayIn('Europe/Paris');

async function draftAndFinalized(ctx: TestContext, a: TestAccount, customerId: number, path: '/v1/saleinvoices' | '/v1/salecredits') {
  // A credit note names the invoice it corrects (BT-25/BT-26, BR-FR-CO-05).
  const payload = { customerId, date: today, lines: LINES, ...(path === '/v1/salecredits' ? EXTERNAL_CORRECTED_INVOICE : {}) };
  const draft = await ctx.inject({ method: 'POST', url: path, headers: a.headers, payload });
  expect(draft.statusCode, draft.body).toBe(200);
  const other = await ctx.inject({ method: 'POST', url: path, headers: a.headers, payload });
  const fin = await ctx.inject({ method: 'POST', url: `${path}/finalize/${other.json().id}`, headers: a.headers });
  expect(fin.statusCode, fin.body).toBe(200);
  return { draftId: draft.json().id as number, finalizedId: other.json().id as number };
}

describeEachDb('e-invoicing conformance check', (ctx) => {
  let a: TestAccount;
  let customerId: number;
  const check = (path: string, who = a) => ctx.inject({ method: 'POST', url: path, headers: who.headers });

  beforeAll(async () => {
    ({ account: a, customerId } = await setUpSeller(ctx));
  });

  for (const path of ['/v1/salecredits', '/v1/saleinvoices'] as const) {
    it(`${path}: a complete draft is valid, and stays an unnumbered draft`, async () => {
      const { draftId } = await draftAndFinalized(ctx, a, customerId, path);
      const res = await check(`${path}/checkeinvoicing/${draftId}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ isValid: true, findings: [] });
      const after = await ctx.inject({ method: 'GET', url: `${path}/${draftId}`, headers: a.headers });
      expect(after.json()).toMatchObject({ isDraft: true, number: null });
      const file = await ctx.db.kysely
        .selectFrom('documentFiles')
        .select('documentId')
        .where('documentId', '=', draftId)
        .executeTakeFirst();
      expect(file).toBeUndefined();
    });

    it(`${path}: a finalized document is a 409 Error`, async () => {
      const { finalizedId } = await draftAndFinalized(ctx, a, customerId, path);
      const res = await check(`${path}/checkeinvoicing/${finalizedId}`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: expect.stringMatching(/drafts only/), errors: [expect.any(String)] });
    });

    it(`${path}: a missing or foreign document is a 404 Error`, async () => {
      const { draftId } = await draftAndFinalized(ctx, a, customerId, path);
      const other = await ctx.newAccount();
      for (const [url, who] of [
        [`${path}/checkeinvoicing/999999`, a],
        [`${path}/checkeinvoicing/${draftId}`, other],
      ] as const) {
        const res = await check(url, who);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: expect.any(String), errors: [expect.any(String)] });
      }
    });
  }

  it('a credit draft to a French business that names no corrected invoice breaks BR-FR-CO-05, an error', async () => {
    const draft = await ctx.inject({
      method: 'POST',
      url: '/v1/salecredits',
      headers: a.headers,
      payload: { customerId, date: today, lines: LINES },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const res = await check(`/v1/salecredits/checkeinvoicing/${draft.json().id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      isValid: false,
      findings: [{ ruleId: 'BR-FR-CO-05_BT-3', severity: 'Error', businessTerm: 'BT-3' }],
    });
    expect(res.json().findings).toHaveLength(1);
  });

  it('draft findings name the rule, severity, message, business term and location', async () => {
    const draft = await ctx.inject({
      method: 'POST',
      url: '/v1/salecredits',
      headers: a.headers,
      payload: {
        customerName: 'Client sans identifiant',
        customerType: 'Business',
        billingAddress: { street: '1 rue X', zipcode: '75001', city: 'Paris', countryIso: 'FR' },
        date: today,
        lines: LINES,
      },
    });
    const res = await check(`/v1/salecredits/checkeinvoicing/${draft.json().id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // A business buyer without SIREN is not bound by the French rules: their findings are shown as
    // warnings, but the official rules fail, so the verdict is invalid (the spec: "a credit can be
    // invalid while all findings are warnings").
    expect(body.findings.every((f: { severity: string }) => f.severity === 'Warning')).toBe(true);
    expect(body.isValid).toBe(false);
    expect(body.findings.map((f: { ruleId: string }) => f.ruleId)).toContain('BR-FR-11_BT-47');
    const finding = body.findings.find((f: { ruleId: string }) => f.ruleId === 'BR-FR-11_BT-47');
    expect(finding).toEqual({
      ruleId: 'BR-FR-11_BT-47',
      severity: 'Warning',
      message: expect.any(String),
      businessTerm: 'BT-47',
      location: '/rsm:CrossIndustryInvoice', // the official context of BR-FR-11 is the root
    });
  });

  it('a French business draft whose seller has no SIREN is invalid: French rules are errors for a French business buyer', async () => {
    const { siret: _siret, ...company } = SELLER_SETTINGS.company;
    const { account, customerId: cid } = await setUpSeller(ctx, { ...SELLER_SETTINGS, company });
    const draft = await ctx.inject({
      method: 'POST',
      url: '/v1/salecredits',
      headers: account.headers,
      payload: { customerId: cid, date: today, lines: LINES },
    });
    const res = await ctx.inject({ method: 'POST', url: `/v1/salecredits/checkeinvoicing/${draft.json().id}`, headers: account.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.isValid).toBe(false);
    expect(body.findings.length).toBeGreaterThan(0);
    expect(body.findings.every((f: { severity: string }) => f.severity === 'Error')).toBe(true);
    expect(body.findings.map((f: { ruleId: string }) => f.ruleId)).toEqual(expect.arrayContaining(['BR-FR-10_BT-30', 'BR-FR-13_BT-34']));
  });

  it('a franchise seller (art. 293 B) without VAT number needs its tax registration id (BT-32, BR-E-02), from the settings on', async () => {
    const { vatNumber: _vat, ...company } = SELLER_SETTINGS.company;
    const account = await ctx.newAccount('Franchise EI', { sellerIdentity: false });
    const put = (payload: object) => ctx.inject({ method: 'PUT', url: '/v1/settings', headers: account.headers, payload });
    // Settings that can only produce failing documents are refused when saved, with the rule id.
    const withoutId = await put({ ...SELLER_SETTINGS, company, vat: { liableToVat: false } });
    expect(withoutId.statusCode).toBe(400);
    expect(withoutId.json().errors['company.taxRegistrationId'][0]).toMatch(/^BR-E-02: /);
    const malformed = await put({ ...SELLER_SETTINGS, company: { ...company, taxRegistrationId: '12 34<5' }, vat: { liableToVat: false } });
    expect(malformed.statusCode).toBe(400);
    expect(JSON.stringify(malformed.json())).toContain('company.taxRegistrationId');
    const saved = await put({
      ...SELLER_SETTINGS,
      company: { ...company, taxRegistrationId: ' 12 34 567 890 123 ' },
      vat: { liableToVat: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().company.taxRegistrationId).toBe('1234567890123');
    const c = await ctx.inject({ method: 'POST', url: '/v1/customers', headers: account.headers, payload: BUSINESS_CUSTOMER });
    const draft = await ctx.inject({
      method: 'POST',
      url: '/v1/saleinvoices',
      headers: account.headers,
      payload: { customerId: c.json().id, date: today, lines: LINES },
    });
    expect(draft.json()).toMatchObject({ taxAmount: 0, vatNote: 'TVA non applicable, art. 293 B du CGI' });
    const after = await ctx.inject({
      method: 'POST',
      url: `/v1/saleinvoices/checkeinvoicing/${draft.json().id}`,
      headers: account.headers,
    });
    expect(after.json()).toEqual({ isValid: true, findings: [] });
  });

  it('the OpenAPI document declares EInvoicingCheckResult', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/openapi.json' });
    if (res.statusCode !== 200) return;
    expect(JSON.stringify(res.json())).toContain('EInvoicingCheckResult');
  });
});

describeEachDb(
  'e-invoicing conformance check disabled',
  (ctx) => {
    it('answers 501 Error when EINVOICING_CHECK=off', async () => {
      const { account, customerId } = await setUpSeller(ctx);
      const draft = await ctx.inject({
        method: 'POST',
        url: '/v1/salecredits',
        headers: account.headers,
        payload: { customerId, date: today, lines: LINES },
      });
      const res = await ctx.inject({ method: 'POST', url: `/v1/salecredits/checkeinvoicing/${draft.json().id}`, headers: account.headers });
      expect(res.statusCode).toBe(501);
      expect(res.json()).toEqual({ message: expect.stringMatching(/disabled/), errors: [expect.any(String)] });
    });
  },
  { EINVOICING_CHECK: 'off' },
);

// A tiny external validator on 127.0.0.1: answers what `reply` says, records what it received.
// describeEachDb reads its env when its own beforeAll runs, after this file's beforeAll set the URL.
const validatorEnv: NodeJS.ProcessEnv = {};
let server: Server;
let port = 0;
let reply: (req: IncomingMessage, body: string) => { status: number; body: string; delayMs?: number } = () => ({
  status: 200,
  body: '{"findings":[]}',
});
const received: { contentType: string | undefined; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ contentType: req.headers['content-type'], body });
      const answer = reply(req, body);
      setTimeout(() => res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body), answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  validatorEnv.EINVOICING_VALIDATOR_URL = `http://127.0.0.1:${port}/validate`;
});
afterAll(async () => {
  await new Promise<void>((resolve) =>
    server.close(() => {
      resolve();
    }),
  );
});

describeEachDb(
  'external e-invoicing validator',
  (ctx) => {
    let a: TestAccount;
    let draftId: number;
    beforeAll(async () => {
      let customerId: number;
      ({ account: a, customerId } = await setUpSeller(ctx));
      draftId = (
        await ctx.inject({ method: 'POST', url: '/v1/salecredits', headers: a.headers, payload: { customerId, date: today, lines: LINES } })
      ).json().id;
    });
    const check = () => ctx.inject({ method: 'POST', url: `/v1/salecredits/checkeinvoicing/${draftId}`, headers: a.headers });

    it('posts the CII XML and maps the findings it answers', async () => {
      received.length = 0;
      reply = () => ({
        status: 200,
        body: JSON.stringify({
          findings: [
            {
              ruleId: 'BR-CO-15',
              severity: 'Error',
              message: 'Totals do not add up',
              businessTerm: 'BT-112',
              location: '/rsm:CrossIndustryInvoice',
            },
            { ruleId: 'BR-FR-12', severity: 'Warning', message: 'Adresse électronique', businessTerm: null, location: null },
          ],
        }),
      });
      const res = await check();
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        isValid: false,
        findings: [
          {
            ruleId: 'BR-CO-15',
            severity: 'Error',
            message: 'Totals do not add up',
            businessTerm: 'BT-112',
            location: '/rsm:CrossIndustryInvoice',
          },
          { ruleId: 'BR-FR-12', severity: 'Warning', message: 'Adresse électronique', businessTerm: null, location: null },
        ],
      });
      expect(received).toHaveLength(1);
      expect(received[0].contentType).toBe('application/xml');
      expect(received[0].body).toMatch(/^<\?xml[^>]*\?>\s*<rsm:CrossIndustryInvoice/);
    });

    it('an empty findings list is valid', async () => {
      reply = () => ({ status: 200, body: '{"findings":[]}' });
      expect((await check()).json()).toEqual({ isValid: true, findings: [] });
    });

    it('an EN 16931 warning alone leaves the document valid; a French rule shown as a warning does not, as with the built-in check', async () => {
      const enWarning = { ruleId: 'BR-CL-10', severity: 'Warning', message: 'advice', businessTerm: null, location: null };
      reply = () => ({ status: 200, body: JSON.stringify({ findings: [enWarning] }) });
      expect((await check()).json()).toEqual({ isValid: true, findings: [enWarning] });
      const frWarning = { ruleId: 'BR-FR-12_BT-49', severity: 'Warning', message: 'BT-49', businessTerm: null, location: null };
      reply = () => ({ status: 200, body: JSON.stringify({ findings: [frWarning] }) });
      expect((await check()).json()).toEqual({ isValid: false, findings: [frWarning] });
    });

    it('a validator that fails or answers nonsense is a 503 Error, never a verdict', async () => {
      for (const answer of [
        { status: 500, body: 'boom' },
        { status: 200, body: 'not json' },
        { status: 200, body: '{"findings":[{"ruleId":1}]}' },
      ]) {
        reply = () => answer;
        const res = await check();
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ message: expect.stringMatching(/validator is unavailable/), errors: [expect.any(String)] });
      }
    });
  },
  validatorEnv,
);

describeEachDb(
  'unreachable e-invoicing validator',
  (ctx) => {
    it('is a 503 Error', async () => {
      const { account, customerId } = await setUpSeller(ctx);
      const draft = await ctx.inject({
        method: 'POST',
        url: '/v1/saleinvoices',
        headers: account.headers,
        payload: { customerId, date: today, lines: LINES },
      });
      const res = await ctx.inject({
        method: 'POST',
        url: `/v1/saleinvoices/checkeinvoicing/${draft.json().id}`,
        headers: account.headers,
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/could not be reached/);
    });
  },
  { EINVOICING_VALIDATOR_URL: 'http://127.0.0.1:1/validate' },
);
