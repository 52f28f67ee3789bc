// The dashboard's and the customer page's figures, computed in the browser from the lists the
// integrators use (no aggregate endpoint): the documents of the last twelve months, the unpaid ones
// (the API's Incoming and Expired filters) and the receipts, read 100 at a time. Sums are made in
// integer cents, so they are exact however many documents there are.
import { getPage, type GetOptions, type ItemOf, type OperationOf, type PathsFor, type Rest } from './api';
import type { Schemas } from './api-types';

const PAGE = 100;

type Paged = { query?: { PageIndex?: number; PageSize?: number } };

/** The options of a GET with the page asked for added to its query (every list takes PageIndex and PageSize). */
function paged<P extends PathsFor<'GET'>>(options: GetOptions<P> | undefined, page: number, size: number): GetOptions<P> {
  const o = (options ?? {}) as GetOptions<P> & Paged;
  return { ...o, query: { ...o.query, PageIndex: page, PageSize: size } };
}

/** Every item of a list, page after page. */
export async function getAll<P extends PathsFor<'GET'>>(path: P, options?: GetOptions<P>): Promise<ItemOf<P>[]> {
  const all: ItemOf<P>[] = [];
  for (let page = 1; ; page++) {
    const { items, pages } = await getPage<P>(path, ...([paged(options, page, PAGE)] as unknown as Rest<OperationOf<P, 'GET'>>));
    all.push(...items);
    if (page >= pages || items.length < PAGE) return all;
  }
}

/** How many items a list has (x-record-count), reading one. */
export async function countOf<P extends PathsFor<'GET'>>(path: P, options?: GetOptions<P>): Promise<number> {
  return (await getPage<P>(path, ...([paged(options, 1, 1)] as unknown as Rest<OperationOf<P, 'GET'>>))).total;
}

export const cents = (value: number) => Math.round(value * 100);

/** Today in the browser's calendar, as the API writes dates. */
export function todayIso(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The `count` months ending with today's, oldest first ("2026-01"). */
export function lastMonths(today: string, count = 12): string[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(year, month - (count - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}

export interface MonthAmount {
  month: string;
  cents: number;
}

/** Sums signed amounts per month of `months`; anything dated outside them is left out. */
export function byMonth(months: string[], entries: { date: string; cents: number }[]): MonthAmount[] {
  const sums = new Map(months.map((m) => [m, 0]));
  for (const e of entries) {
    const m = e.date.slice(0, 7);
    const sum = sums.get(m);
    if (sum !== undefined) sums.set(m, sum + e.cents);
  }
  return months.map((month) => ({ month, cents: sums.get(month)! }));
}

export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** An invoice or credit note still due (Invoice and Credit both have these). */
export type Unpaid = Pick<Schemas['Invoice'] & Schemas['Credit'], 'id' | 'number' | 'customerId' | 'customerName' | 'balance'> &
  Partial<Pick<Schemas['Invoice'] & Schemas['Credit'], 'dueDate'>>;

export interface Aging {
  notDue: number;
  upTo30: number;
  upTo60: number;
  over60: number;
  overdue: number;
  total: number;
}

/** What remains due, by how late it is (days after the due date): in cents. */
export function agingOf(today: string, incoming: Unpaid[], expired: Unpaid[]): Aging {
  const a: Aging = { notDue: 0, upTo30: 0, upTo60: 0, over60: 0, overdue: 0, total: 0 };
  for (const d of incoming) a.notDue += cents(d.balance);
  for (const d of expired) {
    const late = d.dueDate ? daysBetween(d.dueDate, today) : 0;
    const c = cents(d.balance);
    if (late <= 30) a.upTo30 += c;
    else if (late <= 60) a.upTo60 += c;
    else a.over60 += c;
    a.overdue += c;
  }
  a.total = a.notDue + a.overdue;
  return a;
}

/** A receipt as the figures read it (Receipt). */
export type ReceiptRow = Pick<Schemas['Receipt'], 'id' | 'amount' | 'date' | 'status' | 'customerName' | 'paymentMethod' | 'links'> &
  Partial<Pick<Schemas['Receipt'], 'customerId'>>;

/** The receipts dated on or after `from` (the list is newest first: reading stops past it). */
export async function receiptsSince(from: string): Promise<ReceiptRow[]> {
  const found: ReceiptRow[] = [];
  for (let page = 1; ; page++) {
    const { items, pages } = await getPage('/v1/receipts', { query: { PageIndex: page, PageSize: PAGE, OrderBy: 'date desc' } });
    for (const r of items) if (r.date >= from) found.push(r);
    if (page >= pages || items.length < PAGE || (items.length && items[items.length - 1].date < from)) return found;
  }
}
