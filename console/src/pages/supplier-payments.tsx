// The supplier payments of a supplier invoice (issue #31, docs/purchases.md): those settling it, a new
// one that may settle other invoices of the same supplier at once (one link per invoice), and a
// payment changed after it is made (PUT /v1/supplierpayments/{id}: its date, method, reference and
// what it settles on each invoice). The payment's amount is what its links settle (plus, on a payment
// made through the API with a part left unallocated, that part, kept as it is).
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, call, get, refuse } from '../api';
import type { Schemas } from '../api-types';
import { date, inputNumber, money, parseNumber } from '../format';
import {
  Confirm,
  DateField,
  ErrorBox,
  Field,
  fieldErrors,
  FormDialog,
  focusFirstError,
  Loading,
  Notice,
  SearchSelect,
  Select,
  Table,
  useLoad,
} from '../ui';
import { tp, type PurchaseDetails } from './purchases';
import { PAYMENT_METHODS, paymentMethodLabel } from './receipts';

/** A supplier payment (SupplierPayment). */
type SupplierPayment = Pick<Schemas['SupplierPayment'], 'id' | 'amount' | 'date' | 'paymentMethod' | 'reference' | 'links' | 'status'>;

/** An invoice of the supplier a payment may settle (PurchaseInvoice). */
type Payable = Pick<Schemas['PurchaseInvoice'], 'id' | 'reference' | 'subject' | 'date' | 'balance' | 'taxIncludedAmount'>;

type Method = (typeof PAYMENT_METHODS)[number];

/** A payment's fields as typed; `amounts` by invoice id. */
interface PaymentForm {
  date: string;
  method: Method;
  reference: string;
  amounts: Record<number, string>;
}

const todayIso = () => new Date().toISOString().slice(0, 10);
/** How many of the supplier's other invoices left to pay the new payment offers at once; the others are searched. */
const OTHERS_SHOWN = 5;
/** The supplier's invoices read with the payments (their names in the table, the edit dialog's invoices). */
const INVOICES_READ = 100;
const cents = (value: number) => Math.round(value * 100) / 100;
const nameOf = (p: Payable) => p.reference ?? p.subject ?? `#${p.id}`;

/**
 * The body's links, in the order of `invoices`, the amounts left empty or at 0 left out, and the index
 * of each invoice's link (to show the API's `links[i]` refusals beside that invoice's field). A figure
 * that is not a number is refused beside its field.
 */
function linksOf(invoices: Payable[], amounts: Record<number, string>, first: number) {
  const links: { id: number; amount: number }[] = [];
  const index = new Map<number, number>();
  const problems: Record<string, string[]> = {};
  for (const invoice of invoices) {
    const value = parseNumber(amounts[invoice.id] ?? '');
    if (value !== null && Number.isNaN(value)) problems[`invoice${invoice.id}`] = ['must be a number'];
    if (value === null || value === 0 || Number.isNaN(value)) continue;
    index.set(invoice.id, links.length);
    links.push({ id: invoice.id, amount: value });
  }
  if (!problems[`invoice${first}`] && !index.has(first) && links.length === 0) problems[`invoice${first}`] = ['is required'];
  if (Object.keys(problems).length) throw refuse(problems);
  return { links, index };
}

/** The refusals of an invoice's field: the form's own, the API's on its link, and (first field) on the whole payment. */
function invoiceError(error: unknown, id: number, index: Map<number, number>, first: boolean): string | undefined {
  const i = index.get(id);
  const names = [`invoice${id}`, ...(i === undefined ? [] : [`links[${i}].amount`, `links[${i}].id`])];
  return fieldErrors(error, ...names, ...(first ? ['amount', 'links', 'supplierId'] : []));
}

