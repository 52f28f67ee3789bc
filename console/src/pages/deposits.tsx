// Deposits on quotes (issue #31, docs/quotes.md): on an accepted quote, a deposit invoice (facture
// d'acompte) for a percentage or an amount tax included (POST /v1/salequotes/deposit/{id}), the API's
// refusal in French beside the field; the quote's deposit invoices listed with their state and links;
// on the final invoice, the finalized deposits it deducts (prepaidAmount, depositInvoices) and what is
// left to pay.
import { Fragment } from 'preact';
import { useState } from 'preact/hooks';
import { call, refuse } from '../api';
import type { Schemas } from '../api-types';
import { dictionary } from '../dict';
import { cents } from '../figures';
import { date, money, parseNumber } from '../format';
import { go } from '../router';
import { ErrorBox, Field, fieldErrors, Loading, Select, Table, useLoad } from '../ui';

export const td = dictionary(
  {
    deposits: 'Factures d’acompte',
    depositsHelp: 'Un acompte se facture sur le devis accepté ; la facture finale déduit les acomptes finalisés.',
    newDeposit: 'Facture d’acompte',
    depositKind: 'Acompte en',
    Percent: 'Pourcentage du total TTC',
    Fixed: 'Montant TTC',
    percentValue: 'Pourcentage (%)',
    fixedValue: 'Montant TTC (€)',
    makeDeposit: 'Facturer l’acompte',
    noDeposit: 'Aucune facture d’acompte sur ce devis.',
    invoice: 'Facture',
    date: 'Date',
    state: 'État',
    amount: 'Montant TTC',
    draft: 'Brouillon #{id}',
    Draft: 'Brouillon : à finaliser',
    Finalized: 'Finalisée',
    Paid: 'Payée',
    Cancelled: 'Annulée',
    quoteTotal: 'Total du devis',
    leftToInvoice: 'Reste à facturer après les acomptes',
    depositOf: 'Facture d’acompte du devis',
    deducted: 'Acompte {number}',
    netToPay: 'Net à payer',
  },
  {
    deposits: 'Deposit invoices',
    depositsHelp: 'A deposit is invoiced on the accepted quote; the final invoice deducts the finalized deposits.',
    newDeposit: 'Deposit invoice',
    depositKind: 'Deposit as',
    Percent: 'Percentage of the total incl. tax',
    Fixed: 'Amount incl. tax',
    percentValue: 'Percentage (%)',
    fixedValue: 'Amount incl. tax (€)',
    makeDeposit: 'Invoice the deposit',
    noDeposit: 'No deposit invoice on this quote.',
    invoice: 'Invoice',
    date: 'Date',
    state: 'Status',
    amount: 'Amount incl. tax',
    draft: 'Draft #{id}',
    Draft: 'Draft: to finalize',
    Finalized: 'Finalized',
    Paid: 'Paid',
    Cancelled: 'Cancelled',
    quoteTotal: 'Quote total',
    leftToInvoice: 'Left to invoice after the deposits',
    depositOf: 'Deposit invoice of the quote',
    deducted: 'Deposit {number}',
    netToPay: 'Net to pay',
  },
);

type Invoice = Pick<Schemas['Invoice'], 'id' | 'number' | 'date' | 'taxIncludedAmount' | 'isDraft' | 'isPaid' | 'isCancelled'>;
type DepositType = NonNullable<NonNullable<Schemas['Quote']['deposit']>['type']>;

const stateOf = (i: Invoice) => (i.isDraft ? 'Draft' : i.isCancelled ? 'Cancelled' : i.isPaid ? 'Paid' : 'Finalized');

