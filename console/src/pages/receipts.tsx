// Receipts: the money received (positive) and paid back (negative), with the documents they settle.
import { useState } from 'preact/hooks';
import { call, getPage } from '../api';
import type { Schemas } from '../api-types';
import { date, money } from '../format';
import { t, type Key } from '../i18n';
import { ListTable, SearchBox, useLoad } from '../ui';

/** The API's Receipt, as far as the page reads it. */
type Receipt = Pick<Schemas['Receipt'], 'id' | 'amount' | 'date' | 'customerName' | 'paymentMethod' | 'reference' | 'status' | 'links'>;

/** The payment methods of the API, in the user's words. */
export const PAYMENT_METHODS = ['Transfer', 'Check', 'Card', 'Cash', 'Order', 'Bill', 'Usec', 'Other'] as const;
export const paymentMethodLabel = (method: string) =>
  (PAYMENT_METHODS as readonly string[]).includes(method) ? t(`method${method}` as Key) : method;

/** The document a link settles: a commitment is a part of its invoice (invoice id × 1000 + position). */
const linkedDocument = (l: { type: string; id: number }) =>
  l.type === 'Credit' ? { kind: 'credits', id: l.id } : { kind: 'invoices', id: l.type === 'Commitment' ? Math.floor(l.id / 1000) : l.id };

/** The numbers of the documents the page's receipts settle, read once per document. */
async function documentNumbers(receipts: Receipt[]): Promise<Map<string, string>> {
  const wanted = new Map<string, { kind: string; id: number }>();
  for (const r of receipts)
    for (const l of r.links ?? []) wanted.set(`${linkedDocument(l).kind}/${linkedDocument(l).id}`, linkedDocument(l));
  const numbers = new Map<string, string>();
  await Promise.all(
    [...wanted].map(async ([key, d]) => {
      const answer = await call<{ number: string | null }>(
        'GET',
        `/v1/${d.kind === 'credits' ? 'salecredits' : 'saleinvoices'}/${d.id}`,
      ).catch(() => null);
      if (answer?.data.number) numbers.set(key, answer.data.number);
    }),
  );
  return numbers;
}

export function ReceiptsPage() {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const list = useLoad(async () => {
    const receipts = await getPage<Receipt>(
      `/v1/receipts?PageIndex=${page}&PageSize=20${query ? `&query=${encodeURIComponent(query)}` : ''}`,
    );
    return { ...receipts, numbers: await documentNumbers(receipts.items) };
  }, [page, query]);
  return (
    <>
      <h1 tabIndex={-1}>{t('receipts')}</h1>
      <SearchBox
        label={t('search')}
        onSearch={(q) => {
          setQuery(q);
          setPage(1);
        }}
      />
      <ListTable
        load={list}
        caption={t('receipts')}
        empty={t('empty')}
        page={page}
        onPage={setPage}
        columns={[
          { label: t('date'), cell: (r: Receipt) => date(r.date) },
          { label: t('customer'), cell: (r) => r.customerName },
          { label: t('paymentMethod'), cell: (r) => paymentMethodLabel(r.paymentMethod) },
          {
            label: t('links'),
            cell: (r) =>
              (r.links ?? []).map((l) => {
                const d = linkedDocument(l);
                const number = list.data!.numbers.get(`${d.kind}/${d.id}`);
                return (
                  <a key={`${l.type}${l.id}`} href={`#/${d.kind}/${d.id}`}>
                    {number ?? `${t(l.type === 'Credit' ? 'linkCredit' : 'linkInvoice')} #${d.id}`} ({money(l.amount)}){' '}
                  </a>
                );
              }),
          },
          { label: t('amount'), cell: (r) => money(r.amount), num: true },
        ]}
      />
    </>
  );
}
