// The sandbox platform (facturier pa-sandbox) as an integrator meets it: every answer checked here
// against the official OpenAPI documents too, the use cases played as CDAR flows, a repeated
// submission rejected as DOUBLON, bad requests refused with the Error schema, the directory.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkResponse, findOperation } from '../../src/afnor/api.js';
import { readCdar } from '../../src/einvoicing/cdar.js';
import { buildSandbox } from '../../src/sandbox/server.js';
import { SAMPLE_SUPPLIERS, supplierInvoiceCii } from '../../src/sandbox/supplier-invoices.js';
import { MULTIPART, multipart } from '../helpers/multipart.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = (await buildSandbox({ supplierInvoices: 2 })).app;
});
afterAll(() => app.close());

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A call to the Flow or Directory Service whose answer is checked against the OpenAPI document. */
async function call(method: 'GET' | 'POST', url: string, token: string | null, payload?: unknown, headers: Record<string, string> = {}) {
  const res = await app.inject({ method, url, headers: { ...(token ? auth(token) : {}), ...headers }, payload: payload as string });
  const api = url.startsWith('/flow-service') ? 'flow' : 'directory';
  const path = new URL(url, 'http://x').pathname.replace(/^\/(flow|directory)-service/, '');
  const op = findOperation(api, method, path)!;
  const type = res.headers['content-type'] ? String(res.headers['content-type']) : null;
  const body = type?.startsWith('application/json') ? res.json() : res.body || undefined;
  expect(
    checkResponse(api, op.operationId, res.statusCode, type, type?.startsWith('application/octet-stream') ? undefined : body),
    `${method} ${url}`,
  ).toEqual([]);
  return { res, body: body as Record<string, unknown> };
}

function invoiceXml(number: string) {
  return supplierInvoiceCii({
    supplier: SAMPLE_SUPPLIERS[1],
    buyer: { siren: '200000008', name: 'ACHETEUR' },
    number,
    issueDate: '2026-09-01',
    net: '500.00',
    description: 'Audit',
  });
}

function submit(token: string, xml: string, flowInfo: Record<string, unknown> = {}) {
  const sha256 = createHash('sha256').update(xml).digest('hex');
  const body = multipart([
    {
      name: 'flowInfo',
      type: 'application/json',
      content: JSON.stringify({ flowSyntax: 'CII', flowProfile: 'CIUS', sha256, ...flowInfo }),
    },
    { name: 'file', filename: 'invoice.xml', type: 'application/xml', content: xml },
  ]);
  return call('POST', '/flow-service/v1/flows', token, body, { 'content-type': MULTIPART });
}

async function statusesOf(token: string, number: string) {
  const { body } = await call('POST', '/flow-service/v1/flows/search', token, {
    where: { flowType: ['CustomerInvoiceLC'], flowDirection: ['In'] },
    limit: 100,
  });
  const out: { code: string; statusAt: string; reason: string | null }[] = [];
  for (const flow of body.results as { flowId: string }[]) {
    const { res } = await call('GET', `/flow-service/v1/flows/${flow.flowId}?docType=Original`, token);
    const read = readCdar(res.body);
    if (!read.ok) throw new Error(read.problems.join('; '));
    const ref = read.message.references[0];
    if (ref.invoiceNumber === number)
      out.push({ code: ref.code, statusAt: read.message.statusAt!, reason: ref.details[0]?.reasonCode ?? null });
  }
  return out;
}

