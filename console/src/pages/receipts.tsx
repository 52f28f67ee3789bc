// Receipts: the money received (positive) and paid back (negative), with the documents they settle.
import { useState } from 'preact/hooks';
import { getPage } from '../api';
import { date, money } from '../format';
import { t } from '../i18n';
import { ErrorBox, Loading, Pager, SearchBox, useLoad } from '../ui';

interface Receipt {
  id: number;
  amount: number;
  date: string;
  customerName: string | null;
  paymentMethod: string;
  reference: string | null;
  status: string;
  links: { type: string; id: number; amount: number }[] | null;
}

export function ReceiptsPage() {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const list = useLoad(
    () => getPage<Receipt>(`/v1/receipts?PageIndex=${page}&PageSize=20${query ? `&query=${encodeURIComponent(query)}` : ''}`),
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
      {list.loading && <Loading />}
      {list.error !== undefined && <ErrorBox error={list.error} retry={list.reload} />}
      {list.data && !list.loading && (
        <>
          {list.data.items.length === 0 ? (
            <p>{t('empty')}</p>
          ) : (
            <div class="table-wrap">
              <table>
                <caption class="visually-hidden">{t('receipts')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('date')}</th>
                    <th scope="col">{t('customer')}</th>
                    <th scope="col">{t('paymentMethod')}</th>
                    <th scope="col">{t('links')}</th>
                    <th scope="col" class="num">
                      {t('amount')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.items.map((r) => (
                    <tr key={r.id}>
                      <td data-label={t('date')}>{date(r.date)}</td>
                      <td data-label={t('customer')}>{r.customerName}</td>
                      <td data-label={t('paymentMethod')}>{r.paymentMethod}</td>
                      <td data-label={t('links')}>
                        {(r.links ?? []).map((l) => (
                          <a key={`${l.type}${l.id}`} href={`#/${l.type === 'Credit' ? 'credits' : 'invoices'}/${l.id}`}>
                            {l.type} #{l.id} ({money(l.amount)}){' '}
                          </a>
                        ))}
                      </td>
                      <td data-label={t('amount')} class="num">
                        {money(r.amount)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager page={page} pages={list.data.pages} total={list.data.total} onPage={setPage} />
        </>
      )}
    </>
  );
}