/** Date, method, reference and one amount per invoice, each refusal beside its field. */
function PaymentFields(props: {
  form: PaymentForm;
  set: (patch: Partial<PaymentForm>) => void;
  invoices: Payable[];
  /** The label of each invoice's amount. */
  labelOf: (invoice: Payable, position: number) => string;
  /** What remains due on an invoice (besides the payment edited), said under its field. */
  hintOf: (invoice: Payable) => string;
  index: Map<number, number>;
  error: unknown;
}) {
  const { form, set, invoices, error } = props;
  const total = cents(invoices.reduce((sum, i) => sum + (parseNumber(form.amounts[i.id] ?? '') || 0), 0));
  return (
    <>
      <div class="grid-form">
        {invoices.map((invoice, position) => (
          <Field
            key={invoice.id}
            label={props.labelOf(invoice, position)}
            value={form.amounts[invoice.id] ?? ''}
            inputMode="decimal"
            hint={props.hintOf(invoice)}
            onValue={(v) => {
              set({ amounts: { ...form.amounts, [invoice.id]: v } });
            }}
            error={invoiceError(error, invoice.id, props.index, position === 0)}
          />
        ))}
      </div>
      {invoices.length > 1 && (
        <p data-testid="payment-total" role="status">
          {tp('paymentTotal', { amount: money(Number.isNaN(total) ? 0 : total) })}
        </p>
      )}
      <div class="grid-form">
        <DateField
          label={tp('paidOn')}
          value={form.date}
          onValue={(v) => {
            set({ date: v });
          }}
          error={fieldErrors(error, 'date')}
        />
        <Select
          label={tp('method')}
          value={form.method}
          onValue={(v) => {
            set({ method: v });
          }}
          options={PAYMENT_METHODS.map((m) => [m, paymentMethodLabel(m)])}
          error={fieldErrors(error, 'paymentMethod')}
        />
        <Field
          label={tp('payReference')}
          value={form.reference}
          maxLength={200}
          onValue={(v) => {
            set({ reference: v });
          }}
          error={fieldErrors(error, 'reference')}
        />
      </div>
    </>
  );
}

/** Whether a refusal is shown beside one of the payment form's fields. */
const besideAField = (error: unknown) =>
  error instanceof ApiError &&
  Object.keys(error.fields).some((f) =>
    /^(invoice\d+|links(\[\d+\]\.(amount|id))?|amount|supplierId|date|paymentMethod|reference)$/.test(f),
  );

/** PUT /v1/supplierpayments/{id}: a payment changed after it is made. */
function EditPayment(props: { payment: SupplierPayment; invoices: Payable[]; onDone: () => void; onClose: () => void }) {
  const { payment } = props;
  const linked = new Map(payment.links.map((l) => [l.id, l.amount]));
  // The invoices it settles, then the supplier's others with something left to pay.
  const invoices = [
    ...props.invoices.filter((i) => linked.has(i.id)),
    ...props.invoices.filter((i) => !linked.has(i.id) && i.balance !== 0),
  ];
  const [form, setForm] = useState<PaymentForm>({
    date: payment.date,
    method: payment.paymentMethod,
    reference: payment.reference ?? '',
    amounts: Object.fromEntries(payment.links.map((l) => [l.id, inputNumber(l.amount)])),
  });
  const [error, setError] = useState<unknown>(null);
  const [index, setIndex] = useState(new Map<number, number>());
  const unallocated = cents(payment.amount - payment.links.reduce((sum, l) => sum + l.amount, 0));
  const save = async (e: Event) => {
    e.preventDefault();
    const container = e.currentTarget as HTMLElement;
    setError(null);
    try {
      const { links, index: at } = linksOf(invoices, form.amounts, invoices[0]?.id ?? 0);
      setIndex(at);
      await call('PUT', '/v1/supplierpayments/{id}', {
        path: { id: payment.id },
        body: {
          amount: cents(links.reduce((sum, l) => sum + l.amount, 0) + unallocated),
          date: form.date,
          paymentMethod: form.method,
          reference: form.reference.trim() || null,
          links,
        },
      });
      props.onDone();
    } catch (err) {
      setError(err);
      focusFirstError(container);
    }
  };
  return (
    <FormDialog
      title={tp('editPaymentTitle', { amount: money(payment.amount), date: date(payment.date) })}
      testId="edit-supplier-payment"
      cancelLabel={tp('cancel')}
      saveLabel={tp('saveChanges')}
      fields={[]}
      error={besideAField(error) ? null : error}
      onSubmit={(e) => void save(e)}
      onClose={props.onClose}
    >
      <PaymentFields
        form={form}
        set={(patch) => {
          setForm((f) => ({ ...f, ...patch }));
        }}
        invoices={invoices}
        labelOf={(invoice) => tp('onInvoice', { name: nameOf(invoice) })}
        hintOf={(invoice) => tp('dueBesides', { amount: money(cents(invoice.balance + (linked.get(invoice.id) ?? 0))) })}
        index={index}
        error={error}
      />
    </FormDialog>
  );
}

/**
 * The supplier payments settling this invoice (GET /v1/supplierpayments?PurchaseInvoiceId=, whatever
 * the number of the supplier's other payments), a new one (POST /v1/supplierpayments: this invoice, and the supplier's other invoices
 * left to pay the user gives an amount on), each changed or deleted.
 */