describe('the sandbox Flow Service', () => {
  it('answers its healthcheck, and 401 with the Error schema without a token', async () => {
    expect((await call('GET', '/flow-service/v1/healthcheck', null)).res.statusCode).toBe(200);
    const { res, body } = await call('POST', '/flow-service/v1/flows/search', null, { where: { flowDirection: ['In'] } });
    expect(res.statusCode).toBe(401);
    expect(body).toEqual({ errorCode: 'MISSING_TOKEN', errorMessage: 'a bearer token is required' });
  });

  it('plays UC1 for a submitted invoice: 200 202 203 204 205 211 as CDAR flows, dated a second apart', async () => {
    const { res, body } = await submit('uc1', invoiceXml('F-UC1-1'), { trackingId: 'track-1' });
    expect(res.statusCode).toBe(202);
    expect(body).toMatchObject({ trackingId: 'track-1', flowSyntax: 'CII', flowProfile: 'CIUS' });
    const statuses = await statusesOf('uc1', 'F-UC1-1');
    expect(statuses.map((s) => s.code)).toEqual(['200', '202', '203', '204', '205', '211']);
    expect(Date.parse(statuses[1].statusAt) - Date.parse(statuses[0].statusAt)).toBe(1000);
    const meta = await call('GET', `/flow-service/v1/flows/${body.flowId as string}`, 'uc1');
    expect(meta.body).toMatchObject({ flowDirection: 'Out', flowType: 'CustomerInvoice', acknowledgement: { status: 'Ok' } });
  });

  it('plays UC3 (refused with a reason) when told to, and rejects a second submission of the same invoice as DOUBLON', async () => {
    await app.inject({ method: 'PUT', url: '/sandbox/behaviour', headers: auth('uc3'), payload: { useCase: 'UC3' } });
    await submit('uc3', invoiceXml('F-UC3-1'));
    expect((await statusesOf('uc3', 'F-UC3-1')).map((s) => `${s.code}${s.reason ? `/${s.reason}` : ''}`)).toEqual([
      '200',
      '202',
      '203',
      '210/TX_TVA_ERR',
    ]);
    await submit('uc3', invoiceXml('F-UC3-1'));
    expect((await statusesOf('uc3', 'F-UC3-1')).map((s) => s.code)).toEqual(['200', '202', '203', '210', '213']);
  });

  it('pages with updatedAfter: no flow skipped, none twice', async () => {
    await submit('pages', invoiceXml('F-P-1'));
    await submit('pages', invoiceXml('F-P-2'));
    const seen: string[] = [];
    let after = '2000-01-01T00:00:00.000Z';
    for (;;) {
      const { body } = await call('POST', '/flow-service/v1/flows/search', 'pages', {
        where: { updatedAfter: after, flowDirection: ['In'] },
        limit: 5,
      });
      const results = body.results as { flowId: string; updatedAt: string }[];
      if (!results.length) break;
      seen.push(...results.map((r) => r.flowId));
      after = results.at(-1)!.updatedAt;
    }
    expect(seen).toHaveLength(14);
    expect(new Set(seen).size).toBe(14);
  });

  it('refuses a request that does not conform, naming what is wrong', async () => {
    const bad = multipart([
      { name: 'flowInfo', content: JSON.stringify({ flowSyntax: 'PDF', sha256: 'xyz' }) },
      { name: 'file', filename: 'a.xml', content: '<a/>' },
    ]);
    const { res, body } = await call('POST', '/flow-service/v1/flows', 'bad', bad, { 'content-type': MULTIPART });
    expect(res.statusCode).toBe(400);
    expect(body.errorMessage).toContain('flowSyntax must be equal to one of the allowed values');
    expect(body.errorMessage).toContain('sha256 must match pattern');
    const search = await call('POST', '/flow-service/v1/flows/search', 'bad', { where: {} });
    expect(search.res.statusCode).toBe(400);
    expect(search.body.errorCode).toBe('MISSING_CRITERION');
    const mismatch = await submit('bad', invoiceXml('F-B-1'), { sha256: 'a'.repeat(64) });
    expect(mismatch.res.statusCode).toBe(422);
    expect(mismatch.body.errorCode).toBe('ChecksumMismatch');
    expect((await call('GET', '/flow-service/v1/flows/nope', 'bad')).res.statusCode).toBe(404);
  });

  it('fails on demand (503), and can accept a flow and lose its answer', async () => {
    await app.inject({ method: 'POST', url: '/sandbox/faults', headers: auth('faults'), payload: { status: 503 } });
    expect((await submit('faults', invoiceXml('F-F-1'), { trackingId: 't1' })).res.statusCode).toBe(503);
    await app.inject({ method: 'POST', url: '/sandbox/faults', headers: auth('faults'), payload: { status: 503, afterAccept: true } });
    expect((await submit('faults', invoiceXml('F-F-1'), { trackingId: 't1' })).res.statusCode).toBe(503);
    const found = await call('POST', '/flow-service/v1/flows/search', 'faults', { where: { trackingId: 't1' } });
    expect((found.body.results as unknown[]).length).toBe(1);
  });

  it('holds supplier invoices to receive', async () => {
    const { body } = await call('POST', '/flow-service/v1/flows/search', 'inbox', { where: { flowType: ['SupplierInvoice'] } });
    const results = body.results as { flowId: string; flowSyntax: string; flowDirection: string }[];
    expect(results).toHaveLength(2);
    expect(results[0]).toMatchObject({ flowSyntax: 'CII', flowDirection: 'In' });
    const file = await call('GET', `/flow-service/v1/flows/${results[0].flowId}?docType=Original`, 'inbox');
    expect(file.res.body).toContain('<rsm:CrossIndustryInvoice');
  });
});

