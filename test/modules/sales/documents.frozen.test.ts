// A finalized document's PDF is rendered on first download from the snapshot frozen at
// finalization: later changes of the account's identity, payment means or logo never reach it.
import { beforeAll, expect, it } from 'vitest';
import { todayIn } from '../../../src/domain/dates.js';
import { issuedInputOf, logoForPdf } from '../../../src/modules/sales/files.js';
import { issuedDocument } from '../../../src/modules/sales/issued.js';
import { getDocument } from '../../../src/modules/sales/repo.js';
import { describeEachDb, type TestAccount } from '../../helpers/harness.js';
import { LINES, setUpSeller } from './documents.fixtures.js';

const today = todayIn('Europe/Paris');
// Two different valid 1×1 PNG images.
const LOGO_A = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const LOGO_B = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describeEachDb('finalized documents keep what they were issued with', (ctx) => {
  let a: TestAccount;
  let customerId: number;
  beforeAll(async () => {
    ({ account: a, customerId } = await setUpSeller(ctx));
  });

  const putSettings = async (payload: object) => {
    const res = await ctx.inject({ method: 'PUT', url: '/v1/settings', headers: a.headers, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** The stored (re-encoded) bytes of the logo the settings point at. */
  const logoBytes = async (settings: { company: { logoUri: string } }) =>
    (await ctx.inject({ method: 'GET', url: settings.company.logoUri })).rawPayload;

  it('renders, on first download after the account changed, the logo, name and payment means frozen at finalization', async () => {
    const logoA = await logoBytes(
      await putSettings({ company: { logoUri: `data:image/png;base64,${LOGO_A}` }, sales: { paymentMethod: 'Transfer' } }),
    );
    const draft = await ctx.inject({
      method: 'POST',
      url: '/v1/saleinvoices',
      headers: a.headers,
      payload: { customerId, date: today, lines: LINES },
    });
    const id = draft.json().id;
    expect((await ctx.inject({ method: 'POST', url: `/v1/saleinvoices/finalize/${id}`, headers: a.headers })).statusCode).toBe(200);

    const logoB = await logoBytes(
      await putSettings({
        company: { name: 'Renamed SAS', logoUri: `data:image/png;base64,${LOGO_B}` },
        sales: { paymentMethod: 'Check' },
      }),
    );
    expect(logoB.equals(logoA)).toBe(false);

    const row = (await getDocument(ctx.db.kysely, a.accountId, 'Invoice', id))!;
    const doc = issuedDocument(await issuedInputOf({ db: ctx.db }, a.accountId, 'Invoice', row));
    // The logo as drawn: the stored one decoded and re-encoded for the PDF.
    const drawnA = Buffer.from((await logoForPdf(logoA))!);
    const drawnB = Buffer.from((await logoForPdf(logoB))!);
    expect(drawnA.equals(drawnB)).toBe(false);
    expect(Buffer.from(doc.logo!).equals(drawnA)).toBe(true);
    expect(doc.seller.name).toBe('Atelier Facturier SAS');
    expect(doc.payment.meansCode).toBe('58');

    // A draft, by contrast, shows the account as it is now.
    const other = await ctx.inject({
      method: 'POST',
      url: '/v1/saleinvoices',
      headers: a.headers,
      payload: { customerId, date: today, lines: LINES },
    });
    const draftRow = (await getDocument(ctx.db.kysely, a.accountId, 'Invoice', other.json().id))!;
    const draftDoc = issuedDocument(await issuedInputOf({ db: ctx.db }, a.accountId, 'Invoice', draftRow));
    expect(Buffer.from(draftDoc.logo!).equals(drawnB)).toBe(true);
    expect(draftDoc.seller.name).toBe('Renamed SAS');
  });

  it('stores the PDF on first download and serves the same bytes afterwards', async () => {
    const draft = await ctx.inject({
      method: 'POST',
      url: '/v1/saleinvoices',
      headers: a.headers,
      payload: { customerId, date: today, lines: LINES },
    });
    const id = draft.json().id;
    await ctx.inject({ method: 'POST', url: `/v1/saleinvoices/finalize/${id}`, headers: a.headers });
    const before = await ctx.db.kysely.selectFrom('documentFiles').select('documentId').where('documentId', '=', id).executeTakeFirst();
    expect(before).toBeUndefined();
    const first = await ctx.inject({ method: 'GET', url: `/v1/saleinvoices/download/${id}`, headers: a.headers });
    await putSettings({ company: { name: 'Third Name SAS' } });
    const second = await ctx.inject({ method: 'GET', url: `/v1/saleinvoices/download/${id}`, headers: a.headers });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const stored = await ctx.db.kysely.selectFrom('documentFiles').select('sha256').where('documentId', '=', id).executeTakeFirstOrThrow();
    expect(stored.sha256).toMatch(/^[0-9a-f]{64}$/);
  });
});

describeEachDb('a finalized document changed behind the application', (ctx) => {
  it('is not rendered into the stored PDF: its first download is refused (409) and nothing is stored', async () => {
    const a = await ctx.newAccount('Faux SAS');
    const headers = a.headers;
    const draft = await ctx.inject({
      method: 'POST',
      url: '/v1/saleinvoices',
      headers,
      payload: { customerName: 'Dupont', lines: [{ description: 'X', quantity: 1, taxExcludedPrice: 100, vat: { rate: 20 } }] },
    });
    const fin = await ctx.inject({ method: 'POST', url: `/v1/saleinvoices/finalize/${draft.json().id}`, headers });
    const { id, number } = fin.json();
    await ctx.db.kysely.updateTable('saleDocuments').set({ customerName: 'Durand' }).where('id', '=', id).execute();
    const refused = await ctx.inject({ method: 'GET', url: `/v1/saleinvoices/download/${id}`, headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain(
      `Invoice ${id} (${number}) does not match the audit trail: customerName is Durand in the database, but Dupont was sealed`,
    );
    const stored = await ctx.db.kysely.selectFrom('documentFiles').select('documentId').where('documentId', '=', id).execute();
    expect(stored).toEqual([]);
    await ctx.db.kysely.updateTable('saleDocuments').set({ customerName: 'Dupont' }).where('id', '=', id).execute();
    const pdf = await ctx.inject({ method: 'GET', url: `/v1/saleinvoices/download/${id}`, headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });
});
