// Supplier invoices (issue #31, docs/purchases.md), beside the received-invoices list and page of
// einvoicing.tsx: the upload of a PDF (Factur-X or a scan) or an XML invoice (CII, UBL) by
// POST /v1/purchaseinvoices/file, which reads the supplier, the dates and the amounts; on an invoice,
// what the upload filled, what remains to pay, the notes and the original file to download.
import { useEffect, useState } from 'preact/hooks';
import { ApiError, call, get, refuse, type BodyOf } from '../api';
import type { Schemas } from '../api-types';
import { dictionary } from '../dict';
import { downloadFile } from '../download';
import { date, inputNumber, money, parseNumber } from '../format';
import { localMessage } from '../messages';
import { go } from '../router';
import { DateField, ErrorBox, Field, fieldErrors, focusFirstError, Loading, Notice, SearchSelect, Select, useLoad } from '../ui';
import '../tools.css';

export const tp = dictionary(
  {
    upload: 'Ajouter une facture fournisseur',
    uploadHelp:
      'Un PDF (Factur-X ou simple scan) ou une facture XML (Factur-X/CII, UBL). Le fournisseur, les dates et les montants sont lus dans le fichier ; un PDF sans données reste « À compléter ».',
    file: 'Fichier (PDF ou XML)',
    send: 'Ajouter',
    sending: 'Lecture du fichier…',
    status: 'État',
    Done: 'Saisie',
    Pending: 'À compléter',
    Paid: 'Payée',
    dueDate: 'Échéance',
    balance: 'Reste à payer',
    vat: 'TVA',
    ht: 'Total HT',
    notes: 'Remarques',
    original: 'Télécharger le fichier d’origine',
    duplicate: 'Attention : même fournisseur et même numéro qu’une autre facture (n° {ids}).',
    refused: 'Fichier refusé : {message}',
    correct: 'Corriger la facture',
    correctHelp: 'Ce que la lecture du fichier a mal compris ou n’a pas trouvé : le fichier d’origine reste tel quel.',
    reference: 'Numéro de la facture du fournisseur',
    subject: 'Objet',
    date: 'Date de la facture',
    ttc: 'Total TTC (€)',
    save: 'Enregistrer les corrections',
    saved: 'Corrections enregistrées.',
    notAmount: 'Un montant est attendu (1 234,50).',
    payments: 'Paiements au fournisseur',
    noPayment: 'Aucun paiement enregistré.',
    pay: 'Enregistrer un paiement',
    payHelp: 'Un virement, un chèque ou une carte qui règle cette facture, en tout ou en partie.',
    amount: 'Montant payé (€)',
    paidOn: 'Date du paiement',
    method: 'Moyen de paiement',
    payReference: 'Référence du paiement (facultatif)',
    recordPayment: 'Enregistrer le paiement',
    paymentRecorded: 'Paiement enregistré.',
    removePayment: 'Supprimer',
    removePaymentTitle: 'Supprimer le paiement',
    removePaymentText: 'Supprimer le paiement de {amount} du {date} ? La facture redevient due d’autant.',
    onThisInvoice: 'Sur cette facture',
    nothingDue: 'Rien ne reste à payer sur cette facture.',
    supplier: 'Fournisseur',
    noSupplier: '— Aucun (à compléter) —',
    searchSupplier: 'Rechercher un fournisseur (nom ou numéro)',
    noSupplierFound: 'Aucun fournisseur trouvé.',
    oneSupplierFound: '1 fournisseur trouvé.',
    suppliersFound: '{n} fournisseurs trouvés.',
    firstSuppliers: 'Les {n} premiers fournisseurs par nom : précisez la recherche pour en trouver d’autres.',
    newSupplier: 'Nouveau fournisseur (nom)',
    createSupplier: 'Créer et choisir ce fournisseur',
    classification: 'Classement comptable',
    noClassification: '— Aucun —',
    vatLines: 'TVA par taux',
    vatLinesHelp:
      'Une ligne par taux de TVA : la base HT et la TVA (laissée vide, elle est calculée). Les totaux HT, TVA et TTC deviennent leurs sommes.',
    noVatLine: 'Aucune ligne de TVA.',
    vatRate: 'Taux de TVA (%) – ligne {n}',
    vatBase: 'Base HT (€) – ligne {n}',
    vatAmount: 'TVA (€) – ligne {n}',
    vatAmountHint: 'Vide : base × taux',
    removeVatLine: 'Retirer la ligne {n}',
    addVatLine: 'Ajouter un taux de TVA',
    payHelpSeveral:
      'Un virement, un chèque ou une carte qui règle cette facture, en tout ou en partie, et le cas échéant d’autres factures de ce fournisseur : indiquez le montant réglé sur chacune.',
    alsoOn: 'Aussi sur la facture {name} (€)',
    searchOther: 'Régler aussi une autre facture de ce fournisseur : rechercher (numéro, objet)',
    otherInvoice: 'Facture à ajouter au paiement',
    chooseInvoice: '— Choisir une facture —',
    invoiceOption: '{name} du {date} · reste {amount}',
    noInvoiceFound: 'Aucune autre facture à payer trouvée.',
    oneInvoiceFound: '1 facture à payer trouvée.',
    invoicesFound: '{n} factures à payer trouvées.',
    onInvoice: 'Sur la facture {name} (€)',
    due: 'Reste à payer : {amount}',
    dueBesides: 'Reste à payer hors ce paiement : {amount}',
    paymentTotal: 'Total du paiement : {amount}',
    alsoSettles: 'Règle aussi',
    actions: 'Actions',
    edit: 'Modifier',
    editPaymentOf: 'Modifier le paiement de {amount} du {date}',
    removePaymentOf: 'Supprimer le paiement de {amount} du {date}',
    editPaymentTitle: 'Modifier le paiement de {amount} du {date}',
    cancel: 'Annuler',
    saveChanges: 'Enregistrer',
  },
  {
    upload: 'Add a supplier invoice',
    uploadHelp:
      'A PDF (Factur-X or a plain scan) or an XML invoice (Factur-X/CII, UBL). The supplier, dates and amounts are read from the file; a PDF without data stays “To complete”.',
    file: 'File (PDF or XML)',
    send: 'Add',
    sending: 'Reading the file…',
    status: 'Status',
    Done: 'Entered',
    Pending: 'To complete',
    Paid: 'Paid',
    dueDate: 'Due date',
    balance: 'Left to pay',
    vat: 'VAT',
    ht: 'Total excl. VAT',
    notes: 'Notes',
    original: 'Download the original file',
    duplicate: 'Warning: same supplier and number as another invoice (no. {ids}).',
    refused: 'File refused: {message}',
    correct: 'Correct the invoice',
    correctHelp: 'What reading the file got wrong or did not find: the original file stays as it was.',
    reference: 'Supplier’s invoice number',
    subject: 'Subject',
    date: 'Invoice date',
    ttc: 'Total incl. VAT (€)',
    save: 'Save the corrections',
    saved: 'Corrections saved.',
    notAmount: 'An amount is expected (1234.50).',
    payments: 'Payments to the supplier',
    noPayment: 'No payment recorded.',
    pay: 'Record a payment',
    payHelp: 'A transfer, cheque or card payment settling this invoice, in full or in part.',
    amount: 'Amount paid (€)',
    paidOn: 'Payment date',
    method: 'Payment method',
    payReference: 'Payment reference (optional)',
    recordPayment: 'Record the payment',
    paymentRecorded: 'Payment recorded.',
    removePayment: 'Delete',
    removePaymentTitle: 'Delete the payment',
    removePaymentText: 'Delete the payment of {amount} of {date}? The invoice is due again by as much.',
    onThisInvoice: 'On this invoice',
    nothingDue: 'Nothing is left to pay on this invoice.',
    supplier: 'Supplier',
    noSupplier: '— None (to complete) —',
    searchSupplier: 'Search a supplier (name or number)',
    noSupplierFound: 'No supplier found.',
    oneSupplierFound: '1 supplier found.',
    suppliersFound: '{n} suppliers found.',
    firstSuppliers: 'The first {n} suppliers by name: refine the search to find others.',
    newSupplier: 'New supplier (name)',
    createSupplier: 'Create and choose this supplier',
    classification: 'Accounting classification',
    noClassification: '— None —',
    vatLines: 'VAT by rate',
    vatLinesHelp: 'One line per VAT rate: the base excluding VAT and the VAT (left empty, it is computed). The totals become their sums.',
    noVatLine: 'No VAT line.',
    vatRate: 'VAT rate (%) – line {n}',
    vatBase: 'Base excl. VAT (€) – line {n}',
    vatAmount: 'VAT (€) – line {n}',
    vatAmountHint: 'Empty: base × rate',
    removeVatLine: 'Remove line {n}',
    addVatLine: 'Add a VAT rate',
    payHelpSeveral:
      'A transfer, cheque or card payment settling this invoice, in full or in part, and if need be other invoices of this supplier: give the amount settled on each.',
    alsoOn: 'Also on invoice {name} (€)',
    searchOther: 'Also settle another invoice of this supplier: search (number, subject)',
    otherInvoice: 'Invoice to add to the payment',
    chooseInvoice: '— Choose an invoice —',
    invoiceOption: '{name} of {date} · {amount} left',
    noInvoiceFound: 'No other invoice to pay found.',
    oneInvoiceFound: '1 invoice to pay found.',
    invoicesFound: '{n} invoices to pay found.',
    onInvoice: 'On invoice {name} (€)',
    due: 'Left to pay: {amount}',
    dueBesides: 'Left to pay without this payment: {amount}',
    paymentTotal: 'Payment total: {amount}',
    alsoSettles: 'Also settles',
    actions: 'Actions',
    edit: 'Edit',
    editPaymentOf: 'Edit the payment of {amount} of {date}',
    removePaymentOf: 'Delete the payment of {amount} of {date}',
    editPaymentTitle: 'Edit the payment of {amount} of {date}',
    cancel: 'Cancel',
    saveChanges: 'Save',
  },
);

