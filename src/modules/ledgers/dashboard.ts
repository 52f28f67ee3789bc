// The figures of the console's landing page (GET /v1/dashboard, docs/ledgers.md), each computed by
// the database in a handful of aggregate queries instead of the lists read page after page: revenue
// and cash by month, what customers owe by lateness, the documents waiting for an action. Every
// figure is defined as the sum or count of a list the integrators can read (the test compares them),
// with the same "today" as those lists: the account's day in its time zone.
import Big from 'big.js';
import { sql, type Kysely } from 'kysely';
import { fromStoredAmount } from '../../db/money.js';
import type { Database, StoredAmount } from '../../db/schema.js';
import { addDays, addMonths } from '../../domain/dates.js';
import type { DashboardDocumentT, DashboardT } from './schemas.js';

type Db = Kysely<Database>;

const OLDEST_OVERDUE = 5;
const TURNED_DOWN_LISTED = 20;
/** Lifecycle statuses of a document the buyer refused (210) or the platform rejected (213). */
const TURNED_DOWN_CODES = ['210', '213'];

/** The `count` calendar months ending with `today`'s, oldest first ("2026-01"). */
export function monthsEnding(today: string, count: number): string[] {
  const first = `${today.slice(0, 7)}-01`;
  return Array.from({ length: count }, (_, i) => addMonths(first, i - (count - 1)).slice(0, 7));
}

/** Exact sum of a stored amount aggregate (null when no row matched). */
const amount = (db: Db, v: StoredAmount | bigint | null | undefined) =>
  v === null || v === undefined ? new Big(0) : fromStoredAmount(db, v);
const num = (v: Big) => Number(v.toFixed(2));

