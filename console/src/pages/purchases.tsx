// Supplier invoices (issue #31, docs/purchases.md), beside the received-invoices list and page of
// einvoicing.tsx: the upload of a PDF (Factur-X or a scan) or an XML invoice (CII, UBL) by
// POST /v1/purchaseinvoices/file, which reads the supplier, the dates and the amounts; on an invoice,
// what the upload filled, what remains to pay, the notes and the original file to download.
import { useState } from 'preact/hooks';
import { ApiError, call } from '../api';
import type { Schemas } from '../api-types';
import { dictionary } from '../dict';
import { downloadFile } from '../download';
import { date, money } from '../format';
import { localMessage } from '../messages';
import { go } from '../router';
import { ErrorBox } from '../ui';
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
  },
);

/** A supplier invoice received (PurchaseInvoice), what its facts panel reads. */
export type PurchaseDetails = Pick<
  Schemas['PurchaseInvoice'],
  'id' | 'reference' | 'status' | 'dueDate' | 'taxExcludedAmount' | 'vatAmount' | 'balance' | 'notes' | 'pdfUrl' | 'duplicateIds'
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
    <form onSubmit={(e) => void send(e)} data-testid="purchase-upload">
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