/** A supplier invoice received (PurchaseInvoice), what its facts panel reads. */
export type PurchaseDetails = Pick<
  Schemas['PurchaseInvoice'],
  | 'id'
  | 'reference'
  | 'status'
  | 'dueDate'
  | 'taxExcludedAmount'
  | 'vatAmount'
  | 'balance'
  | 'notes'
  | 'pdfUrl'
  | 'duplicateIds'
  | 'date'
  | 'subject'
  | 'taxIncludedAmount'
  | 'supplierId'
  | 'supplier'
  | 'classificationId'
  | 'vats'
>;

export function PurchaseUpload() {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const send = async (e: Event) => {
    e.preventDefault();
    if (!file) return;
    setBusy(true);
    setError(null);
    const form = new FormData();
    form.append('file', file, file.name);
    try {
      const answer = await call('POST', '/v1/purchaseinvoices/file', { form });
      go(`/received/${answer.data.id}`);
    } catch (err) {
      const message = err instanceof ApiError ? (Object.values(err.fields).flat()[0] ?? err.message) : null;
      setError(message ? new Error(tp('refused', { message: localMessage(message) })) : err);
    }
    setBusy(false);
  };
  return (
    <form onSubmit={(e) => void send(e)} data-testid="purchase-upload" noValidate>
      <fieldset class="plain">
        <legend>{tp('upload')}</legend>
        <p class="hint">{tp('uploadHelp')}</p>
        <div class="field">
          <label for="purchase-file">{tp('file')}</label>
          <input
            id="purchase-file"
            type="file"
            accept=".pdf,.xml,application/pdf,application/xml,text/xml"
            onChange={(e) => {
              setFile(e.currentTarget.files?.[0] ?? null);
            }}
          />
        </div>
        {error !== null && <ErrorBox error={error} />}
        {busy && <p role="status">{tp('sending')}</p>}
        <div class="actions">
          <button type="submit" class="primary" disabled={!file || busy}>
            {tp('send')}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

/** What the upload read, beside the received invoice's supplier, date and total. */
export function PurchaseFacts({ purchase }: { purchase: PurchaseDetails }) {
  const [error, setError] = useState<unknown>(null);
  return (
    <>
      <dl class="facts" data-testid="purchase-facts">
        <dt>{tp('status')}</dt>
        <dd>{tp(purchase.status)}</dd>
        {purchase.dueDate && (
          <>
            <dt>{tp('dueDate')}</dt>
            <dd>{date(purchase.dueDate)}</dd>
          </>
        )}
        {purchase.taxExcludedAmount !== null && (
          <>
            <dt>{tp('ht')}</dt>
            <dd>{money(purchase.taxExcludedAmount)}</dd>
            <dt>{tp('vat')}</dt>
            <dd>{money(purchase.vatAmount)}</dd>
          </>
        )}
        <dt>{tp('balance')}</dt>
        <dd>{money(purchase.balance)}</dd>
        {purchase.notes && (
          <>
            <dt>{tp('notes')}</dt>
            <dd>{purchase.notes}</dd>
          </>
        )}
      </dl>
      {purchase.duplicateIds.length > 0 && <p class="warning">{tp('duplicate', { ids: purchase.duplicateIds.join(', ') })}</p>}
      {purchase.pdfUrl && (
        <div class="actions">
          <button
            type="button"
            onClick={() => {
              setError(null);
              downloadFile(`${purchase.reference ?? purchase.id}`, '/v1/purchaseinvoices/download/{id}', {
                path: { id: purchase.id },
              }).catch(setError);
            }}
          >
            {tp('original')}
          </button>
        </div>
      )}
      {error !== null && <ErrorBox error={error} />}
    </>
  );
}

const PURCHASE_FIELDS = ['reference', 'subject', 'date', 'dueDate', 'taxIncludedAmount', 'notes', 'supplierId', 'classificationId', 'vats'];

/** A VAT line of the form, as typed: rate, base and VAT (empty: the API computes base × rate). */
interface VatRow {
  rate: string;
  base: string;
  vat: string;
}

/** The form's values, as typed, from the invoice the API answered. */
const formOf = (purchase: PurchaseDetails) => ({
  reference: purchase.reference ?? '',
  subject: purchase.subject ?? '',
  date: purchase.date,
  dueDate: purchase.dueDate ?? '',
  total: inputNumber(purchase.taxIncludedAmount),
  notes: purchase.notes ?? '',
  supplierId: purchase.supplierId === null ? '' : String(purchase.supplierId),
  classificationId: purchase.classificationId === null ? '' : String(purchase.classificationId),
});

const vatRowsOf = (purchase: PurchaseDetails): VatRow[] =>
  (purchase.vats ?? []).map((v) => ({ rate: inputNumber(v.rate), base: inputNumber(v.taxExcludedAmount), vat: inputNumber(v.vatAmount) }));

/**
 * The VAT lines typed, as the body's `vats`; a figure that is not a number is refused beside its field,
 * as the API would refuse it (the body is typed: numbers).
 */
function vatsOf(rows: VatRow[]): NonNullable<BodyOf<'/v1/purchaseinvoices/{id}', 'PUT'>['vats']> {
  const problems: Record<string, string[]> = {};
  const vats = rows.map((row, i) => {
    const rate = parseNumber(row.rate);
    const base = parseNumber(row.base);
    const vat = parseNumber(row.vat);
    if (rate === null) problems[`vats[${i}].rate`] = ['is required'];
    else if (Number.isNaN(rate)) problems[`vats[${i}].rate`] = ['must be a number'];
    if (base === null) problems[`vats[${i}].taxExcludedAmount`] = ['is required'];
    else if (Number.isNaN(base)) problems[`vats[${i}].taxExcludedAmount`] = ['must be a number'];
    if (vat !== null && Number.isNaN(vat)) problems[`vats[${i}].vatAmount`] = ['must be a number'];
    return { rate: rate ?? 0, taxExcludedAmount: base ?? 0, vatAmount: vat };
  });
  if (Object.keys(problems).length) throw refuse(problems);
  return vats;
}

/** The expense classifications (the suppliers are searched as the user types: SupplierChoice). */
function useChoices(purchase: PurchaseDetails) {
  return useLoad(async () => ({ classifications: await get('/v1/classifications', { query: { type: 'Expense' } }) }), [purchase.id]);
}

const SUPPLIER_PAGE = 20;

/** Suppliers whose name or number matches `query` (GET /v1/suppliers?query=), the first 20 by name. */
export async function findSuppliers(query: string): Promise<[string, string][]> {
  const found = await get('/v1/suppliers', { query: { PageSize: SUPPLIER_PAGE, OrderBy: 'name', ...(query ? { query } : {}) } });
  return found.map((x): [string, string] => [String(x.id), x.name ?? `#${x.id}`]);
}

/** A new supplier by its name (POST /v1/suppliers), chosen at once for the invoice. */
function NewSupplier({ onCreated }: { onCreated: (id: number, name: string) => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<unknown>(null);
  const create = async () => {
    setError(null);
    try {
      if (!name.trim()) throw refuse({ name: ['is required'] });
      const answer = await call('POST', '/v1/suppliers', { body: { name: name.trim() } });
      setName('');
      onCreated(answer.data.id, answer.data.name ?? name.trim());
    } catch (err) {
      setError(err);
    }
  };
  return (
    <div class="inline-create" data-testid="new-supplier">
      <Field label={tp('newSupplier')} value={name} onValue={setName} maxLength={200} error={fieldErrors(error, 'name')} />
      <button type="button" onClick={() => void create()}>
        {tp('createSupplier')}
      </button>
      {error !== null && !fieldErrors(error, 'name') && <ErrorBox error={error} />}
    </div>
  );
}

/** The VAT breakdown by rate: a line per rate, added and removed here. */
function VatLines({ rows, onRows, error }: { rows: VatRow[]; onRows: (rows: VatRow[]) => void; error: unknown }) {
  const setRow = (i: number, patch: Partial<VatRow>) => {
    onRows(rows.map((row, j) => (j === i ? { ...row, ...patch } : row)));
  };
  return (
    <fieldset class="plain" data-testid="purchase-vats">
      <legend>{tp('vatLines')}</legend>
      <p class="hint">{tp('vatLinesHelp')}</p>
      {rows.length === 0 && <p>{tp('noVatLine')}</p>}
      {rows.map((row, i) => (
        <div class="grid-form vat-line" key={i}>
          <Field
            label={tp('vatRate', { n: i + 1 })}
            value={row.rate}
            inputMode="decimal"
            onValue={(v) => {
              setRow(i, { rate: v });
            }}
            error={fieldErrors(error, `vats[${i}].rate`)}
          />
          <Field
            label={tp('vatBase', { n: i + 1 })}
            value={row.base}
            inputMode="decimal"
            onValue={(v) => {
              setRow(i, { base: v });
            }}
            error={fieldErrors(error, `vats[${i}].taxExcludedAmount`)}
          />
          <Field
            label={tp('vatAmount', { n: i + 1 })}
            value={row.vat}
            inputMode="decimal"
            hint={tp('vatAmountHint')}
            onValue={(v) => {
              setRow(i, { vat: v });
            }}
            error={fieldErrors(error, `vats[${i}].vatAmount`)}
          />
          <div class="actions">
            <button
              type="button"
              class="link"
              onClick={() => {
                onRows(rows.filter((_, j) => j !== i));
              }}
            >
              {tp('removeVatLine', { n: i + 1 })}
            </button>
          </div>
        </div>
      ))}
      <div class="actions">
        <button
          type="button"
          onClick={() => {
            onRows([...rows, { rate: '20', base: '', vat: '' }]);
          }}
        >
          {tp('addVatLine')}
        </button>
      </div>
    </fieldset>
  );
}

/**
 * PUT /v1/purchaseinvoices/{id}: what the upload read, corrected by hand: the supplier (chosen or
 * created), the expense classification, the VAT lines by rate, the number, dates, total and notes.
 */
export function PurchaseCorrect({ purchase, onSaved }: { purchase: PurchaseDetails; onSaved: () => void }) {
  const [form, setForm] = useState(() => formOf(purchase));
  const [vatRows, setVatRows] = useState(() => vatRowsOf(purchase));
  const [vatsChanged, setVatsChanged] = useState(false);
  const choices = useChoices(purchase);
  // The chosen supplier's [id, name], kept in the choice whatever the search shows.
  const ownSupplier = (): [string, string] | null =>
    purchase.supplier ? [String(purchase.supplier.id), purchase.supplier.name ?? `#${purchase.supplier.id}`] : null;
  const [supplier, setSupplier] = useState(ownSupplier);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  // After a save (or any change the API answers), the form shows the invoice as now stored.
  const stored = JSON.stringify([formOf(purchase), vatRowsOf(purchase)]);
  useEffect(() => {
    setForm(formOf(purchase));
    setSupplier(ownSupplier());
    setVatRows(vatRowsOf(purchase));
    setVatsChanged(false);
  }, [stored]);
  const set = (key: keyof ReturnType<typeof formOf>) => (value: string) => {
    setSaved(false);
    setForm((f) => ({ ...f, [key]: value }));
  };
  const total = parseNumber(form.total);
  const totalBad = form.total.trim() !== '' && (total === null || Number.isNaN(total));
  const save = async (e: Event) => {
    e.preventDefault();
    const container = e.currentTarget as HTMLElement;
    setBusy(true);
    setError(null);
    try {
      if (totalBad) throw refuse({ taxIncludedAmount: ['must be a number'] });
      const body: BodyOf<'/v1/purchaseinvoices/{id}', 'PUT'> = {
        reference: form.reference.trim() || null,
        subject: form.subject.trim() || null,
        date: form.date,
        dueDate: form.dueDate || null,
        notes: form.notes.trim() || null,
        supplierId: form.supplierId ? Number(form.supplierId) : null,
        classificationId: form.classificationId ? Number(form.classificationId) : null,
      };
      // The VAT lines only when changed here (the totals become their sums); the total only when
      // changed: sent alone, it drops the VAT lines the file gave, sent with them it must agree.
      if (vatsChanged) body.vats = vatRows.length ? vatsOf(vatRows) : null;
      if (total !== null && total !== purchase.taxIncludedAmount) body.taxIncludedAmount = total;
      await call('PUT', '/v1/purchaseinvoices/{id}', { path: { id: purchase.id }, body });
      setSaved(true);
      onSaved();
    } catch (err) {
      setError(err);
      focusFirstError(container);
    }
    setBusy(false);
  };
  const fieldError = (...names: string[]) => fieldErrors(error, ...names);
  const vatsError = fieldError('vats');
  return (
    <form onSubmit={(e) => void save(e)} data-testid="purchase-correct" noValidate>
      <fieldset class="plain">
        <legend>{tp('correct')}</legend>
        <p class="hint">{tp('correctHelp')}</p>
        <div class="grid-form">
          <SearchSelect
            label={tp('supplier')}
            searchLabel={tp('searchSupplier')}
            value={form.supplierId}
            onValue={(id, name) => {
              setSupplier(id ? [id, name] : null);
              set('supplierId')(id);
            }}
            current={supplier}
            none={['', tp('noSupplier')]}
            search={findSuppliers}
            found={(n) =>
              tp(n === 0 ? 'noSupplierFound' : n === 1 ? 'oneSupplierFound' : n >= SUPPLIER_PAGE ? 'firstSuppliers' : 'suppliersFound', {
                n,
              })
            }
            error={fieldError('supplierId')}
            testId="supplier-choice"
          />
          {choices.data ? (
            <>
              <Select
                label={tp('classification')}
                value={form.classificationId}
                onValue={set('classificationId')}
                options={[
                  ['', tp('noClassification')],
                  ...choices.data.classifications.map((c): [string, string] => [
                    String(c.id),
                    [c.accountNumber, c.label].filter(Boolean).join(' · '),
                  ]),
                ]}
                error={fieldError('classificationId')}
              />
            </>
          ) : choices.error !== undefined ? (
            <ErrorBox error={choices.error} retry={choices.reload} />
          ) : (
            <Loading />
          )}
          <Field
            label={tp('reference')}
            value={form.reference}
            onValue={set('reference')}
            maxLength={200}
            error={fieldError('reference')}
          />
          <Field label={tp('subject')} value={form.subject} onValue={set('subject')} maxLength={200} error={fieldError('subject')} />
          <DateField label={tp('date')} value={form.date} onValue={set('date')} error={fieldError('date')} />
          <DateField label={tp('dueDate')} value={form.dueDate} onValue={set('dueDate')} error={fieldError('dueDate')} />
          <Field
            label={tp('ttc')}
            value={form.total}
            inputMode="decimal"
            onValue={set('total')}
            error={totalBad ? tp('notAmount') : fieldError('taxIncludedAmount')}
          />
          <Field label={tp('notes')} value={form.notes} onValue={set('notes')} maxLength={4000} error={fieldError('notes')} />
        </div>
        {choices.data && (
          <NewSupplier
            onCreated={(id, name) => {
              setSupplier([String(id), name]);
              set('supplierId')(String(id));
            }}
          />
        )}
        <VatLines
          rows={vatRows}
          onRows={(rows) => {
            setSaved(false);
            setVatsChanged(true);
            setVatRows(rows);
          }}
          error={error}
        />
        {vatsError && (
          <p class="field-error" role="alert">
            {vatsError}
          </p>
        )}
        {error !== null && !fieldErrors(error, ...PURCHASE_FIELDS) && !vatFieldError(error) && <ErrorBox error={error} />}
        {saved && <Notice>{tp('saved')}</Notice>}
        <div class="actions">
          <button type="submit" class="primary" disabled={busy}>
            {tp('save')}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

/** Whether the API (or the form) named a field of a VAT line. */
const vatFieldError = (error: unknown) => error instanceof ApiError && Object.keys(error.fields).some((f) => f.startsWith('vats['));
