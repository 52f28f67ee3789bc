// The purchase upload is one use case: the supplier it creates and the purchase invoice are written
// in one transaction, so a failure after the supplier's insert leaves neither behind.
import { beforeAll, expect, it, vi } from 'vitest';
import { createFromFile } from '../../../src/modules/purchases/service.js';
import { buildCii } from '../../../src/rendering/cii.js';
import { baseInvoice, buyerBusinessFR, sellerFR } from '../../fixtures/einvoicing/documents.js';
import { describeEachDb, type TestAccount } from '../../helpers/harness.js';

vi.mock('../../../src/modules/purchases/repo.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/modules/purchases/repo.js')>();
  return {
    ...original,
    insertPurchase: async (...args: Parameters<typeof original.insertPurchase>) => {
      if (args[1].reference === 'FAIL-AFTER-SUPPLIER') throw new Error('disk full while writing the purchase');
      return original.insertPurchase(...args);
    },
  };
});

const cii = (number: string, name: string) =>
  Buffer.from(buildCii(baseInvoice({ seller: { ...sellerFR, name }, buyer: buyerBusinessFR, number })));

describeEachDb('purchase upload atomicity', (ctx) => {
  let a: TestAccount;
  const suppliersNamed = async (name: string) =>
    (await ctx.inject({ method: 'GET', url: '/v1/suppliers', headers: a.headers })).json().filter((s: { name: string }) => s.name === name);
  const purchaseCount = async () =>
    Number(
      (
        await ctx.db.kysely
          .selectFrom('purchaseInvoices')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('accountId', '=', a.accountId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    a = await ctx.newAccount('Atelier Facturier SAS');
  });

  it('a failure after the new supplier was inserted leaves no supplier and no purchase', async () => {
    const upload = createFromFile({ db: ctx.db, publicUrl: null, workers: ctx.workers }, a.accountId, {
      content: cii('FAIL-AFTER-SUPPLIER', 'Menuiserie Perrin SARL'),
      fileName: 'f.xml',
    });
    await expect(upload).rejects.toThrow('disk full while writing the purchase');
    expect(await suppliersNamed('Menuiserie Perrin SARL')).toEqual([]);
    expect(await purchaseCount()).toBe(0);
  });

  it('the same upload without the failure writes both', async () => {
    const purchase = await createFromFile({ db: ctx.db, publicUrl: null, workers: ctx.workers }, a.accountId, {
      content: cii('MP-2024-001', 'Menuiserie Perrin SARL'),
      fileName: 'f.xml',
    });
    const [supplier] = await suppliersNamed('Menuiserie Perrin SARL');
    expect(purchase.supplier?.id).toBe(supplier.id);
    expect(await purchaseCount()).toBe(1);
  });
});
