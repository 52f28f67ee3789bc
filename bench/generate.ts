// Data generators: they write through the same services the API uses (customers) or, for a
// million invoices, through the sales repository with documents computed by the domain code.
import Big from 'big.js';
import type { Db } from '../src/db/connection.js';
import { customers } from '../src/modules/customers/service.js';
import { addDays } from '../src/domain/dates.js';
import { formatDocumentNumber, sequenceScope } from '../src/domain/numbering.js';
import { composeDocument } from '../src/modules/sales/compose.js';
import { encodeDocument, type StoredDocument } from '../src/modules/sales/document.js';
import type { Keyring } from '../src/modules/audit/index.js';
import { documentView, nextEntry, sealSnapshot, type ChainHead, type EntryInput } from '../src/modules/sales/audit.js';
import { insertDocuments, type AuditEntryRow, type DocumentRow, type NewDocumentRow } from '../src/modules/sales/repo.js';
import type { DocumentInputT } from '../src/modules/sales/schemas.js';
import { getAccountSettings } from '../src/modules/settings/service.js';
import { customerInput, pick, rng } from './data.js';
import { progress } from './lib.js';

export async function generateCustomers(db: Db, accountId: number, count: number): Promise<number[]> {
  const random = rng(7);
  const ids: number[] = [];
  for (let i = 1; i <= count; i++) {
    ids.push((await customers.create(db, accountId, customerInput(random, i))).value.id);
    if (i % 1000 === 0 || i === count) progress('customers', i, count);
  }
  return ids;
}

/**
 * A million invoices: 1,000 distinct contents (1 to 20 lines, computed by the domain code through
 * the same composition as the API), spread over customers and dates, inserted in batches.
 * 10 % are drafts; the others are finalized in date order with gapless numbers and their audit
 * trail as the server writes it (a `finalized` entry, sealed with `keyring`); 60 % of those are
 * paid (a `settled` entry).
 */
