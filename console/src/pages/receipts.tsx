// Receipts: the money received (positive) and paid back (negative), with the documents they settle.
import { useState } from 'preact/hooks';
import { getPage } from '../api';
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
export const receiptDocument = (l: { type: string; id: number }) =>
  l.type === 'Credit' ? { kind: 'credits', id: l.id } : { kind: 'invoices', id: l.type === 'Commitment' ? Math.floor(l.id / 1000) : l.id };

export function ReceiptsPage() {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  // One request: each link carries its document's number (ReceiptLink.number).
  const list = useLoad(
    (): Promise<{ items: Receipt[]; total: number; pages: number }> =>
      getPage('/v1/receipts', { query: { PageIndex: page, PageSize: 20, query } }),
    [page, query],
  );
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
                const d = receiptDocument(l);
                return (
                  <a key={`${l.type}${l.id}`} href={`#/${d.kind}/${d.id}`}>
                    {l.number ?? `${t(l.type === 'Credit' ? 'linkCredit' : 'linkInvoice')} #${d.id}`} ({money(l.amount)}){' '}
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