/** The account's figures, or one customer's (`customerId`: their documents and receipts only). */
export async function dashboardFigures(
  db: Db,
  accountId: number,
  today: string,
  monthCount: number,
  customerId?: number,
): Promise<DashboardT> {
  const months = monthsEnding(today, monthCount);
  const from = `${months[0]}-01`;
  const until = addMonths(`${months[months.length - 1]}-01`, 1);
  const late30 = addDays(today, -30);
  const late60 = addDays(today, -60);
  const docs = () =>
    db
      .selectFrom('saleDocuments')
      .where('saleDocuments.accountId', '=', accountId)
      .$if(customerId !== undefined, (q) => q.where('saleDocuments.customerId', '=', customerId!));
  const month = sql<string>`substr(${sql.ref('date')}, 1, 7)`;

  // Revenue: the finalized invoices less the finalized credit notes, excluding VAT, by their dates
  // (cancelled ones too: a cancelled invoice and its credit note cancel each other out).
  const revenueQuery = docs()
    .where('kind', 'in', ['Invoice', 'Credit'])
    .where('isDraft', '=', false)
    .where('date', '>=', from)
    .where('date', '<', until)
    .select((eb) => [
      month.as('month'),
      eb.fn
        .sum<StoredAmount>(
          eb
            .case()
            .when('kind', '=', 'Credit')
            .then(sql<StoredAmount>`-${sql.ref('taxExcludedAmount')}`)
            .else(eb.ref('taxExcludedAmount'))
            .end(),
        )
        .as('amount'),
    ])
    .groupBy(month)
    .execute();

  // Cash: the receipts that moved money, refunds negative.
  const cashQuery = db
    .selectFrom('receipts')
    .where('accountId', '=', accountId)
    .where('status', '=', 'Success')
    .$if(customerId !== undefined, (q) => q.where('customerId', '=', customerId!))
    .where('date', '>=', from)
    .where('date', '<', until)
    .select((eb) => [month.as('month'), eb.fn.sum<StoredAmount>('amount').as('amount')])
    .groupBy(month)
    .execute();

  // What the Incoming, Expired, Draft and ToSend lists hold (their default filters: not cancelled,
  // not processed), and the credit note drafts, in one pass.
  const stateQuery = docs()
    .where('kind', 'in', ['Invoice', 'Credit'])
    .where('isCancelled', '=', false)
    .where('isProcessed', '=', false)
    .select((eb) => {
      const unpaid = eb.and([eb('kind', '=', 'Invoice'), eb('isDraft', '=', false), eb('isPaid', '=', false)]);
      const dueSince = (lower: string | null, upper: string | null) =>
        eb.fn.sum<StoredAmount>(
          eb
            .case()
            .when(
              eb.and([
                unpaid,
                ...(lower === null ? [] : [eb('dueDate', '>=', lower)]),
                ...(upper === null ? [eb('dueDate', 'is not', null)] : [eb('dueDate', '<', upper)]),
              ]),
            )
            .then(eb.ref('balance'))
            .else(sql<StoredAmount>`0`)
            .end(),
        );
      const count = (condition: ReturnType<typeof eb.and>) =>
        eb.fn.sum<number>(
          eb
            .case()
            .when(condition)
            .then(sql<number>`1`)
            .else(sql<number>`0`)
            .end(),
        );
      return [
        dueSince(today, null).as('notDue'),
        dueSince(late30, today).as('upTo30'),
        dueSince(late60, late30).as('upTo60'),
        dueSince(null, late60).as('over60'),
        count(eb.and([unpaid, eb('dueDate', '<', today)])).as('overdueCount'),
        count(eb.and([eb('kind', '=', 'Invoice'), eb('isDraft', '=', true), eb('isPaid', '=', false)])).as('invoiceDrafts'),
        count(eb.and([eb('kind', '=', 'Invoice'), eb('isDraft', '=', false), eb('sentAt', 'is', null)])).as('invoicesToSend'),
        count(eb.and([eb('kind', '=', 'Credit'), eb('isDraft', '=', true)])).as('creditDrafts'),
        eb.fn
          .sum<StoredAmount>(
            eb
              .case()
              .when(eb.and([eb('kind', '=', 'Credit'), eb('isDraft', '=', false)]))
              .then(eb.ref('balance'))
              .else(sql<StoredAmount>`0`)
              .end(),
          )
          .as('toRefund'),
      ];
    })
    .executeTakeFirstOrThrow();

  const acceptedQuery = db
    .selectFrom('saleQuotes')
    .where('accountId', '=', accountId)
    .where('status', '=', 'Accepted')
    .$if(customerId !== undefined, (q) => q.where('customerId', '=', customerId!))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();

  const columns = ['id', 'kind', 'number', 'customerId', 'customerName', 'dueDate', 'balance'] as const;
  const oldestQuery = docs()
    .where('kind', '=', 'Invoice')
    .where('isCancelled', '=', false)
    .where('isProcessed', '=', false)
    .where('isDraft', '=', false)
    .where('isPaid', '=', false)
    .where('dueDate', '<', today)
    .select(columns)
    .orderBy('dueDate')
    .orderBy('id')
    .limit(OLDEST_OVERDUE)
    .execute();

  // Turned down: the status in force is a refusal or a rejection, or the platform refused the
  // transmission; a cancelled document was dealt with (by its credit note).
  const turnedDown = () =>
    docs()
      .where('kind', 'in', ['Invoice', 'Credit'])
      .where('isDraft', '=', false)
      .where('isCancelled', '=', false)
      .where((eb) =>
        eb.or([
          eb('einvoicingStatus', 'in', TURNED_DOWN_CODES),
          eb.exists(
            eb
              .selectFrom('platformTransmissions')
              .select('platformTransmissions.id')
              .where('platformTransmissions.accountId', '=', accountId)
              .whereRef('platformTransmissions.documentId', '=', 'saleDocuments.id')
              .where('platformTransmissions.state', '=', 'Failed'),
          ),
        ]),
      );
  const turnedDownCountQuery = turnedDown()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const turnedDownQuery = turnedDown().select(columns).orderBy('date', 'desc').orderBy('id', 'desc').limit(TURNED_DOWN_LISTED).execute();

  const [revenueRows, cashRows, state, accepted, oldest, turnedDownCount, turnedDownRows] = await Promise.all([
    revenueQuery,
    cashQuery,
    stateQuery,
    acceptedQuery,
    oldestQuery,
    turnedDownCountQuery,
    turnedDownQuery,
  ]);

  const revenue = new Map(revenueRows.map((r) => [r.month, amount(db, r.amount)]));
  const cash = new Map(cashRows.map((r) => [r.month, amount(db, r.amount)]));
  const byMonth = months.map((m) => ({ month: m, revenue: revenue.get(m) ?? new Big(0), cash: cash.get(m) ?? new Big(0) }));
  const sum = (values: Big[]) => values.reduce((s, v) => s.plus(v), new Big(0));
  const notDue = amount(db, state.notDue);
  const late = [amount(db, state.upTo30), amount(db, state.upTo60), amount(db, state.over60)];
  const overdue = sum(late);
  const document = (r: (typeof oldest)[number]): DashboardDocumentT => ({
    type: r.kind === 'Credit' ? 'Credit' : 'Invoice',
    id: r.id,
    number: r.number,
    customerId: r.customerId,
    customerName: r.customerName,
    dueDate: r.dueDate,
    balance: num(fromStoredAmount(db, r.balance)),
  });
  return {
    today,
    months: byMonth.map((m) => ({ month: m.month, revenue: num(m.revenue), cash: num(m.cash) })),
    revenue: num(sum(byMonth.map((m) => m.revenue))),
    cash: num(sum(byMonth.map((m) => m.cash))),
    due: {
      total: num(notDue.plus(overdue)),
      notDue: num(notDue),
      overdue: num(overdue),
      upTo30: num(late[0]),
      upTo60: num(late[1]),
      over60: num(late[2]),
    },
    toRefund: num(amount(db, state.toRefund)),
    waiting: {
      invoiceDrafts: Number(state.invoiceDrafts ?? 0),
      invoicesToSend: Number(state.invoicesToSend ?? 0),
      overdueInvoices: Number(state.overdueCount ?? 0),
      acceptedQuotes: Number(accepted.n),
      creditDrafts: Number(state.creditDrafts ?? 0),
      turnedDown: Number(turnedDownCount.n),
    },
    oldestOverdue: oldest.map(document),
    turnedDownDocuments: turnedDownRows.map(document),
  };
}