export async function generateInvoices(db: Db, keyring: Keyring, accountId: number, customerIds: number[], count: number): Promise<void> {
  const random = rng(11);
  const settings = await getAccountSettings(db.kysely, accountId);
  const templates: StoredDocument[] = [];
  for (let t = 0; t < 1000; t++) {
    const lineCount = 1 + Math.floor(random() * 20);
    const lines = Array.from({ length: lineCount }, (_, i) => ({
      type: random() < 0.5 ? 'Product' : 'Service',
      description: `${pick(random, ['Prestation', 'Fourniture', 'Maintenance', 'Formation', 'Licence'])} ${i + 1}`,
      quantity: 1 + Math.floor(random() * 10),
      taxExcludedPrice: Math.round(random() * 100_000) / 100,
      vat: { rate: pick(random, [20, 20, 20, 10, 5.5]) },
    }));
    templates.push(
      await composeDocument({ db: db.kysely, accountId, kind: 'Invoice', settings, timezone: 'Europe/Paris' }, {
        customerName: 'template',
        lines,
      } as DocumentInputT),
    );
  }
  const customers = new Map(
    await Promise.all(customerIds.slice(0, 10_000).map(async (id) => [id, await customerSnapshot(db, accountId, id)] as const)),
  );
  const ids = [...customers.keys()];
  const start = Date.parse('2024-01-01T00:00:00Z');
  const span = Date.now() - 86_400_000 - start;
  const pattern = settings.numbering.invoicePattern;
  const scopes = new Map<string, number>();
  const head: ChainHead = { accountId, kind: 'Invoice', lastDate: null, seq: 0, mac: null, keyId: null };
  let seq = 0;
  const batchSize = 250;
  for (let done = 0; done < count;) {
    await db.kysely.transaction().execute(async (trx) => {
      for (let b = 0; b < 20 && done < count; b++) {
        const rows: NewDocumentRow[] = [];
        const paidStates: boolean[] = [];
        for (let i = 0; i < batchSize && done < count; i++, done++) {
          const date = new Date(start + Math.floor((span * done) / count)).toISOString().slice(0, 10);
          const customerId = pick(random, ids);
          const c = customers.get(customerId)!;
          const template = pick(random, templates);
          const draft = random() < 0.1;
          const data: StoredDocument = {
            ...template,
            ...c,
            customerId,
            date,
            dueDate: addDays(date, 30),
            commitments: [{ date: addDays(date, 30), amount: template.totals.taxIncludedAmount, percent: '100' }],
          };
          const now = new Date().toISOString();
          const total = new Big(template.totals.taxIncludedAmount);
          let finalized: Pick<DocumentRow, 'isDraft' | 'number' | 'balance' | 'isPaid'> & Partial<DocumentRow> = {
            isDraft: true,
            number: null,
            balance: total,
            isPaid: false,
          };
          let paid = false;
          if (!draft) {
            const scope = sequenceScope(pattern, date);
            const inScope = (scopes.get(scope) ?? 0) + 1;
            scopes.set(scope, inScope);
            const number = formatDocumentNumber(pattern, date, inScope);
            const content = { ...data, number };
            paid = random() < 0.6;
            // The finalization's entry, then the payment's: the row's chain index is the first.
            finalized = {
              isDraft: false,
              number,
              chainIndex: seq + 1,
              finalizedAt: now,
              balance: paid ? new Big(0) : total,
              isPaid: paid,
              data: encodeDocument(content),
            };
            seq += paid ? 2 : 1;
            head.lastDate = date;
          }
          rows.push({
            accountId,
            kind: 'Invoice' as const,
            internalId: null,
            customerId,
            customerName: c.customerName,
            date,
            dueDate: data.dueDate,
            taxExcludedAmount: new Big(template.totals.taxExcludedAmount),
            taxIncludedAmount: total,
            isCancelled: false,
            isProcessed: false,
            sentAt: null,
            finalizedAt: null,
            cancellationCreditId: null,
            cancelledInvoiceId: null,
            chainIndex: null,
            hash: null,
            previousHash: null,
            data: encodeDocument(data),
            createdAt: now,
            updatedAt: now,
            ...finalized,
          });
          paidStates.push(paid);
        }
        // Through the repository, so amounts and snapshots are stored exactly as the API stores them.
        const documentIds = await insertDocuments(trx, rows);
        const entries: AuditEntryRow[] = [];
        rows.forEach((row, k) => {
          if (row.isDraft) return;
          const stored: DocumentRow = { ...row, id: documentIds[k], version: 1 };
          const snapshot = sealSnapshot(JSON.parse(row.data) as object);
          const entry = (state: Partial<DocumentRow>, event: EntryInput['event'], members?: Record<string, string>) =>
            entries.push(
              nextEntry(
                keyring,
                head,
                { event, document: { view: documentView({ ...stored, ...state }, snapshot), members } },
                row.createdAt,
              ),
            );
          // Finalized unpaid, then paid in full: the two entries the API would have written.
          entry(paidStates[k] ? { balance: row.taxIncludedAmount, isPaid: false } : {}, 'finalized', snapshot.members);
          if (paidStates[k]) entry({}, 'settled');
        });
        for (let e = 0; e < entries.length; e += 500)
          await trx
            .insertInto('auditEntries')
            .values(entries.slice(e, e + 500))
            .execute();
      }
    });
    progress('invoices', done, count);
  }
  // The chain head and the numbering counter continue where the generated history ends.
  if (head.seq !== seq) throw new Error(`generated ${head.seq} audit entries, expected ${seq}`);
  await db.kysely
    .insertInto('documentHeads')
    .values({ accountId, kind: 'Invoice', lastDate: head.lastDate, chainIndex: head.seq, lastHash: head.mac, keyId: head.keyId })
    .execute();
  for (const [scope, value] of scopes) {
    await db.kysely.insertInto('documentSequences').values({ accountId, kind: 'Invoice', scope, value }).execute();
  }
}

async function customerSnapshot(db: Db, accountId: number, id: number) {
  const c = (await customers.getStored(db.kysely, accountId, id))!;
  return {
    customerName: c.name,
    customerNumber: c.number,
    billingAddress: c.billingAddress,
    customerType: c.type,
    customerSiret: c.companyInformations.siret,
    customerVatNumber: c.companyInformations.vatNumber,
  };
}
