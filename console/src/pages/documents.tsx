// Invoices and credit notes: lists with the status filters; the draft editor (customer, date, lines)
// saved to the API as the user types, showing the totals the API computed and the conformance
// check's findings; finalization after confirmation; PDF preview and download; mark as paid
// (refunded); cancellation of an invoice.
import { Fragment } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, call, callBlob, getPage, type BodyOf } from '../api';
import type { Schemas } from '../api-types';
import { date, decimal, inputNumber, money, parseNumber } from '../format';
import { t, type Key } from '../i18n';
import { go, useRoute } from '../router';
import { Confirm, DateField, Dialog, ErrorBox, Field, fieldErrors, Loading, Pager, SearchBox, Select, useLoad } from '../ui';
import type { Customer } from './customers';
import { EInvoicingPanel, einvoicingLabel } from './einvoicing';
import { DepositDeduction, DepositsPanel, td } from './deposits';
import { FindingList, type Finding } from './findings';
import { frenchVats, unitOptions, units, type Product } from './products';
import { OffsetDialog } from './offset';
import { PAYMENT_METHODS, paymentMethodLabel } from './receipts';
import { RemindersPanel } from './reminders';
import { localMessage } from '../messages';

export type Kind = 'invoice' | 'credit' | 'quote';
const BASES = { invoice: '/v1/saleinvoices', credit: '/v1/salecredits', quote: '/v1/salequotes' } as const;
const SECTIONS = { invoice: 'invoices', credit: 'credits', quote: 'quotes' } as const;
const base = (kind: Kind) => BASES[kind];
const section = (kind: Kind) => SECTIONS[kind];
const listTitle = (kind: Kind) => t(SECTIONS[kind]);
const newTitle = (kind: Kind) => t(kind === 'invoice' ? 'newInvoice' : kind === 'credit' ? 'newCredit' : 'newQuote');

/** A line of a sale document, as the API answers it (SaleDocumentLine). */
type Line = Pick<
  Schemas['SaleDocumentLine'],
  | 'id'
  | 'type'
  | 'description'
  | 'quantity'
  | 'taxExcludedPrice'
  | 'taxExcludedAmount'
  | 'vat'
  | 'date'
  | 'discount'
  | 'productId'
  | 'productNumber'
  | 'productInternalId'
  | 'classificationId'
  | 'purchasePrice'
  | 'unit'
  | 'vatCategory'
  | 'vatExemptionCode'
>;

/** A line as the API takes it (PUT of a draft invoice; credits and quotes take the same). */
type ApiLineInput = NonNullable<BodyOf<'/v1/saleinvoices/{id}', 'PUT'>['lines']>[number];

/** The input the API takes for a line it answered: every field it gave, so an edit loses nothing. */
function lineInputOf(l: Line): ApiLineInput {
  const input: Record<string, unknown> = { type: l.type };
  for (const key of [
    'date',
    'description',
    'discount',
    'productId',
    'productNumber',
    'productInternalId',
    'classificationId',
    'purchasePrice',
    'quantity',
    'taxExcludedPrice',
    'vatCategory',
    'vatExemptionCode',
  ] as const) {
    if (l[key] !== null && l[key] !== undefined) input[key] = l[key];
  }
  if (l.unit?.code) input.unit = { code: l.unit.code };
  else if (l.unit?.id) input.unit = { id: l.unit.id };
  if (l.vat) input.vat = { rate: l.vat.rate };
  // Each field copied is the answered field of the same name, which the input takes as it is.
  return input;
}

/** Lines the editor edits; any other type (text, title, subtotal…) is kept as the API gave it. */
const EDITABLE = new Set(['Product', 'Service']);

type Invoice = Schemas['Invoice'];
type Credit = Schemas['Credit'];
type Quote = Schemas['Quote'];
/** What the three kinds share: each must have the field (Pick of each), so a field one loses fails. */
type Shared =
  | 'id'
  | 'number'
  | 'date'
  | 'customerId'
  | 'customerName'
  | 'balance'
  | 'taxExcludedAmount'
  | 'taxAmount'
  | 'taxIncludedAmount'
  | 'vats'
  | 'lines';

/** An invoice, a credit note or a quote, as the console reads them (one editor for the three). */
export type SaleDocument = Pick<Invoice, Shared> &
  Pick<Credit, Shared> &
  Pick<Quote, Shared> &
  // Invoices and credit notes; a quote answers neither isDraft nor isPaid (read as false).
  Partial<Pick<Invoice, 'isDraft' | 'isPaid'>> &
  Partial<Pick<Credit, 'isDraft' | 'isPaid'>> &
  Partial<
    Pick<Invoice, 'dueDate' | 'subject' | 'isCancelled' | 'cancellationCreditId' | 'cancellationCreditNumber' | 'quoteId' | 'quoteNumber'>
  > &
  Partial<Pick<Invoice & Credit, 'einvoicingWarnings' | 'einvoicingStatus' | 'einvoicingStatuses'>> &
  /** Credit notes: the invoice they cancel. */
  Partial<Pick<Credit, 'cancelledInvoicetId' | 'cancelledInvoicetNumber'>> &
  /** Quotes: the reference's QuoteStatus, the validity date, expiry, the invoice made from it, its deposit invoices. */
  Partial<Pick<Quote, 'status' | 'validityDate' | 'isExpired' | 'invoiceId' | 'depositInvoiceIds'>> &
  /** Invoices made from a quote: a deposit invoice, or the final one and the deposits it deducts. */
  Partial<Pick<Invoice, 'isDeposit' | 'prepaidAmount' | 'depositInvoices'>>;

/** What the identity notice reads of the settings. */
type CompanySettings = Pick<Schemas['Settings'], 'company' | 'vat'>;

/** What finalization needs of the company and the settings lack (the API's refusal starts with the same). */
function missingIdentity({ company, vat }: CompanySettings): string[] {
  const missing: string[] = [];
  if (!company.siret?.trim()) missing.push(t('identitySiret'));
  if (vat.liableToVat && !company.vatNumber?.trim()) missing.push(t('identityVat'));
  const a = company.invoicingAddress;
  if (!a?.street || !a.zipcode || !a.city || !a.countryIso) missing.push(t('identityAddress'));
  return missing;
}

/** On the first page: the company settings come first, until they are complete. */
function IdentityNotice() {
  const settings = useLoad(async () => (await call('GET', '/v1/settings')).data, []);
  const missing = settings.data ? missingIdentity(settings.data) : [];
  if (!missing.length) return null;
  return (
    <p class="notice" role="status" data-testid="identity-notice">
      {t('identityIncomplete', { missing: missing.join(', ') })} <a href="#/settings">{t('openSettings')}</a>
    </p>
  );
}

const QUOTE_FILTERS = ['Pending', 'Sent', 'Accepted', 'Refused', 'Invoiced', 'Closed', 'Expired'] as const;
const quoteState = (status: string) => t(`quote${status}` as Key);
/** A quote the seller may still change: Pending or Sent (PUT /v1/salequotes answers 409 otherwise). */
const quoteEditable = (doc: SaleDocument) => doc.status === 'Pending' || doc.status === 'Sent';

