// A customer's page: what they owe and of which overdue, what the account owes them (credit notes
// still to refund or offset), the revenue and cash of the last twelve months, all from
// GET /v1/dashboard?CustomerId= (the server's sums, lateness counted from the account's day, not the
// browser's); then their documents and the receipts made with them, each list a page at a time from
// the lists filtered by CustomerId (the receipts' too: a renamed customer keeps them).
import { useState } from 'preact/hooks';
import { call, getPage } from '../api';
import type { Schemas } from '../api-types';
import { date, money } from '../format';
import { t } from '../i18n';
import { type Column, ErrorBox, Loading, Pager, Table, useLoad } from '../ui';
import { paymentMethodLabel } from './receipts';
import '../dashboard.css';

const PAGE_SIZE = 10;

type Invoice = Schemas['Invoice'];
/** An invoice, credit note or quote of the customer (a quote answers neither isDraft nor isPaid, read as false). */
type Doc = Pick<Invoice & Schemas['Credit'] & Schemas['Quote'], 'id' | 'number' | 'date' | 'balance' | 'taxIncludedAmount'> &
  Partial<Pick<Invoice, 'isDraft' | 'isPaid'>>;
type Section = 'invoices' | 'credits' | 'quotes';

async function loadCustomer(id: number) {
  const [customer, figures] = await Promise.all([
    call('GET', '/v1/customers/{id}', { path: { id } }).then((a) => a.data),
    call('GET', '/v1/dashboard', { query: { CustomerId: id } }).then((a) => a.data),
  ]);
  return { customer, figures };
}

/** One page of the customer's documents of a section, newest first, cancelled ones included. */
function loadDocs(section: Section, customerId: number, page: number): Promise<{ items: Doc[]; total: number; pages: number }> {
  const paging = { CustomerId: customerId, OrderBy: 'date desc', PageIndex: page, PageSize: PAGE_SIZE };
  if (section === 'invoices') return getPage('/v1/saleinvoices', { query: { ...paging, Cancelled: 'All' } });
  if (section === 'credits') return getPage('/v1/salecredits', { query: { ...paging, Cancelled: 'All' } });
  return getPage('/v1/salequotes', { query: paging });
}

function DocSection({ title, section, customerId, testid }: { title: string; section: Section; customerId: number; testid: string }) {
  const [page, setPage] = useState(1);
  const list = useLoad(() => loadDocs(section, customerId, page), [section, customerId, page]);
  const columns: Column<Doc>[] = [
    { label: t('number'), cell: (d) => <a href={`#/${section}/${d.id}`}>{d.number ?? `${t('Draft')} #${d.id}`}</a> },
    { label: t('date'), cell: (d) => date(d.date) },
    { label: t('total'), cell: (d) => money(d.taxIncludedAmount), num: true },
  ];
  if (section !== 'quotes')
    columns.push({
      label: section === 'credits' ? t('toRefund') : t('balance'),
      cell: (d) => (d.isDraft ? '' : money(d.balance)),
      num: true,
    });
  return (
    <section aria-labelledby={`${testid}-title`} data-testid={testid}>
      <h2 id={`${testid}-title`}>{title}</h2>
      {list.loading && <Loading />}
      {list.error !== undefined && <ErrorBox error={list.error} retry={list.reload} />}
      {list.data && !list.loading && (
        <>
          <Table rows={list.data.items} caption={title} empty={t('empty')} columns={columns} rowKey={(d) => d.id} />
          <Pager page={page} pages={list.data.pages} total={list.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}

function Payments({ customerId }: { customerId: number }) {
  const [page, setPage] = useState(1);
  const list = useLoad(
    () => getPage('/v1/receipts', { query: { CustomerId: customerId, PageIndex: page, PageSize: PAGE_SIZE } }),
    [customerId, page],
  );
  return (
    <section aria-labelledby="customer-payments-title" data-testid="customer-payments">
      <h2 id="customer-payments-title">{t('receipts')}</h2>
      {list.loading && <Loading />}
      {list.error !== undefined && <ErrorBox error={list.error} retry={list.reload} />}
      {list.data && !list.loading && (
        <>
          <Table
            rows={list.data.items}
            caption={t('receipts')}
            empty={t('empty')}
            rowKey={(r) => r.id}
            columns={[
              { label: t('date'), cell: (r) => date(r.date) },
              {
                label: t('paymentMethod'),
                cell: (r) => (
                  <>
                    {r.amount === 0 ? t('offsetMethod') : paymentMethodLabel(r.paymentMethod)}
                    {r.status !== 'Success' ? ` (${r.status})` : ''}
                  </>
                ),
              },
              { label: t('reference'), cell: (r) => r.reference },
              { label: t('amount'), cell: (r) => money(r.amount), num: true },
            ]}
          />
          <Pager page={page} pages={list.data.pages} total={list.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}

export function CustomerAccount({ id }: { id: string }) {
  const customerId = Number(id);
  const account = useLoad(() => loadCustomer(customerId), [customerId]);
  const a = account.data;
  const f = a?.figures;
  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>{a ? a.customer.name : t('customerAccount')}</h1>
        <a class="button" href={`#/customers/${id}`}>
          {t('editCustomer')}
        </a>
      </div>
      {account.loading && <Loading />}
      {account.error !== undefined && <ErrorBox error={account.error} retry={account.reload} />}
      {f && !account.loading && (
        <>
          <p class="hint" data-testid="customer-today">
            {t('customerToday', { date: date(f.today) })}
          </p>
          <dl class="facts figures" data-testid="customer-figures">
            <dt>{t('customerDue')}</dt>
            <dd data-testid="customer-due">{money(f.due.total)}</dd>
            <dt>{t('dashOverdue')}</dt>
            <dd data-testid="customer-overdue">{money(f.due.overdue)}</dd>
            <dt>{t('customerToRefund')}</dt>
            <dd data-testid="customer-credit">{money(f.toRefund)}</dd>
            <dt>{t('customerInvoiced')}</dt>
            <dd data-testid="customer-invoiced">{money(f.revenue)}</dd>
            <dt>{t('customerReceived')}</dt>
            <dd data-testid="customer-received">{money(f.cash)}</dd>
          </dl>
          <p class="actions">
            <a class="button primary" href={`#/invoices/new?customer=${id}`}>
              {t('newInvoice')}
            </a>
          </p>
        </>
      )}
      <DocSection title={t('invoices')} section="invoices" customerId={customerId} testid="customer-invoices" />
      <DocSection title={t('credits')} section="credits" customerId={customerId} testid="customer-credits" />
      <DocSection title={t('quotes')} section="quotes" customerId={customerId} testid="customer-quotes" />
      <Payments customerId={customerId} />
    </>
  );
}
