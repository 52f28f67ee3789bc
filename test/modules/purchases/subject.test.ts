// A purchase invoice's subject has one length limit, 200 characters, wherever it is written: an
// upload's subject (the file's name) is cut to it, PUT refuses more, and what GET answers can be
// PUT back as it is, also for a subject an earlier version stored longer.
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestAccount } from '../../helpers/harness.js';
import { BOUNDARY, multipart } from '../../helpers/multipart.js';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

describeEachDb('purchase invoice subject: one limit everywhere', (ctx) => {
  let a: TestAccount;
  beforeAll(async () => {
    a = await ctx.newAccount();
  });

  const upload = async (filename: string) => {
    const res = await ctx.inject({
      method: 'POST',
      url: '/v1/purchaseinvoices/file',
      headers: { ...a.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart([{ name: 'file', filename, type: 'application/pdf', content: PDF }]),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: number; subject: string }>();
  };
  const get = async (id: number) =>
    (await ctx.inject({ method: 'GET', url: `/v1/purchaseinvoices/${id}`, headers: a.headers })).json<{
      subject: string;
      reference: string | null;
    }>();
  const put = (id: number, payload: object) =>
    ctx.inject({ method: 'PUT', url: `/v1/purchaseinvoices/${id}`, headers: a.headers, payload });

  it('cuts the subject of an upload named with 10,004 characters to 200, between characters', async () => {
    // Astral characters (two UTF-16 units each) across the cut: it must not split one.
    const name = `${'é'.repeat(150)}${'💶'.repeat(100)}${'x'.repeat(9750)}.pdf`;
    expect(Array.from(name)).toHaveLength(10_004);
    const created = await upload(name);
    expect(Array.from(created.subject)).toHaveLength(200);
    expect(created.subject).toBe(`${'é'.repeat(150)}${'💶'.repeat(50)}`);
    const read = await get(created.id);
    expect(read.subject).toBe(created.subject);
    const back = await put(created.id, { subject: read.subject, reference: 'F-1' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<{ subject: string }>().subject).toBe(created.subject);
  });

  it('PUT accepts 200 characters and refuses 201, naming subject', async () => {
    const created = await upload('court.pdf');
    expect((await put(created.id, { subject: '💶'.repeat(200) })).statusCode).toBe(200);
    const refused = await put(created.id, { subject: 'a'.repeat(201) });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('subject');
  });

  it('reads a subject stored longer by an earlier version cut to 200, so that it can be written back', async () => {
    const created = await upload('ancien.pdf');
    const long = 'y'.repeat(10_004);
    const row = await ctx.db.kysely.selectFrom('purchaseInvoices').select('data').where('id', '=', created.id).executeTakeFirstOrThrow();
    const data = { ...(JSON.parse(row.data) as Record<string, unknown>), subject: long };
    await ctx.db.kysely
      .updateTable('purchaseInvoices')
      .set({ data: JSON.stringify(data) })
      .where('id', '=', created.id)
      .execute();
    const read = await get(created.id);
    expect(read.subject).toBe('y'.repeat(200));
    const list = await ctx.inject({ method: 'GET', url: '/v1/purchaseinvoices?query=ancien', headers: a.headers });
    expect(list.statusCode).toBe(200);
    const back = await put(created.id, { subject: read.subject });
    expect(back.statusCode, back.body).toBe(200);
    // A PUT that leaves the subject out keeps it within the limit as well.
    const other = await put(created.id, { reference: 'R-2' });
    expect(other.json<{ subject: string }>().subject).toBe('y'.repeat(200));
  });
});