const STATUSES = ['Draft', 'Incoming', 'Expired', 'Paid', 'ToSend', 'Processed'] as const;
/** The credit note list's filters: the API's Status (GET /v1/salecredits takes it too) and Processed. */
const CREDIT_FILTERS = ['Draft', 'ToSend', 'Paid', 'Processed'] as const;
const PAGE_SIZE = 20;

function stateOf(doc: SaleDocument, kind: Kind): string {
  if (kind === 'quote') return quoteState(doc.status ?? 'Pending') + (doc.isExpired ? ` (${quoteState('Expired').toLowerCase()})` : '');
  if (doc.isDraft) return t('Draft');
  if (doc.isCancelled) return t('cancelledState');
  if (doc.isPaid) return kind === 'invoice' ? t('Paid') : t('refunded');
  // Settled in part: a payment (or a credit) took some of it, not all.
  if (doc.balance !== 0 && Math.abs(doc.balance) < Math.abs(doc.taxIncludedAmount))
    return kind === 'invoice' ? t('partlyPaid') : t('partlyRefunded');
  return t('finalized');
}

/** The lists' platform-status filter (EInvoicingStatus): the statuses a user acts on, by what they mean. */
const PLATFORM_FILTERS = [
  ['', 'platformFilterAny'],
  ['210,213', 'platformFilterToFix'],
  ['207', 'platformFilterDisputed'],
  ['205', 'platformFilterApproved'],
  ['211,212', 'platformFilterPaid'],
  ['220', 'platformFilterCancelled'],
] as const;

function PlatformStatusFilter({ value, onValue }: { value: string; onValue: (codes: string) => void }) {
  return (
    <label class="inline-filter">
      {t('einvoicingColumn')}{' '}
      <select
        value={value}
        onChange={(e) => {
          onValue((e.target as HTMLSelectElement).value);
        }}
        data-testid="platform-filter"
      >
        {PLATFORM_FILTERS.map(([codes, label]) => (
          <option key={codes} value={codes}>
            {t(label)}
          </option>
        ))}
      </select>
    </label>
  );
}

function badgeOf(doc: SaleDocument, kind: Kind): string {
  if (kind === 'quote') return doc.status === 'Pending' ? 'draft' : doc.status === 'Accepted' || doc.status === 'Invoiced' ? 'paid' : '';
  return doc.isDraft ? 'draft' : doc.isPaid ? 'paid' : '';
}

