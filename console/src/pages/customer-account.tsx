// A customer's page: what they owe (the finalized invoices' balances), what the account owes them
// (credit notes still to refund or offset), their documents and the receipts made with them. Read
// from the lists filtered by CustomerId (the receipts' too: a renamed customer keeps them), in
// parallel; sums in integer cents.
import { call } from '../api';
import type { Schemas } from '../api-types';
import { cents, getAll, todayIso } from '../figures';
import { date, money } from '../format';
import { t } from '../i18n';
import { type Column, ErrorBox, Loading, Table, useLoad } from '../ui';
import { paymentMethodLabel } from './receipts';
import '../dashboard.css';

type Invoice = Schemas['Invoice'];
/** An invoice, credit note or quote of the customer (a quote answers neither isDraft nor isPaid, read as false). */
type Doc = Pick<Invoice & Schemas['Credit'] & Schemas['Quote'], 'id' | 'number' | 'date' | 'balance' | 'taxIncludedAmount'> &
  Partial<Pick<Invoice, 'isDraft' | 'isPaid'>> &
  Partial<Pick<Invoice, 'dueDate' | 'isCancelled'>> &
  Partial<Pick<Schemas['Quote'], 'status'>>;

async function loadAccount(id: string) {
  const customerId = Number(id);
  const [customer, invoices, credits, quotes, receipts] = await Promise.all([
    call('GET', '/v1/customers/{id}', { path: { id: customerId } }).then((a) => a.data),
    getAll('/v1/saleinvoices', { query: { CustomerId: customerId, Cancelled: 'All', OrderBy: 'date desc' } }),
    getAll('/v1/salecredits', { query: { CustomerId: customerId, Cancelled: 'All', OrderBy: 'date desc' } }),
    getAll('/v1/salequotes', { query: { CustomerId: customerId, OrderBy: 'date desc' } }),
    getAll('/v1/receipts', { query: { CustomerId: customerId } }),
  ]);
  const today = todayIso();
  const finalized = invoices.filter((d) => !d.isDraft);
  const due = finalized.reduce((s, d) => s + cents(d.balance), 0);
  const overdue = finalized.filter((d) => d.balance > 0 && d.dueDate && d.dueDate < today).reduce((s, d) => s + cents(d.balance), 0);
  const toRefund = credits.filter((d) => !d.isDraft).reduce((s, d) => s + cents(d.balance), 0);
  const invoiced = finalized.reduce((s, d) => s + cents(d.taxIncludedAmount), 0);
  const received = receipts.filter((r) => r.status === 'Success').reduce((s, r) => s + cents(r.amount), 0);
  return { customer, invoices, credits, quotes, receipts, due, overdue, toRefund, invoiced, received };
}

function DocTable({ title, rows, section, testid }: { title: string; rows: Doc[]; section: string; testid: string }) {
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
      <Table rows={rows} caption={title} empty={t('empty')} columns={columns} rowKey={(d) => d.id} />
    </section>
  );
}

export function CustomerAccount({ id }: { id: string }) {
  const account = useLoad(() => loadAccount(id), [id]);
  const a = account.data;
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
      {a && !account.loading && (
        <>
          <dl class="facts figures" data-testid="customer-figures">
            <dt>{t('customerDue')}</dt>
            <dd data-testid="customer-due">{money(a.due / 100)}</dd>
            <dt>{t('dashOverdue')}</dt>
            <dd data-testid="customer-overdue">{money(a.overdue / 100)}</dd>
            <dt>{t('customerToRefund')}</dt>
            <dd data-testid="customer-credit">{money(a.toRefund / 100)}</dd>
            <dt>{t('customerInvoiced')}</dt>
            <dd data-testid="customer-invoiced">{money(a.invoiced / 100)}</dd>
            <dt>{t('customerReceived')}</dt>
            <dd data-testid="customer-received">{money(a.received / 100)}</dd>
          </dl>
          <p class="actions">
            <a class="button primary" href={`#/invoices/new?customer=${id}`}>
              {t('newInvoice')}
            </a>
          </p>
          <DocTable title={t('invoices')} rows={a.invoices} section="invoices" testid="customer-invoices" />
          <DocTable title={t('credits')} rows={a.credits} section="credits" testid="customer-credits" />
          <DocTable title={t('quotes')} rows={a.quotes} section="quotes" testid="customer-quotes" />
          <section aria-labelledby="customer-payments-title" data-testid="customer-payments">
            <h2 id="customer-payments-title">{t('receipts')}</h2>
            <Table
              rows={a.receipts}
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
          </section>
        </>
      )}
    </>
  );
}
