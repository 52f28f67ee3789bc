// How sale-document snapshots are stored: deflated into a BLOB on SQLite, JSON text on PostgreSQL;
// rows stored as text before the change still read, and the audit chain still verifies.
import { inflateRawSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { verifyAuditTrail } from '../../src/modules/sales/index.js';
import { describeEachDb, type TestAccount } from '../helpers/harness.js';
import { salesClient, simpleLine } from '../helpers/sales.js';

describeEachDb('sale-document snapshot storage', (ctx) => {
  const stored = async (id: number) =>
    (await ctx.db.kysely.selectFrom('saleDocumentData').select('data').where('documentId', '=', id).executeTakeFirstOrThrow()).data;

  it('stores the snapshot compactly on SQLite and as JSON text on PostgreSQL, and reads it back whole', async () => {
    const a: TestAccount = await ctx.newAccount();
    const api = salesClient(ctx, a);
    const lines = Array.from({ length: 10 }, (_, i) => ({ ...simpleLine(10 + i), description: `Prestation de conseil n° ${i + 1}` }));
    const draft = await api.draft('Invoice', { customerName: 'Boulangerie Dupont', lines });
    const raw = await stored(draft.id);
    let json: string;
    if (ctx.dialect === 'sqlite') {
      expect(raw).toBeInstanceOf(Uint8Array);
      json = inflateRawSync(raw).toString('utf8');
      expect((raw as Uint8Array).length).toBeLessThan(json.length / 3);
    } else {
      expect(typeof raw).toBe('string');
      json = raw as string;
    }
    expect(JSON.parse(json)).toMatchObject({
      customerName: 'Boulangerie Dupont',
      lines: expect.arrayContaining([expect.objectContaining({ description: 'Prestation de conseil n° 10' })]),
    });
    const read = await ctx.inject({ method: 'GET', url: `/v1/saleinvoices/${draft.id}`, headers: a.headers });
    expect(read.json()).toEqual(draft);
  });

  it('reads a snapshot stored as plain JSON text (rows written before compression), also in lists and the audit', async () => {
    const a = await ctx.newAccount();
    const api = salesClient(ctx, a);
    const fin = await api.finalized('Invoice', { customerName: 'Ancien format', lines: [simpleLine(100)] });
    const json = ctx.dialect === 'sqlite' ? inflateRawSync(await stored(fin.id)).toString('utf8') : ((await stored(fin.id)) as string);
    await ctx.db.kysely.updateTable('saleDocumentData').set({ data: json }).where('documentId', '=', fin.id).execute();
    expect(typeof (await stored(fin.id))).toBe('string');
    expect((await ctx.inject({ method: 'GET', url: `/v1/saleinvoices/${fin.id}`, headers: a.headers })).json()).toEqual(fin);
    const list = await ctx.inject({ method: 'GET', url: '/v1/saleinvoices', headers: a.headers });
    expect(list.json()).toEqual([fin]);
    const reports = await verifyAuditTrail(ctx.db.kysely, ctx.keyring, a.accountId);
    expect(reports.find((r) => r.kind === 'Invoice')).toMatchObject({ documents: 1, ok: true, broken: null });
  });
});