export function PurchasePayments({ purchase, readOnly, onChange }: { purchase: PurchaseDetails; readOnly: boolean; onChange: () => void }) {
  const loaded = useLoad(async () => {
    const supplierId = purchase.supplierId ?? undefined;
    const [payments, invoices] = await Promise.all([
      get('/v1/supplierpayments', { query: { PageSize: 100, PurchaseInvoiceId: purchase.id } }),
      supplierId === undefined
        ? Promise.resolve([])
        : get('/v1/purchaseinvoices', { query: { PageSize: INVOICES_READ, SupplierId: supplierId } }),
    ]);
    return { payments, invoices: invoices.filter((i) => i.id !== purchase.id) };
  }, [purchase.id, purchase.balance, purchase.supplierId]);
  const blank = (): PaymentForm => ({
    date: todayIso(),
    method: 'Transfer',
    reference: '',
    amounts: { [purchase.id]: inputNumber(purchase.balance) },
  });
  const [form, setForm] = useState<PaymentForm>(blank);
  const [error, setError] = useState<unknown>(null);
  const [index, setIndex] = useState(new Map<number, number>());
  const [done, setDone] = useState(false);
  const [editing, setEditing] = useState<SupplierPayment | null>(null);
  const [removing, setRemoving] = useState<SupplierPayment | null>(null);
  const [removeError, setRemoveError] = useState<unknown>(null);
  useEffect(() => {
    setForm((f) => ({ ...f, amounts: { [purchase.id]: inputNumber(purchase.balance) } }));
  }, [purchase.balance]);
  // This invoice first (it is the payment's supplier's), then the supplier's first others with something
  // left to pay, then those the user found through the search (any of the supplier's unpaid invoices).
  const [added, setAdded] = useState<Payable[]>([]);
  const found = useRef(new Map<string, Payable>());
  const unpaid = (loaded.data?.invoices ?? []).filter((i) => i.balance !== 0);
  const others = [
    ...unpaid.slice(0, OTHERS_SHOWN),
    ...added.filter((a) => a.id !== purchase.id && !unpaid.slice(0, OTHERS_SHOWN).some((i) => i.id === a.id)),
  ];
  const payables: Payable[] = [purchase, ...others];
  const supplierId = purchase.supplierId;
  const searchOthers = async (query: string): Promise<[string, string][]> => {
    if (supplierId === null) return [];
    const invoices = await get('/v1/purchaseinvoices', {
      query: { PageSize: 20, SupplierId: supplierId, Status: 'Unpaid', ...(query ? { query } : {}) },
    });
    return invoices
      .filter((i) => i.balance !== 0 && !payables.some((p) => p.id === i.id))
      .map((i): [string, string] => {
        found.current.set(String(i.id), i);
        return [String(i.id), tp('invoiceOption', { name: nameOf(i), date: date(i.date), amount: money(i.balance) })];
      });
  };
  const pay = async (e: Event) => {
    e.preventDefault();
    const container = e.currentTarget as HTMLElement;
    setError(null);
    setDone(false);
    try {
      const { links, index: at } = linksOf(payables, form.amounts, purchase.id);
      setIndex(at);
      await call('POST', '/v1/supplierpayments', {
        body: {
          amount: cents(links.reduce((sum, l) => sum + l.amount, 0)),
          date: form.date,
          paymentMethod: form.method,
          reference: form.reference.trim() || null,
          links,
        },
      });
      setForm(blank());
      setAdded([]);
      setDone(true);
      onChange();
    } catch (err) {
      setError(err);
      focusFirstError(container);
    }
  };
  const remove = async (p: SupplierPayment) => {
    setRemoving(null);
    setRemoveError(null);
    try {
      await call('DELETE', '/v1/supplierpayments/{id}', { path: { id: p.id } });
      onChange();
    } catch (err) {
      setRemoveError(err);
    }
  };
  const invoiceName = new Map<number, string>([
    [purchase.id, nameOf(purchase)],
    ...(loaded.data?.invoices ?? []).map((i): [number, string] => [i.id, nameOf(i)]),
  ]);
  const mine = (loaded.data?.payments ?? []).filter((p) => p.links.some((l) => l.id === purchase.id));
  return (
    <section aria-labelledby="purchase-payments">
      <h2 id="purchase-payments">{tp('payments')}</h2>
      {loaded.loading && <Loading />}
      {loaded.error !== undefined && <ErrorBox error={loaded.error} retry={loaded.reload} />}
      {loaded.data && !loaded.loading && (
        <Table
          rows={mine}
          rowKey={(p) => p.id}
          caption={tp('payments')}
          empty={tp('noPayment')}
          testId="purchase-payments"
          columns={[
            { label: tp('paidOn'), cell: (p) => date(p.date) },
            { label: tp('method'), cell: (p) => paymentMethodLabel(p.paymentMethod) },
            { label: tp('payReference'), cell: (p) => p.reference },
            {
              label: tp('onThisInvoice'),
              num: true,
              cell: (p) => money(p.links.filter((l) => l.id === purchase.id).reduce((sum, l) => sum + l.amount, 0)),
            },
            {
              label: tp('alsoSettles'),
              cell: (p) =>
                p.links
                  .filter((l) => l.id !== purchase.id)
                  .map((l) => `${invoiceName.get(l.id) ?? `#${l.id}`} : ${money(l.amount)}`)
                  .join(' · '),
            },
            ...(readOnly
              ? []
              : [
                  {
                    label: tp('actions'),
                    cell: (p: SupplierPayment) => (
                      <>
                        <button
                          type="button"
                          class="link"
                          aria-label={tp('editPaymentOf', { amount: money(p.amount), date: date(p.date) })}
                          onClick={() => {
                            setEditing(p);
                          }}
                        >
                          {tp('edit')}
                        </button>{' '}
                        <button
                          type="button"
                          class="link"
                          aria-label={tp('removePaymentOf', { amount: money(p.amount), date: date(p.date) })}
                          onClick={() => {
                            setRemoving(p);
                          }}
                        >
                          {tp('removePayment')}
                        </button>
                      </>
                    ),
                  },
                ]),
          ]}
        />
      )}
      {removeError !== null && <ErrorBox error={removeError} />}
      {editing && loaded.data && (
        <EditPayment
          payment={editing}
          invoices={[purchase, ...loaded.data.invoices]}
          onDone={() => {
            setEditing(null);
            onChange();
            loaded.reload();
          }}
          onClose={() => {
            setEditing(null);
          }}
        />
      )}
      {removing && (
        <Confirm
          title={tp('removePaymentTitle')}
          text={tp('removePaymentText', { amount: money(removing.amount), date: date(removing.date) })}
          confirmLabel={tp('removePayment')}
          danger
          onConfirm={() => void remove(removing)}
          onClose={() => {
            setRemoving(null);
          }}
        />
      )}
      {readOnly ? null : purchase.balance === 0 && purchase.taxIncludedAmount !== 0 && others.length === 0 ? (
        <p class="hint">{tp('nothingDue')}</p>
      ) : (
        <form onSubmit={(e) => void pay(e)} data-testid="supplier-payment" noValidate>
          <fieldset class="plain">
            <legend>{tp('pay')}</legend>
            <p class="hint">{others.length ? tp('payHelpSeveral') : tp('payHelp')}</p>
            <PaymentFields
              form={form}
              set={(patch) => {
                setDone(false);
                setForm((f) => ({ ...f, ...patch }));
              }}
              invoices={payables}
              labelOf={(invoice, position) => (position === 0 ? tp('amount') : tp('alsoOn', { name: nameOf(invoice) }))}
              hintOf={(invoice) => tp('due', { amount: money(invoice.balance) })}
              index={index}
              error={error}
            />
            {supplierId !== null && (unpaid.length > OTHERS_SHOWN || (loaded.data?.invoices.length ?? 0) >= INVOICES_READ) && (
              <SearchSelect
                label={tp('otherInvoice')}
                searchLabel={tp('searchOther')}
                value=""
                none={['', tp('chooseInvoice')]}
                onValue={(id) => {
                  const invoice = found.current.get(id);
                  if (invoice && !payables.some((p) => p.id === invoice.id)) setAdded((list) => [...list, invoice]);
                }}
                search={searchOthers}
                found={(n) => tp(n === 0 ? 'noInvoiceFound' : n === 1 ? 'oneInvoiceFound' : 'invoicesFound', { n })}
                testId="other-invoice-choice"
              />
            )}
            {error !== null && !besideAField(error) && <ErrorBox error={error} />}
            {done && <Notice>{tp('paymentRecorded')}</Notice>}
            <div class="actions">
              <button type="submit" class="primary">
                {tp('recordPayment')}
              </button>
            </div>
          </fieldset>
        </form>
      )}
    </section>
  );
}