export function DocumentsPage({ kind, query }: { kind: Kind; query: URLSearchParams }) {
  const status = query.get('status') ?? '';
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState(query.get('q') ?? '');
  // "Processed" is the specification's own filter (a terminal e-invoicing status was taken into account).
  const platformCodes = kind === 'quote' ? '' : (query.get('einvoicing') ?? '');
  const common = { PageIndex: page, PageSize: PAGE_SIZE, ...(search ? { query: search } : {}) };
  const einvoicing = {
    ...(status === 'Processed' ? { Processed: 'Only' as const } : {}),
    ...(platformCodes ? { EInvoicingStatus: platformCodes } : {}),
  };
  const invoiceStatus = STATUSES.find((s): s is Exclude<(typeof STATUSES)[number], 'Processed'> => s === status && s !== 'Processed');
  const quoteStatus = QUOTE_FILTERS.find((s) => s === status);
  const list = useLoad(
    (): Promise<{ items: SaleDocument[]; total: number; pages: number }> =>
      kind === 'invoice'
        ? getPage('/v1/saleinvoices', { query: { ...common, ...einvoicing, ...(invoiceStatus ? { Status: invoiceStatus } : {}) } })
        : kind === 'credit'
          ? getPage('/v1/salecredits', { query: { ...common, ...einvoicing, ...(invoiceStatus ? { Status: invoiceStatus } : {}) } })
          : getPage('/v1/salequotes', { query: { ...common, ...(quoteStatus ? { Status: quoteStatus } : {}) } }),
    [kind, page, status, platformCodes, search],
  );
  const platformColumn = kind !== 'quote' && !!list.data?.items.some((d) => d.einvoicingStatus);
  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>{listTitle(kind)}</h1>
        <a class="button primary" href={`#/${section(kind)}/new`}>
          {newTitle(kind)}
        </a>
      </div>
      {kind === 'invoice' && <IdentityNotice />}
      <SearchBox
        label={t('searchDocuments')}
        initial={search}
        onSearch={(q) => {
          if (q === search) return;
          setSearch(q);
          setPage(1);
        }}
      />
      {
        <nav class="filters" aria-label={t('status')}>
          {(['', ...(kind === 'invoice' ? STATUSES : kind === 'credit' ? CREDIT_FILTERS : QUOTE_FILTERS)] as const).map((s) => (
            <a
              key={s}
              href={`#/${section(kind)}${s ? `?status=${s}` : ''}`}
              aria-current={status === s ? 'true' : undefined}
              onClick={() => {
                setPage(1);
              }}
            >
              {s === 'Processed'
                ? t(kind === 'credit' ? 'processedCredits' : 'processedFilter')
                : kind === 'credit' && s === 'Paid'
                  ? t('refunded')
                  : s
                    ? kind === 'quote'
                      ? quoteState(s)
                      : t(s as Exclude<(typeof STATUSES)[number], 'Processed'>)
                    : t(kind === 'quote' ? 'allQuotes' : kind === 'credit' ? 'allCredits' : 'all')}
            </a>
          ))}
        </nav>
      }
      {kind !== 'quote' && (
        <PlatformStatusFilter
          value={platformCodes}
          onValue={(codes) => {
            setPage(1);
            const next = new URLSearchParams(query);
            if (codes) next.set('einvoicing', codes);
            else next.delete('einvoicing');
            const qs = next.toString();
            go(`/${section(kind)}${qs ? `?${qs}` : ''}`);
          }}
        />
      )}
      {list.loading && <Loading />}
      {list.error !== undefined && <ErrorBox error={list.error} retry={list.reload} />}
      {list.data && !list.loading && (
        <>
          {list.data.items.length === 0 ? (
            <p>{t('empty')}</p>
          ) : (
            <div class="table-wrap">
              <table>
                <caption class="visually-hidden">{listTitle(kind)}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('number')}</th>
                    <th scope="col">{t('date')}</th>
                    <th scope="col">{t('customer')}</th>
                    <th scope="col">{t('status')}</th>
                    <th scope="col" class="num">
                      {t('total')}
                    </th>
                    {kind === 'quote' ? (
                      <th scope="col">{t('validityDate')}</th>
                    ) : (
                      <th scope="col" class="num">
                        {kind === 'credit' ? t('toRefund') : t('balance')}
                      </th>
                    )}
                    {platformColumn && <th scope="col">{t('einvoicingColumn')}</th>}
                  </tr>
                </thead>
                <tbody>
                  {list.data.items.map((d) => (
                    <tr key={d.id}>
                      <td data-label={t('number')}>
                        <a href={`#/${section(kind)}/${d.id}`}>{d.number ?? `${t('Draft')} #${d.id}`}</a>
                      </td>
                      <td data-label={t('date')}>{date(d.date)}</td>
                      <td data-label={t('customer')}>{d.customerName}</td>
                      <td data-label={t('status')}>
                        <span class={`badge ${badgeOf(d, kind)}`}>{stateOf(d, kind)}</span>
                      </td>
                      <td data-label={t('total')} class="num">
                        {money(d.taxIncludedAmount)}
                      </td>
                      {kind === 'quote' ? (
                        <td data-label={t('validityDate')}>{d.validityDate ? date(d.validityDate) : ''}</td>
                      ) : (
                        <td data-label={kind === 'credit' ? t('toRefund') : t('balance')} class="num">
                          {money(d.balance)}
                        </td>
                      )}
                      {platformColumn && (
                        <td data-label={t('einvoicingColumn')} data-testid="platform-status">
                          {einvoicingLabel(d.einvoicingStatus)}
                        </td>
                      )}
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

async function productOptions(): Promise<Product[]> {
  return (await getPage('/v1/products', { query: { PageSize: 100 } })).items;
}

async function customerOptions(): Promise<Customer[]> {
  return (await getPage('/v1/customers', { query: { PageSize: 100, OrderBy: 'name' } })).items;
}

/** A new document starts from its customer: the draft is created once one is chosen. */
function NewDocument({ kind }: { kind: Kind }) {
  const customers = useLoad(customerOptions, []);
  // From a customer's page (#/invoices/new?customer=12) the customer is already chosen.
  const [customerId, setCustomerId] = useState(useRoute().query.get('customer') ?? '');
  const [error, setError] = useState<unknown>(null);
  const create = async (e: Event) => {
    e.preventDefault();
    setError(null);
    try {
      const answer = await call('POST', base(kind), { body: { customerId: customerId ? Number(customerId) : null } });
      go(`/${section(kind)}/${answer.data.id}`);
    } catch (err) {
      setError(err);
    }
  };
  if (customers.loading) return <Loading />;
  if (customers.error !== undefined || !customers.data) return <ErrorBox error={customers.error} retry={customers.reload} />;
  return (
    <>
      <p>
        <a href={`#/${section(kind)}`}>← {listTitle(kind)}</a>
      </p>
      <h1 tabIndex={-1}>{newTitle(kind)}</h1>
      <form onSubmit={(e) => void create(e)} class="grid-form" noValidate>
        {error !== null && <ErrorBox error={error} />}
        <Select
          label={t('customer')}
          value={customerId}
          onValue={setCustomerId}
          required
          options={[
            ['', t('chooseCustomer')],
            ...customers.data.map((c): [string, string] => [String(c.id), `${c.name ?? ''} (${c.number ?? ''})`]),
          ]}
          error={fieldErrors(error, 'customerId')}
        />
        <p>
          <a href="#/customers/new">{t('newCustomer')}</a>
        </p>
        <div class="actions">
          <button type="submit" class="primary">
            {t('new')}
          </button>
        </div>
      </form>
    </>
  );
}

interface LineInput {
  key: number;
  /** Product (goods, account 707) or Service (706): chosen per line, never assumed. */
  type: string;
  description: string;
  quantity: string;
  price: string;
  vatRate: string;
  /** The line's discount ('' for none): a percentage or a fixed amount excluding tax, as `discountType` says. */
  discount: string;
  discountType: DiscountType;
  /** The unit's code in /v1/units ('' for none). */
  unit: string;
  /** The line's own date (BT-134, ISO; '' for none). */
  date: string;
  /** The catalogue product the line was made from ('' for free entry). */
  productId: string;
  /** The line as the API answered it: its other fields (purchase price, classification…) are sent back. */
  original: Line | null;
}

type DiscountType = NonNullable<NonNullable<Line['discount']>['type']>;

let lineKeys = 0;
const toInput = (l: Line): LineInput => ({
  key: ++lineKeys,
  type: l.type,
  description: l.description ?? '',
  quantity: inputNumber(l.quantity),
  price: inputNumber(l.taxExcludedPrice),
  vatRate: l.vat ? String(l.vat.rate) : '20',
  discount: l.discount?.value ? inputNumber(l.discount.value) : '',
  discountType: l.discount?.type ?? 'Percent',
  unit: l.unit?.code ?? '',
  date: l.date ?? '',
  productId: l.productId ? String(l.productId) : '',
  original: l,
});
const editable = (l: LineInput) => EDITABLE.has(l.type) || !l.original;

function Totals({ doc }: { doc: SaleDocument }) {
  return (
    <section class="totals" aria-labelledby="totals-title" aria-live="polite">
      <h2 id="totals-title">{t('totals')}</h2>
      <dl>
        <dt>{t('totalHT')}</dt>
        <dd data-testid="total-ht">{money(doc.taxExcludedAmount)}</dd>
        {doc.vats.map((v) => (
          <>
            <dt key={`t${v.vat.rate}`}>{t('vatAt', { rate: v.vat.label ?? '' })}</dt>
            <dd key={`d${v.vat.rate}`}>{money(v.vatAmount)}</dd>
          </>
        ))}
        <dt class="grand">{t('total')}</dt>
        <dd class="grand" data-testid="total-ttc">
          {money(doc.taxIncludedAmount)}
        </dd>
      </dl>
      <DepositDeduction
        doc={{
          taxIncludedAmount: doc.taxIncludedAmount,
          prepaidAmount: doc.prepaidAmount ?? 0,
          depositInvoices: doc.depositInvoices ?? [],
        }}
      />
    </section>
  );
}

function DraftEditor({
  kind,
  initial,
  etag: initialEtag,
  onFinalized,
}: {
  kind: Kind;
  initial: SaleDocument;
  etag: string | null;
  onFinalized: () => void;
}) {
  const [doc, setDoc] = useState(initial);
  const [lines, setLines] = useState<LineInput[]>(() => initial.lines.map(toInput));
  const [docDate, setDocDate] = useState(initial.date);
  const [subject, setSubject] = useState(initial.subject ?? '');
  const [customerId, setCustomerId] = useState(initial.customerId ? String(initial.customerId) : '');
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState<'idle' | 'pending' | 'saving' | 'saved'>('idle');
  const [findings, setFindings] = useState<Finding[] | null>(null);
  const [checking, setChecking] = useState(false);
  const [asking, setAsking] = useState<'finalize' | 'delete' | 'accept' | 'refuse' | null>(null);
  const etag = useRef(initialEtag);
  const dirty = useRef(false);
  const data = useLoad(async () => {
    const [vats, customers, products, unitList] = await Promise.all([frenchVats(), customerOptions(), productOptions(), units()]);
    return { vats, customers, products, units: unitList };
  }, []);

  const localErrors = lines.map((l) => ({
    quantity: Number.isNaN(parseNumber(l.quantity) ?? 0) ? '≠ 1,5' : undefined,
    price: Number.isNaN(parseNumber(l.price) ?? 0) ? '≠ 1 234,56' : undefined,
    discount: Number.isNaN(parseNumber(l.discount) ?? 0) ? '≠ 10 ou 12,5' : undefined,
  }));
  const valid = localErrors.every((e) => !e.quantity && !e.price && !e.discount);

  const save = async (): Promise<boolean> => {
    if (!valid) return false;
    setSaving('saving');
    const body: BodyOf<'/v1/saleinvoices/{id}', 'PUT'> = {
      customerId: customerId ? Number(customerId) : null,
      date: docDate,
      subject: subject.trim() || null,
      lines: lines.map((l) => {
        const kept = l.original ? lineInputOf(l.original) : {};
        if (!editable(l)) return kept;
        const { productId: _p, ...rest } = kept;
        const discount = parseNumber(l.discount);
        return {
          ...rest,
          // Editable lines are Product or Service (EDITABLE).
          type: l.type as ApiLineInput['type'],
          description: l.description || null,
          quantity: parseNumber(l.quantity) ?? 0,
          taxExcludedPrice: parseNumber(l.price) ?? 0,
          vat: { rate: Number(l.vatRate) },
          discount: discount ? { type: l.discountType, value: discount } : null,
          unit: l.unit ? { code: l.unit } : null,
          date: l.date || null,
          ...(l.productId ? { productId: Number(l.productId) } : {}),
        };
      }),
    };
    try {
      const answer = await call('PUT', `${base(kind)}/{id}`, { path: { id: doc.id }, body, ifMatch: etag.current });
      etag.current = answer.etag;
      setDoc(answer.data);
      setError(null);
      setSaving('saved');
      return true;
    } catch (err) {
      setError(err);
      setSaving('idle');
      return false;
    }
  };

  // Saved as the user types, after a short pause: the totals shown are the API's.
  useEffect(() => {
    if (!dirty.current) return;
    if (!valid) {
      setSaving('idle');
      return;
    }
    setSaving('pending');
    setFindings(null);
    const timer = setTimeout(() => void save(), 600);
    return () => {
      clearTimeout(timer);
    };
  }, [lines, docDate, customerId, subject]);

  const change = (index: number, field: Exclude<keyof LineInput, 'key' | 'original'>, value: string) => {
    dirty.current = true;
    setLines((ls) => ls.map((l, i) => (i === index ? { ...l, [field]: value } : l)));
  };
  const addLine = () => {
    dirty.current = true;
    setLines((ls) => [
      ...ls,
      {
        key: ++lineKeys,
        type: 'Service',
        description: '',
        quantity: '1',
        price: '',
        vatRate: '20',
        discount: '',
        discountType: 'Percent',
        unit: '',
        date: '',
        productId: '',
        original: null,
      },
    ]);
    setTimeout(() => document.querySelector<HTMLInputElement>('.line:last-child input')?.focus());
  };
  /** A catalogue product fills the line: its kind, name, price and VAT rate (all still editable). */
  const pickProduct = (index: number, productId: string) => {
    const product = data.data?.products.find((p) => String(p.id) === productId);
    dirty.current = true;
    setLines((ls) =>
      ls.map((l, i) =>
        i !== index
          ? l
          : product
            ? {
                ...l,
                productId,
                type: product.type === 'Product' ? 'Product' : 'Service',
                description: product.name ?? product.description ?? '',
                price: inputNumber(product.unitPrice),
                vatRate: product.vat ? String(product.vat.rate) : l.vatRate,
                unit: product.unit?.code ?? l.unit,
              }
            : { ...l, productId: '' },
      ),
    );
  };
  const removeLine = (index: number) => {
    dirty.current = true;
    setLines((ls) => ls.filter((_, i) => i !== index));
  };

  const check = async () => {
    setChecking(true);
    setFindings(null);
    try {
      if (saving === 'pending' && !(await save())) return;
      setFindings(
        (
          await call('POST', kind === 'credit' ? '/v1/salecredits/checkeinvoicing/{id}' : '/v1/saleinvoices/checkeinvoicing/{id}', {
            path: { id: doc.id },
          })
        ).data.findings,
      );
    } catch (err) {
      setError(err);
    } finally {
      setChecking(false);
    }
  };
  const finalize = async () => {
    setAsking(null);
    try {
      if (saving === 'pending' && !(await save())) return;
      await call('POST', kind === 'credit' ? '/v1/salecredits/finalize/{id}' : '/v1/saleinvoices/finalize/{id}', {
        path: { id: doc.id },
        query: { dateAdjustment: 'MinimumDate' },
      });
      onFinalized();
    } catch (err) {
      setError(err);
    }
  };
  /** A quote's action (markassent, accept, refuse) after the last change is saved. */
  const quoteAction = async (action: 'markassent' | 'accept' | 'refuse') => {
    setAsking(null);
    try {
      if (saving === 'pending' && !(await save())) return;
      await call('POST', `/v1/salequotes/${action}/{id}`, { path: { id: doc.id } });
      onFinalized();
    } catch (err) {
      setError(err);
    }
  };
  /** A quote sent by e-mail: saved, issued when it has no number yet, then the send dialog. */
  const [mailing, setMailing] = useState<SaleDocument | null>(null);
  const sendQuote = async () => {
    try {
      if (saving === 'pending' && !(await save())) return;
      setMailing(doc.number ? doc : (await call('POST', '/v1/salequotes/issue/{id}', { path: { id: doc.id } })).data);
    } catch (err) {
      setError(err);
    }
  };
  const remove = async () => {
    setAsking(null);
    try {
      await call('DELETE', `${base(kind)}/{id}`, { path: { id: doc.id }, ifMatch: etag.current });
      go(`/${section(kind)}`);
    } catch (err) {
      setError(err);
    }
  };

  if (data.loading) return <Loading />;
  if (data.error !== undefined || !data.data) return <ErrorBox error={data.error} retry={data.reload} />;
  const err = (...names: string[]) => fieldErrors(error, ...names);
  const generalError =
    error instanceof ApiError && Object.keys(error.fields).length === 0 ? error : error && !(error instanceof ApiError) ? error : null;
  return (
    <>
      <div class="doc-meta grid-form">
        <Select
          label={t('customer')}
          value={customerId}
          onValue={(v) => {
            dirty.current = true;
            setCustomerId(v);
          }}
          options={[['', t('chooseCustomer')], ...data.data.customers.map((c): [string, string] => [String(c.id), c.name ?? ''])]}
          error={err('customerId')}
        />
        <DateField
          label={t('date')}
          value={docDate}
          onValue={(v) => {
            dirty.current = true;
            setDocDate(v);
          }}
          error={err('date')}
        />
        <Field
          class="desc"
          label={t('documentSubject')}
          value={subject}
          onValue={(v) => {
            dirty.current = true;
            setSubject(v);
          }}
          error={err('subject')}
        />
        {kind === 'invoice' && (
          <p class="hint" data-testid="draft-due-date">
            {t('dueDate')} : {doc.dueDate ? date(doc.dueDate) : '—'} · {t('dueDateFromTerms')}
          </p>
        )}
      </div>
      {error instanceof ApiError && Object.keys(error.fields).length > 0 && (
        <div class="error" role="alert">
          <p>{t('fixErrors')}</p>
          <ul>
            {Object.entries(error.fields).map(([f, m]) => (
              <li key={f}>{m.map(localMessage).join(' ')}</li>
            ))}
          </ul>
        </div>
      )}
      {generalError !== null && <ErrorBox error={generalError} />}
      <section aria-labelledby="lines-title">
        <h2 id="lines-title">{t('lines')}</h2>
        <ol class="lines">
          {lines.map((l, i) =>
            !editable(l) ? (
              <li key={l.key} class="line kept" data-testid="kept-line">
                <p>
                  <strong>{t('keptLine', { type: l.type })}</strong> {l.description}
                </p>
                <button
                  type="button"
                  class="link danger"
                  onClick={() => {
                    removeLine(i);
                  }}
                  aria-label={t('removeLine', { n: i + 1 })}
                >
                  ✕
                </button>
              </li>
            ) : (
              <li key={l.key} class="line">
                <fieldset>
                  <legend>{t('line', { n: i + 1 })}</legend>
                  <Select
                    label={t('fromProduct')}
                    value={l.productId}
                    onValue={(v) => {
                      pickProduct(i, v);
                    }}
                    options={[
                      ['', t('noProduct')],
                      ...data.data!.products.map((p): [string, string] => [String(p.id), p.name ?? `#${p.id}`]),
                    ]}
                  />
                  <Select
                    label={t('lineType')}
                    value={l.type}
                    onValue={(v) => {
                      change(i, 'type', v);
                    }}
                    options={[
                      ['Service', t('Service')],
                      ['Product', t('Product')],
                    ]}
                    error={err(`lines[${i}].type`)}
                  />
                  <Field
                    class="desc"
                    label={t('description')}
                    value={l.description}
                    onValue={(v) => {
                      change(i, 'description', v);
                    }}
                    error={err(`lines[${i}].description`)}
                  />
                  <Field
                    label={t('quantity')}
                    inputMode="decimal"
                    value={l.quantity}
                    onValue={(v) => {
                      change(i, 'quantity', v);
                    }}
                    error={localErrors[i].quantity ?? err(`lines[${i}].quantity`)}
                  />
                  <Field
                    label={t('unitPrice')}
                    inputMode="decimal"
                    value={l.price}
                    onValue={(v) => {
                      change(i, 'price', v);
                    }}
                    error={localErrors[i].price ?? err(`lines[${i}].taxExcludedPrice`, `lines[${i}]`)}
                  />
                  <Select
                    label={t('vat')}
                    value={l.vatRate}
                    onValue={(v) => {
                      change(i, 'vatRate', v);
                    }}
                    options={data.data!.vats.map((v) => [String(v.rate), v.label])}
                    error={err(`lines[${i}].vat`)}
                  />
                  <Select
                    label={t('unit')}
                    value={l.unit}
                    onValue={(v) => {
                      change(i, 'unit', v);
                    }}
                    options={unitOptions(data.data!.units, l.unit)}
                    error={err(`lines[${i}].unit`, `lines[${i}].unit.code`, `lines[${i}].unit.id`)}
                  />
                  <DateField
                    label={t('lineDate')}
                    value={l.date}
                    onValue={(v) => {
                      change(i, 'date', v);
                    }}
                    onClear={() => {
                      change(i, 'date', '');
                    }}
                    error={err(`lines[${i}].date`)}
                  />
                  <Select<DiscountType>
                    label={t('discountKind')}
                    value={l.discountType}
                    onValue={(v) => {
                      change(i, 'discountType', v);
                    }}
                    options={[
                      ['Percent', t('discountPercent')],
                      ['Fixed', t('discountFixed')],
                    ]}
                    error={err(`lines[${i}].discount.type`)}
                  />
                  <Field
                    label={l.discountType === 'Fixed' ? t('lineDiscountFixed') : t('lineDiscount')}
                    inputMode="decimal"
                    value={l.discount}
                    onValue={(v) => {
                      change(i, 'discount', v);
                    }}
                    error={localErrors[i].discount ?? err(`lines[${i}].discount`, `lines[${i}].discount.value`)}
                  />
                  <p class="line-amount">{doc.lines[i] && saving !== 'pending' ? money(doc.lines[i].taxExcludedAmount) : ''}</p>
                  <button
                    type="button"
                    class="link danger"
                    onClick={() => {
                      removeLine(i);
                    }}
                    aria-label={t('removeLine', { n: i + 1 })}
                  >
                    ✕
                  </button>
                </fieldset>
              </li>
            ),
          )}
        </ol>
        <button type="button" onClick={addLine}>
          + {t('addLine')}
        </button>
      </section>
      <p class="save-state" role="status" aria-live="polite">
        {saving === 'saving' || saving === 'pending' ? t('saving') : saving === 'saved' ? t('draftSaved') : ''}
      </p>
      <Totals doc={doc} />
      {findings && (
        <section class={findings.length ? 'findings' : 'notice'} aria-labelledby="findings-title" role="region">
          <h2 id="findings-title">{findings.length ? t('findings') : t('checkOk')}</h2>
          <FindingList findings={findings} customerId={doc.customerId} />
        </section>
      )}
      {kind === 'quote' ? (
        <div class="actions">
          <PdfButtons kind={kind} doc={doc} />
          <button type="button" onClick={() => void sendQuote()}>
            {t('sendByEmail')}
          </button>
          <button type="button" onClick={() => void quoteAction('markassent')}>
            {t('markSent')}
          </button>
          <button
            type="button"
            class="primary"
            onClick={() => {
              setAsking('accept');
            }}
          >
            {t('acceptQuote')}
          </button>
          <button
            type="button"
            onClick={() => {
              setAsking('refuse');
            }}
          >
            {t('refuseQuote')}
          </button>
          {!doc.number && (
            <button
              type="button"
              class="danger"
              onClick={() => {
                setAsking('delete');
              }}
            >
              {t('delete')}
            </button>
          )}
        </div>
      ) : (
        <div class="actions">
          <button type="button" onClick={() => void check()} disabled={checking}>
            {checking ? t('loading') : t('check')}
          </button>
          <PdfButtons kind={kind} doc={doc} />
          <button
            type="button"
            class="primary"
            onClick={() => {
              setAsking('finalize');
            }}
          >
            {t('finalize')}
          </button>
          <button
            type="button"
            class="danger"
            onClick={() => {
              setAsking('delete');
            }}
          >
            {t('delete')}
          </button>
        </div>
      )}
      {mailing && (
        <SendDialog
          kind={kind}
          doc={mailing}
          onClose={() => {
            setMailing(null);
            onFinalized();
          }}
        />
      )}
      {(asking === 'accept' || asking === 'refuse') && (
        <Confirm
          title={asking === 'accept' ? t('acceptQuote') : t('refuseQuote')}
          text={t(asking === 'accept' ? 'acceptConfirm' : 'refuseConfirm')}
          confirmLabel={asking === 'accept' ? t('acceptQuote') : t('refuseQuote')}
          danger={asking === 'refuse'}
          onConfirm={() => void quoteAction(asking)}
          onClose={() => {
            setAsking(null);
          }}
        />
      )}
      {asking === 'finalize' && (
        <Confirm
          title={t('finalize')}
          text={t('finalizeConfirm')}
          confirmLabel={t('finalize')}
          onConfirm={() => void finalize()}
          onClose={() => {
            setAsking(null);
          }}
        />
      )}
      {asking === 'delete' && (
        <Confirm
          title={t('delete')}
          text={t('deleteDraftConfirm')}
          confirmLabel={t('delete')}
          danger
          onConfirm={() => void remove()}
          onClose={() => {
            setAsking(null);
          }}
        />
      )}
    </>
  );
}

function PdfButtons({ kind, doc }: { kind: Kind; doc: SaleDocument }) {
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const open = async () => {
    setError(null);
    try {
      const blob = (await callBlob(`${base(kind)}/download/{id}`, { path: { id: doc.id } })).data;
      setPreview(URL.createObjectURL(blob));
    } catch (err) {
      setError(err);
    }
  };
  const close = () => {
    if (preview) URL.revokeObjectURL(preview);
    setPreview(null);
  };
  return (
    <>
      <button type="button" onClick={() => void open()}>
        {t('pdfPreview')}
      </button>
      <a class="button" href={`${base(kind)}/download/${doc.id}`} download>
        {t('download')}
      </a>
      {error !== null && <ErrorBox error={error} />}
      {preview && (
        <Dialog
          title={t('pdfPreview')}
          onClose={close}
          actions={
            <button type="button" class="primary" onClick={close}>
              {t('close')}
            </button>
          }
        >
          <iframe class="pdf" src={preview} title={t('pdfPreview')} />
        </Dialog>
      )}
    </>
  );
}

/**
 * A credit note for a finalized invoice, by the integrators' API: the full cancellation
 * (POST /v1/saleinvoices/cancel/{id}: a finalized credit repeating the invoice) or a partial credit
 * (POST /v1/salecredits naming the invoice, cancelledInvoicetId, BT-25: a draft starting from the
 * invoice's lines, to edit before finalizing).
 */
function CreditDialog({ doc, onCancelled, onClose }: { doc: SaleDocument; onCancelled: () => void; onClose: () => void }) {
  const [choice, setChoice] = useState<'partial' | 'full'>('partial');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setError(null);
    setBusy(true);
    try {
      if (choice === 'full') {
        await call('POST', '/v1/saleinvoices/cancel/{id}', { path: { id: doc.id } });
        onCancelled();
      } else {
        const lines = doc.lines
          .filter((l) => l.type === 'Product' || l.type === 'Service')
          .map((l) => ({
            type: l.type,
            description: l.description,
            quantity: l.quantity ?? 0,
            taxExcludedPrice: l.taxExcludedPrice ?? 0,
            ...(l.vat ? { vat: { rate: l.vat.rate } } : {}),
          }));
        const answer = await call('POST', '/v1/salecredits', {
          body: { customerId: doc.customerId, cancelledInvoicetId: doc.id, lines },
        });
        go(`/credits/${answer.data.id}`);
      }
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={t('createCredit')}
      onClose={onClose}
      actions={
        <>
          <button type="button" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="button" class={choice === 'full' ? 'danger' : 'primary'} disabled={busy} onClick={() => void submit()}>
            {choice === 'full' ? t('cancelInvoice') : t('createPartialCredit')}
          </button>
        </>
      }
    >
      {error !== null && <ErrorBox error={error} />}
      <fieldset class="choices">
        <legend>{t('creditKind')}</legend>
        {(
          [
            ['partial', 'partialCredit', 'partialCreditHelp'],
            ['full', 'fullCredit', 'cancelConfirm'],
          ] as const
        ).map(([value, label, help]) => (
          <Fragment key={value}>
            <div class="field checkbox">
              <input
                id={`credit-${value}`}
                type="radio"
                name="credit-kind"
                checked={choice === value}
                onChange={() => {
                  setChoice(value);
                }}
              />
              <label for={`credit-${value}`}>{t(label)}</label>
            </div>
            <p class="hint">{t(help)}</p>
          </Fragment>
        ))}
      </fieldset>
    </Dialog>
  );
}

/** An e-mail sent (EmailMessage). */
type EmailMessage = Pick<Schemas['EmailMessage'], 'id' | 'status' | 'to' | 'cc' | 'bcc' | 'subject' | 'attachment'>;

/**
 * Sends a finalized invoice or credit note, or an issued quote, by e-mail (POST …/send/{id}), with the account's templates
 * (Settings → E-mail templates); an empty list of addresses sends to the customer's.
 */
function SendDialog({ kind, doc, onClose }: { kind: Kind; doc: SaleDocument; onClose: () => void }) {
  const [to, setTo] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [queued, setQueued] = useState<EmailMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setError(null);
    setBusy(true);
    try {
      const addresses = to
        .split(/[,;\s]+/)
        .map((a) => a.trim())
        .filter(Boolean);
      setQueued((await call('POST', `${base(kind)}/send/{id}`, { path: { id: doc.id }, body: addresses })).data);
    } catch (err) {
      setError(err);
    }
    setBusy(false);
  };
  return (
    <Dialog
      title={t('sendByEmail')}
      onClose={onClose}
      actions={
        queued ? (
          <button type="button" class="primary" onClick={onClose}>
            {t('close')}
          </button>
        ) : (
          <>
            <button type="button" onClick={onClose}>
              {t('cancel')}
            </button>
            <button type="button" class="primary" disabled={busy} onClick={() => void submit()}>
              {t('send')}
            </button>
          </>
        )
      }
    >
      {queued ? (
        <div class="notice" role="status" data-testid="email-queued">
          <p>{t('emailQueued', { to: queued.to.join(', ') })}</p>
          <p>
            {t('mailSubject')} : {queued.subject}
          </p>
          {queued.cc.length > 0 && <p>Cc : {queued.cc.join(', ')}</p>}
          {queued.attachment && <p>{t('attachment', { name: queued.attachment })}</p>}
        </div>
      ) : (
        <>
          {error !== null && <ErrorBox error={error} />}
          <Field label={t('recipients')} type="text" value={to} onValue={setTo} hint={t('recipientsHelp')} />
          <p class="hint">
            <a href="#/settings">{t('mailTemplates')}</a>
          </p>
        </>
      )}
    </Dialog>
  );
}

function PayDialog({ kind, doc, onDone, onClose }: { kind: Kind; doc: SaleDocument; onDone: () => void; onClose: () => void }) {
  const [amount, setAmount] = useState(inputNumber(doc.balance));
  const [payDate, setPayDate] = useState(new Date().toISOString().slice(0, 10));
  const [method, setMethod] = useState<(typeof PAYMENT_METHODS)[number]>('Transfer');
  const [error, setError] = useState<unknown>(null);
  const submit = async () => {
    setError(null);
    const value = parseNumber(amount);
    const payment = { amount: value, date: payDate, paymentMethod: method };
    try {
      if (kind === 'invoice') await call('POST', '/v1/saleinvoices/markaspaid', { body: { invoiceId: doc.id, ...payment } });
      else await call('POST', '/v1/salecredits/markasrefunded', { body: { creditId: doc.id, ...payment } });
      onDone();
    } catch (err) {
      setError(err);
    }
  };
  const title = kind === 'invoice' ? t('markPaid') : t('markRefunded');
  return (
    <Dialog
      title={title}
      onClose={onClose}
      actions={
        <>
          <button type="button" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="button" class="primary" onClick={() => void submit()}>
            {title}
          </button>
        </>
      }
    >
      {error !== null && !fieldErrors(error, 'amount', 'date') && <ErrorBox error={error} />}
      <Field label={t('amount')} inputMode="decimal" value={amount} onValue={setAmount} error={fieldErrors(error, 'amount')} />
      <DateField label={t('paymentDate')} value={payDate} onValue={setPayDate} error={fieldErrors(error, 'date')} />
      <Select
        label={t('paymentMethod')}
        value={method}
        onValue={setMethod}
        options={PAYMENT_METHODS.map((m): [typeof m, string] => [m, paymentMethodLabel(m)])}
      />
    </Dialog>
  );
}

function LinesTable({ doc }: { doc: SaleDocument }) {
  return (
    <div class="table-wrap">
      <table>
        <caption>{t('lines')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('description')}</th>
            <th scope="col" class="num">
              {t('quantity')}
            </th>
            <th scope="col" class="num">
              {t('unitPrice')}
            </th>
            <th scope="col" class="num">
              {t('vat')}
            </th>
            <th scope="col" class="num">
              {t('totalHT')}
            </th>
          </tr>
        </thead>
        <tbody>
          {doc.lines.map((l) => (
            <tr key={l.id}>
              <td data-label={t('description')}>{l.description}</td>
              <td data-label={t('quantity')} class="num">
                {decimal(l.quantity)}
              </td>
              <td data-label={t('unitPrice')} class="num">
                {money(l.taxExcludedPrice)}
              </td>
              <td data-label={t('vat')} class="num">
                {l.vat?.label}
              </td>
              <td data-label={t('totalHT')} class="num">
                {money(l.taxExcludedAmount)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The receipts that settle this document (found by its number, kept when a link names it), with their share. */
function Payments({ kind, doc }: { kind: Kind; doc: SaleDocument }) {
  const found = useLoad(async () => {
    const page = await getPage('/v1/receipts', { query: { PageSize: 100, query: doc.number ?? '' } });
    const mine = (l: { type: string; id: number }) =>
      kind === 'credit'
        ? l.type === 'Credit' && l.id === doc.id
        : (l.type === 'Invoice' && l.id === doc.id) || (l.type === 'Commitment' && Math.floor(l.id / 1000) === doc.id);
    const settling = page.items
      .map((r) => ({
        r,
        share: (r.links ?? []).filter(mine).reduce((sum, l) => sum + (l.amount ?? 0), 0),
        linked: (r.links ?? []).some(mine),
        // The other documents the receipt settles: the credit offset against this invoice, or the reverse.
        others: (r.links ?? [])
          .filter((l) => !mine(l) && l.type !== 'Commitment')
          // Each link carries its document's number (ReceiptLink.number): no request per document.
          .map((l) => ({ section: l.type === 'Credit' ? 'credits' : 'invoices', id: l.id, number: l.number ?? `#${l.id}` })),
      }))
      .filter((x) => x.linked);
    return settling;
  }, [doc.id, doc.balance]);
  if (!found.data?.length) return null;
  return (
    <section aria-labelledby="payments-title" data-testid="payments">
      <h2 id="payments-title">{kind === 'credit' ? t('refundsAndOffsets') : t('paymentsReceived')}</h2>
      <ul>
        {found.data.map(({ r, share, others }) => (
          <li key={r.id}>
            {date(r.date)} · {r.amount === 0 && others.length ? t('offsetMethod') : paymentMethodLabel(r.paymentMethod)} ·{' '}
            {money(Math.abs(share))}
            {r.status !== 'Success' ? ` (${r.status})` : ''}
            {others.map((o) => (
              <Fragment key={`${o.section}${o.id}`}>
                {' · '}
                <a href={`#/${o.section}/${o.id}`}>
                  {t(o.section === 'credits' ? 'offsetWithCredit' : 'offsetWithInvoice', { number: o.number })}
                </a>
              </Fragment>
            ))}
          </li>
        ))}
      </ul>
    </section>
  );
}

function FinalizedView({ kind, doc, reload, readOnly }: { kind: Kind; doc: SaleDocument; reload: () => void; readOnly: boolean }) {
  const [asking, setAsking] = useState<'pay' | 'credit' | 'send' | 'offset' | null>(null);
  return (
    <>
      <dl class="facts">
        <dt>{t('status')}</dt>
        <dd>
          <span class={`badge ${doc.isPaid ? 'paid' : ''}`}>{stateOf(doc, kind)}</span>
        </dd>
        <dt>{t('customer')}</dt>
        <dd>{doc.customerId ? <a href={`#/customers/${doc.customerId}/account`}>{doc.customerName}</a> : doc.customerName}</dd>
        <dt>{t('date')}</dt>
        <dd>{date(doc.date)}</dd>
        {doc.dueDate && kind === 'invoice' && (
          <>
            <dt>{t('dueDate')}</dt>
            <dd>{date(doc.dueDate)}</dd>
          </>
        )}
        <dt>{kind === 'credit' ? t('toRefund') : t('balance')}</dt>
        <dd data-testid="balance">{money(doc.balance)}</dd>
      </dl>
      <LinesTable doc={doc} />
      <Totals doc={doc} />
      {kind !== 'quote' && doc.number && <Payments kind={kind} doc={doc} />}
      {kind === 'invoice' && !doc.isPaid && !doc.isCancelled && <RemindersPanel id={doc.id} readOnly={readOnly} onSent={reload} />}
      {doc.einvoicingWarnings?.length ? (
        <section class="findings" aria-labelledby="kept-warnings-title" role="region" data-testid="kept-warnings">
          <h2 id="kept-warnings-title">{t('keptWarnings')}</h2>
          <p>{t('keptWarningsHelp')}</p>
          <FindingList findings={doc.einvoicingWarnings} customerId={doc.customerId} />
        </section>
      ) : null}
      {kind !== 'quote' && doc.einvoicingStatus && (
        <EInvoicingPanel
          kind={kind}
          id={doc.id}
          status={doc.einvoicingStatus}
          entries={doc.einvoicingStatuses ?? []}
          readOnly={readOnly}
          reload={reload}
        />
      )}
      <div class="actions">
        <PdfButtons kind={kind} doc={doc} />
        {!readOnly && (
          <button
            type="button"
            onClick={() => {
              setAsking('send');
            }}
          >
            {t('sendByEmail')}
          </button>
        )}
        {!readOnly && !doc.isPaid && !doc.isCancelled && (
          <button
            type="button"
            class="primary"
            onClick={() => {
              setAsking('pay');
            }}
          >
            {kind === 'invoice' ? t('markPaid') : t('markRefunded')}
          </button>
        )}
        {!readOnly && kind === 'credit' && !doc.isPaid && !doc.isCancelled && doc.balance > 0 && (
          <button
            type="button"
            onClick={() => {
              setAsking('offset');
            }}
          >
            {t('offsetTitle')}
          </button>
        )}
        {!readOnly && kind === 'invoice' && !doc.isCancelled && (
          <button
            type="button"
            class="danger"
            onClick={() => {
              setAsking('credit');
            }}
          >
            {t('createCredit')}
          </button>
        )}
      </div>
      {asking === 'pay' && (
        <PayDialog
          kind={kind}
          doc={doc}
          onDone={() => {
            setAsking(null);
            reload();
          }}
          onClose={() => {
            setAsking(null);
          }}
        />
      )}
      {asking === 'offset' && (
        <OffsetDialog
          credit={doc}
          onDone={() => {
            setAsking(null);
            reload();
          }}
          onClose={() => {
            setAsking(null);
          }}
        />
      )}
      {asking === 'send' && (
        <SendDialog
          kind={kind}
          doc={doc}
          onClose={() => {
            setAsking(null);
          }}
        />
      )}
      {asking === 'credit' && (
        <CreditDialog
          doc={doc}
          onCancelled={() => {
            setAsking(null);
            reload();
          }}
          onClose={() => {
            setAsking(null);
          }}
        />
      )}
    </>
  );
}

/** A quote no longer editable (Accepted, Refused, Invoiced, Closed): its content, the PDF, what comes next. */
function QuoteView({ doc, reload, readOnly }: { doc: SaleDocument; reload: () => void; readOnly: boolean }) {
  const [asking, setAsking] = useState<'close' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const act = async (action: 'invoice' | 'close') => {
    setAsking(null);
    setError(null);
    try {
      const answer = await call('POST', `/v1/salequotes/${action}/{id}`, { path: { id: doc.id } });
      if (action === 'invoice') go(`/invoices/${answer.data.id}`);
      else reload();
    } catch (err) {
      setError(err);
    }
  };
  return (
    <>
      <dl class="facts">
        <dt>{t('status')}</dt>
        <dd>
          <span class={`badge ${badgeOf(doc, 'quote')}`} data-testid="quote-status">
            {stateOf(doc, 'quote')}
          </span>
        </dd>
        <dt>{t('customer')}</dt>
        <dd>{doc.customerName}</dd>
        <dt>{t('date')}</dt>
        <dd>{date(doc.date)}</dd>
        {doc.validityDate && (
          <>
            <dt>{t('validityDate')}</dt>
            <dd>{date(doc.validityDate)}</dd>
          </>
        )}
      </dl>
      {error !== null && <ErrorBox error={error} />}
      <LinesTable doc={doc} />
      <Totals doc={doc} />
      {(doc.status === 'Accepted' || !!doc.depositInvoiceIds?.length) && (
        <DepositsPanel
          quote={{
            id: doc.id,
            status: doc.status ?? 'Accepted',
            depositInvoiceIds: doc.depositInvoiceIds ?? [],
            taxIncludedAmount: doc.taxIncludedAmount,
            balance: doc.balance,
          }}
          readOnly={readOnly}
        />
      )}
      <div class="actions">
        <PdfButtons kind="quote" doc={doc} />
        {!readOnly && doc.status === 'Accepted' && (
          <button type="button" class="primary" onClick={() => void act('invoice')}>
            {t('makeInvoice')}
          </button>
        )}
        {!readOnly && doc.status === 'Accepted' && (
          <button
            type="button"
            onClick={() => {
              setAsking('close');
            }}
          >
            {t('closeQuote')}
          </button>
        )}
        {doc.invoiceId && (
          <a class="button" href={`#/invoices/${doc.invoiceId}`} data-testid="quote-invoice">
            {t('seeInvoice')}
          </a>
        )}
      </div>
      {asking === 'close' && (
        <Confirm
          title={t('closeQuote')}
          text={t('closeConfirm')}
          confirmLabel={t('closeQuote')}
          danger
          onConfirm={() => void act('close')}
          onClose={() => {
            setAsking(null);
          }}
        />
      )}
    </>
  );
}

export function DocumentPage({ kind, id, readOnly }: { kind: Kind; id: string; readOnly: boolean }) {
  const load = useLoad(async () => (id === 'new' ? null : call('GET', `${base(kind)}/{id}`, { path: { id: Number(id) } })), [kind, id]);
  if (id === 'new') return <NewDocument kind={kind} />;
  if (load.loading && !load.data) return <Loading />;
  if (load.error !== undefined || !load.data) return <ErrorBox error={load.error} retry={load.reload} />;
  const doc: SaleDocument = load.data.data;
  const title = doc.number ?? `${newTitle(kind)} (${t('Draft').toLowerCase()} #${doc.id})`;
  return (
    <>
      <p>
        <a href={`#/${section(kind)}`}>← {listTitle(kind)}</a>
      </p>
      <h1 tabIndex={-1}>{title}</h1>
      {doc.cancellationCreditNumber && (
        <p class="notice">
          {t('cancelledBy')}{' '}
          <a href={`#/credits/${doc.cancellationCreditId ?? ''}`} data-testid="cancellation-credit">
            {doc.cancellationCreditNumber}
          </a>
        </p>
      )}
      {kind === 'invoice' && doc.quoteId && (
        <p class="notice">
          {doc.isDeposit ? td('depositOf') : t('fromQuote')}{' '}
          <a href={`#/quotes/${doc.quoteId}`} data-testid="invoice-quote">
            {doc.quoteNumber ?? `#${doc.quoteId}`}
          </a>
        </p>
      )}
      {kind === 'credit' && doc.cancelledInvoicetId && (
        <p class="notice">
          {t('correctsInvoice')}{' '}
          <a href={`#/invoices/${doc.cancelledInvoicetId}`} data-testid="corrected-invoice">
            {doc.cancelledInvoicetNumber ?? `#${doc.cancelledInvoicetId}`}
          </a>
        </p>
      )}
      {kind === 'quote' && quoteEditable(doc) && !readOnly && (
        <p>
          {t('status')} :{' '}
          <span class={`badge ${badgeOf(doc, 'quote')}`} data-testid="quote-status">
            {stateOf(doc, 'quote')}
          </span>
          {doc.validityDate && ` — ${t('validityDate')} ${date(doc.validityDate)}`}
        </p>
      )}
      {kind === 'quote' && !(quoteEditable(doc) && !readOnly) ? (
        <QuoteView doc={doc} reload={load.reload} readOnly={readOnly} />
      ) : (kind === 'quote' || doc.isDraft) && !readOnly ? (
        <DraftEditor key={`${doc.id} ${doc.status ?? ''}`} kind={kind} initial={doc} etag={load.data.etag} onFinalized={load.reload} />
      ) : (
        <FinalizedView kind={kind} doc={doc} reload={load.reload} readOnly={readOnly} />
      )}
    </>
  );
}
