// Offsetting a credit note against an invoice of the same customer: one receipt of 0 (no money
// moves) whose links settle the invoice and the credit by the same amount (docs/receipts.md). Both
// balances drop in the API's one transaction; both documents then list the receipt and the other.
import { useState } from 'preact/hooks';
import { call } from '../api';
import type { Schemas } from '../api-types';
import { getAll, todayIso } from '../figures';
import { inputNumber, money, parseNumber } from '../format';
import { t } from '../i18n';
import { DateField, Dialog, ErrorBox, Field, fieldErrors, Loading, Select, useLoad } from '../ui';

/** The credit note offset (Credit). */
type Credit = Pick<Schemas['Credit'], 'id' | 'number' | 'customerId' | 'balance'> & Partial<Pick<Schemas['Credit'], 'cancelledInvoicetId'>>;

export function OffsetDialog({ credit, onDone, onClose }: { credit: Credit; onDone: () => void; onClose: () => void }) {
  const [invoiceId, setInvoiceId] = useState('');
  const [amount, setAmount] = useState('');
  const [day, setDay] = useState(todayIso());
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const invoices = useLoad(async () => {
    if (credit.customerId === null) return [];
    const [incoming, expired] = await Promise.all([
      getAll('/v1/saleinvoices', { query: { CustomerId: credit.customerId ?? undefined, Status: 'Incoming' } }),
      getAll('/v1/saleinvoices', { query: { CustomerId: credit.customerId ?? undefined, Status: 'Expired' } }),
    ]);
    const open = [...expired, ...incoming].filter((i) => i.balance > 0);
    // The invoice the credit corrects comes first.
    open.sort((a, b) => Number(b.id === credit.cancelledInvoicetId) - Number(a.id === credit.cancelledInvoicetId));
    if (open[0]) {
      setInvoiceId(String(open[0].id));
      setAmount(inputNumber(Math.min(open[0].balance, credit.balance)));
    }
    return open;
  }, [credit.id]);
  const chosen = invoices.data?.find((i) => String(i.id) === invoiceId);

  const submit = async () => {
    if (!chosen) return;
    setError(null);
    setBusy(true);
    const value = parseNumber(amount);
    try {
      await call('POST', '/v1/receipts', {
        body: {
          amount: 0,
          date: day,
          paymentMethod: 'Other',
          customerId: credit.customerId,
          reference: `${t('offsetReference')} ${credit.number ?? ''} / ${chosen.number ?? ''}`.slice(0, 100),
          links: [
            { type: 'Invoice', id: chosen.id, amount: value },
            { type: 'Credit', id: credit.id, amount: value === null || Number.isNaN(value) ? value : -value },
          ],
        },
      });
      onDone();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const amountError = fieldErrors(error, 'amount', 'links', 'links[0].amount', 'links[1].amount');
  return (
    <Dialog
      title={t('offsetTitle')}
      onClose={onClose}
      actions={
        <>
          <button type="button" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="button" class="primary" disabled={!chosen || busy} onClick={() => void submit()}>
            {t('offsetConfirm')}
          </button>
        </>
      }
    >
      {invoices.loading && <Loading />}
      {invoices.error !== undefined && <ErrorBox error={invoices.error} retry={invoices.reload} />}
      {invoices.data?.length === 0 && <p>{t('offsetNone')}</p>}
      {invoices.data && invoices.data.length > 0 && (
        <>
          <p>{t('offsetHelp', { balance: money(credit.balance) })}</p>
          {error !== null && !amountError && <ErrorBox error={error} />}
          <Select
            label={t('offsetInvoice')}
            value={invoiceId}
            onValue={(v) => {
              setInvoiceId(v);
              const inv = invoices.data!.find((i) => String(i.id) === v);
              if (inv) setAmount(inputNumber(Math.min(inv.balance, credit.balance)));
            }}
            options={invoices.data.map((i): [string, string] => [
              String(i.id),
              `${i.number ?? i.id} · ${t('balance')} ${money(i.balance)}`,
            ])}
          />
          <Field label={t('offsetAmount')} inputMode="decimal" value={amount} onValue={setAmount} error={amountError} />
          <DateField label={t('offsetDate')} value={day} onValue={setDay} error={fieldErrors(error, 'date')} />
        </>
      )}
    </Dialog>
  );
}
