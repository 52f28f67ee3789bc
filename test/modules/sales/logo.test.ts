// Rendering never trusts stored logo bytes: a logo stored before uploads were re-encoded (written
// here straight into the database) that PDFKit cannot decode is left out of the PDF, with a
// warning in the log, and the process keeps serving. Before, PDFKit's PNG decoder threw inside a
// zlib callback and the process exited; a finalized document frozen with such a logo crashed it
// again on every first download.
import { beforeAll, expect, it, vi } from 'vitest';
import { describeEachDb, type TestAccount, type TestContext } from '../../helpers/harness.js';
import { corruptIdatPng, declaredHugePng, png } from '../../helpers/png.js';
import { salesClient, simpleLine } from '../../helpers/sales.js';
import { setUpSeller } from './documents.fixtures.js';

/** Makes `content` the account's current logo as an older version would have stored it: unchecked. */
async function storeLegacyLogo(ctx: TestContext, accountId: number, content: Buffer, token: string): Promise<void> {
  const db = ctx.db.kysely;
  await db
    .updateTable('settings')
    .set({ logo: content, logoContentType: 'image/png', logoToken: token })
    .where('accountId', '=', accountId)
    .execute();
  await db
    .insertInto('logoVersions')
    .values({ token, accountId, contentType: 'image/png', content, createdAt: new Date().toISOString() })
    .execute();
}

const IMAGE_XOBJECT = '/Subtype /Image';

describeEachDb('a stored logo that cannot be rendered', (ctx) => {
  let a: TestAccount;
  beforeAll(async () => {
    ({ account: a } = await setUpSeller(ctx));
  });

  const download = (kind: 'saleinvoices' | 'salecredits', id: number) =>
    ctx.inject({ method: 'GET', url: `/v1/${kind}/download/${id}`, headers: a.headers });

  it('a valid logo is drawn in the PDF (the check below would otherwise prove nothing)', async () => {
    const sales = salesClient(ctx, a);
    await sales.settings({ company: { logoUri: `data:image/png;base64,${png(40, 20).toString('base64')}` } });
    const draft = await sales.draft('Invoice', { customerId: await sales.customer(), lines: [simpleLine()] });
    const res = await download('saleinvoices', draft.id);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.toString('latin1')).toContain(IMAGE_XOBJECT);
  });

  it('a large logo reaches PDFKit re-encoded and shrunk to 4 pixels per point of its 170×52 pt box', async () => {
    const sales = salesClient(ctx, a);
    await sales.settings({ company: { logoUri: `data:image/png;base64,${png(2000, 600).toString('base64')}` } });
    const draft = await sales.draft('Invoice', { customerId: await sales.customer(), lines: [simpleLine()] });
    const pdf = (await download('saleinvoices', draft.id)).rawPayload.toString('latin1');
    expect(pdf).toMatch(/\/Subtype \/Image\n\/BitsPerComponent 8\n\/Width 680\n\/Height 204\n/);
    expect(pdf).not.toContain('/Width 2000');
  });

  for (const [name, bytes] of [
    ['a corrupt IDAT', corruptIdatPng()],
    ['70000×70000 declared pixels', declaredHugePng()],
  ] as const) {
    it(`with ${name}: drafts and finalized documents download without the logo, a warning is logged, /healthz still answers`, async () => {
      const sales = salesClient(ctx, a);
      const customerId = await sales.customer();
      const draft = await sales.draft('Invoice', { customerId, lines: [simpleLine()] });
      const warn = vi.spyOn(ctx.app.log, 'warn');
      try {
        await storeLegacyLogo(ctx, a.accountId, bytes, `legacy-${name.length}-${draft.id}`);
        // Finalized with the bad logo frozen into its snapshot, as after a restart of an older version.
        const invoice = await sales.finalized('Invoice', { customerId, lines: [simpleLine()] });

        const draftPdf = await download('saleinvoices', draft.id);
        expect(draftPdf.statusCode).toBe(200);
        expect(draftPdf.headers['content-type']).toBe('application/pdf');
        expect(draftPdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        expect(draftPdf.rawPayload.toString('latin1')).not.toContain(IMAGE_XOBJECT);

        const finalPdf = await download('saleinvoices', invoice.id);
        expect(finalPdf.statusCode).toBe(200);
        expect(finalPdf.rawPayload.toString('latin1')).not.toContain(IMAGE_XOBJECT);
        // Stored on first download: the second answers the same bytes.
        expect((await download('saleinvoices', invoice.id)).rawPayload.equals(finalPdf.rawPayload)).toBe(true);

        const warnings = warn.mock.calls.map((call) => JSON.stringify(call));
        expect(warnings.some((w) => w.includes('logo') && w.includes(`"accountId":${a.accountId}`))).toBe(true);
        // Let any stray callback of the PDF library run before asking whether the app still answers.
        await new Promise((resolve) => setTimeout(resolve, 50));
        const health = await ctx.inject({ method: 'GET', url: '/healthz' });
        expect(health.statusCode).toBe(200);
        expect(health.json()).toEqual({ status: 'ok' });
      } finally {
        warn.mockRestore();
      }
    });
  }
});