/** The quote's deposit invoices (each read from the API) and the form making a new one on an accepted quote. */
export function DepositsPanel(props: {
  quote: Pick<Schemas['Quote'], 'id' | 'status' | 'depositInvoiceIds' | 'taxIncludedAmount' | 'balance'>;
  readOnly: boolean;
}) {
  const { quote } = props;
  const [type, setType] = useState<DepositType>('Percent');
  const [value, setValue] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const invoices = useLoad(
    () => Promise.all(quote.depositInvoiceIds.map(async (id) => (await call('GET', '/v1/saleinvoices/{id}', { path: { id } })).data)),
    [quote.id, quote.depositInvoiceIds.join(',')],
  );
  const make = async (e: Event) => {
    e.preventDefault();
    setError(null);
    const amount = parseNumber(value);
    // Refused before sending as the API would refuse it: a value that is no number, or none.
    if (amount === null || Number.isNaN(amount)) {
      setError(refuse({ value: [amount === null ? 'is required' : 'must be a number'] }));
      return;
    }
    setBusy(true);
    try {
      const answer = await call('POST', '/v1/salequotes/deposit/{id}', { path: { id: quote.id }, body: { type, value: amount } });
      go(`/invoices/${answer.data.id}`);
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };
  const valueError = fieldErrors(error, 'value', 'type');
  return (
    <section aria-labelledby="deposits-title" data-testid="deposits">
      <h2 id="deposits-title">{td('deposits')}</h2>
      {invoices.loading ? (
        <Loading />
      ) : invoices.error !== undefined || !invoices.data ? (
        <ErrorBox error={invoices.error} retry={invoices.reload} />
      ) : (
        <Table
          rows={invoices.data}
          caption={td('deposits')}
          empty={td('noDeposit')}
          testId="deposit-list"
          rowKey={(i) => i.id}
          columns={[
            { label: td('invoice'), cell: (i: Invoice) => <a href={`#/invoices/${i.id}`}>{i.number ?? td('draft', { id: i.id })}</a> },
            { label: td('date'), cell: (i) => date(i.date) },
            { label: td('state'), cell: (i) => td(stateOf(i)) },
            { label: td('amount'), cell: (i) => money(i.taxIncludedAmount), num: true },
          ]}
        />
      )}
      {quote.depositInvoiceIds.length > 0 && (
        <p>
          {td('quoteTotal')} : {money(quote.taxIncludedAmount)} · {td('leftToInvoice')} :{' '}
          <strong data-testid="quote-left">{money(quote.balance)}</strong>
        </p>
      )}
      {!props.readOnly && quote.status === 'Accepted' && (
        <form class="grid-form" onSubmit={(e) => void make(e)} noValidate data-testid="deposit-form">
          <p class="hint">{td('depositsHelp')}</p>
          <Select
            label={td('depositKind')}
            value={type}
            onValue={(v) => {
              setType(v);
              setError(null);
            }}
            options={[
              ['Percent', td('Percent')],
              ['Fixed', td('Fixed')],
            ]}
          />
          <Field
            label={type === 'Percent' ? td('percentValue') : td('fixedValue')}
            inputMode="decimal"
            value={value}
            onValue={setValue}
            error={valueError}
          />
          {error !== null && !valueError && <ErrorBox error={error} />}
          <div class="actions">
            <button type="submit" disabled={busy}>
              {td('makeDeposit')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

/** On an invoice made from a quote: the deposits it deducts, each linked, and what is left to pay. */
export function DepositDeduction({ doc }: { doc: Pick<Schemas['Invoice'], 'taxIncludedAmount' | 'prepaidAmount' | 'depositInvoices'> }) {
  if (!doc.prepaidAmount) return null;
  return (
    <dl data-testid="deposit-deduction">
      {doc.depositInvoices.map((d) => (
        <Fragment key={d.id}>
          <dt>
            <a href={`#/invoices/${d.id}`}>{td('deducted', { number: d.number })}</a> ({date(d.date)})
          </dt>
          <dd>{money(-d.amount)}</dd>
        </Fragment>
      ))}
      <dt class="grand">{td('netToPay')}</dt>
      <dd class="grand" data-testid="net-to-pay">
        {money((cents(doc.taxIncludedAmount) - cents(doc.prepaidAmount)) / 100)}
      </dd>
    </dl>
  );
}