describe('the sandbox reading Factur-X flows', () => {
  it('reads the CII a Factur-X PDF embeds and plays its use case; a PDF without one, or not a PDF, is acknowledged Error', async () => {
    const pdf = readFileSync(new URL('../fixtures/purchases-corpus/fnfe-facture-fr-basicwl.pdf', import.meta.url));
    const send = (bytes: Buffer, name: string) =>
      call(
        'POST',
        '/flow-service/v1/flows',
        'facturx',
        multipart([
          {
            name: 'flowInfo',
            type: 'application/json',
            content: JSON.stringify({
              flowSyntax: 'Factur-X',
              flowProfile: 'Basic',
              sha256: createHash('sha256').update(bytes).digest('hex'),
            }),
          },
          { name: 'file', filename: name, type: 'application/pdf', content: bytes },
        ]),
        { 'content-type': MULTIPART },
      );
    const ok = await send(pdf, 'FA-2017-0010.pdf');
    expect(ok.res.statusCode).toBe(202);
    expect(ok.body).toMatchObject({ flowSyntax: 'Factur-X' });
    const ack = async (flowId: unknown) =>
      (await call('GET', `/flow-service/v1/flows/${flowId as string}`, 'facturx')).body.acknowledgement;
    expect(await ack(ok.body.flowId)).toEqual({ status: 'Ok' });
    expect((await statusesOf('facturx', 'FA-2017-0010')).map((s) => s.code)).toEqual(['200', '202', '203', '204', '205', '211']);
    // The flow's file is the PDF as sent.
    const file = await call('GET', `/flow-service/v1/flows/${String(ok.body.flowId)}?docType=Original`, 'facturx');
    expect(file.res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const plainPdf = await new Promise<Buffer>((resolve) => {
      const doc = new PDFDocument();
      const chunks: Buffer[] = [];
      doc.on('data', (c: Buffer) => {
        chunks.push(c);
      });
      doc.on('end', () => {
        resolve(Buffer.concat(chunks));
      });
      doc.text('Facture sans XML');
      doc.end();
    });
    const noXml = await send(plainPdf, 'x.pdf');
    expect(await ack(noXml.body.flowId)).toMatchObject({
      status: 'Error',
      details: [expect.objectContaining({ reasonMessage: expect.stringContaining('embeds none') })],
    });
    const notPdf = await send(Buffer.from('hello'), 'x.pdf');
    expect(await ack(notPdf.body.flowId)).toMatchObject({
      status: 'Error',
      details: [expect.objectContaining({ reasonMessage: expect.stringContaining('not a readable PDF') })],
    });
  });
});

describe('the sandbox webhook', () => {
  it('refuses a URL that is not http(s); announces each incoming flow, recording a receiver that is down', async () => {
    const put = (url: unknown) =>
      app.inject({ method: 'PUT', url: '/sandbox/webhook', headers: auth('hook'), payload: { url } as Record<string, unknown> });
    expect((await put('ftp://x')).statusCode).toBe(400);
    expect((await put('not a url')).statusCode).toBe(400);
    // Port 9 (discard) on loopback: nobody listens, the call fails and is recorded, nothing throws.
    expect((await put('http://127.0.0.1:9/hook')).statusCode).toBe(200);
    await submit('hook', invoiceXml('F-H-1'));
    const seen = (await app.inject({ method: 'GET', url: '/sandbox/webhook', headers: auth('hook') })).json();
    // UC1: six statuses published for the invoice, each announced once.
    expect(seen.url).toBe('http://127.0.0.1:9/hook');
    expect(seen.calls).toHaveLength(6);
    for (const c of seen.calls) expect(c).toMatchObject({ status: null, error: expect.any(String) });
    expect((await put(null)).statusCode).toBe(200);
    await submit('hook', invoiceXml('F-H-2'));
    expect((await app.inject({ method: 'GET', url: '/sandbox/webhook', headers: auth('hook') })).json().calls).toHaveLength(6);
  });
});

describe('the sandbox Directory Service', () => {
  it('finds a directory line by SIREN, and answers none for an unknown one', async () => {
    await app.inject({
      method: 'POST',
      url: '/sandbox/directory',
      payload: { siren: '732829320', name: 'Papeterie', addressingIdentifier: '732829320_FACT' },
    });
    const { body } = await call('POST', '/directory-service/v1/directory-line/search', 't', {
      filters: { siren: { op: 'contains', value: '732829320' } },
    });
    expect(body).toMatchObject({ totalNumberOfResults: 1, results: [{ siren: '732829320', addressingIdentifier: '732829320_FACT' }] });
    const none = await call('POST', '/directory-service/v1/directory-line/search', 't', {
      filters: { siren: { op: 'contains', value: '111111118' } },
    });
    expect(none.body).toMatchObject({ totalNumberOfResults: 0, results: [] });
    const bad = await call('POST', '/directory-service/v1/directory-line/search', 't', {
      filters: { siren: { op: 'strict', value: '732829320' } },
    });
    expect(bad.res.statusCode).toBe(400);
    expect((await call('GET', '/directory-service/v1/siren/code-insee:732829320', 't')).body).toMatchObject({ businessName: 'Papeterie' });
  });
});
