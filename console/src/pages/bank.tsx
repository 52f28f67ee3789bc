// The bank (issue #31, docs/bank.md): the company's bank accounts with their balance, a new account by
// its IBAN; on an account, the import of a statement (CAMT.053, OFX, or the bank's CSV with its column
// mapping), its transactions, and for each one not yet reconciled the API's suggestions (receipts,
// supplier payments, repaid expense reports of the same amount, best first), confirmed in one click;
// the account's transactions exported as a file (GET /v1/exports/banktransactions/{id}).
import { useState } from 'preact/hooks';
import { call, getPage, refuse } from '../api';
import type { Schemas } from '../api-types';

import { dictionary } from '../dict';
import { downloadFile } from '../download';
import { date, inputNumber, money, parseNumber } from '../format';
import { localMessage } from '../messages';
import {
  Confirm,
  DateField,
  ErrorBox,
  Field,
  fieldErrors,
  Filters,
  FormDialog,
  focusFirstError,
  ListTable,
  Loading,
  Notice,
  Select,
  useLoad,
} from '../ui';
import { explain, FORMATS, OptionalDate, te } from './exports';
import '../tools.css';

export const tb = dictionary(
  {
    bank: 'Banque',
    bankHelp: 'Vos comptes bancaires, l’import des relevés et le rapprochement des opérations avec vos encaissements et paiements.',
    accounts: 'Comptes bancaires',
    name: 'Nom du compte',
    iban: 'IBAN',
    balance: 'Solde',
    transactions: 'Opérations',
    lastDate: 'Dernière opération',
    newAccount: 'Ajouter un compte',
    add: 'Ajouter',
    none: 'Aucun compte bancaire pour l’instant.',
    statement: 'Importer un relevé',
    statementHelp:
      'Relevé CAMT.053 (XML) ou OFX tel que votre banque le fournit, ou export CSV : indiquez alors les colonnes (par leur nom ou leur numéro).',
    file: 'Fichier du relevé',
    format: 'Format',
    auto: 'Reconnu automatiquement',
    dateColumn: 'Colonne de la date',
    labelColumn: 'Colonne du libellé',
    amountColumn: 'Colonne du montant (signé)',
    debitColumn: 'ou colonne Débit',
    creditColumn: 'et colonne Crédit',
    dateFormat: 'Format des dates',
    decimalSeparator: 'Séparateur décimal',
    skipLines: 'Lignes à sauter avant les noms de colonnes',
    importStatement: 'Importer',
    imported: 'Nouvelles opérations : {inserted} ; déjà connues : {duplicates} ({first} – {last}).',
    toReconcile: 'À rapprocher',
    all: 'Toutes',
    reconciled: 'Rapprochées',
    date: 'Date',
    label: 'Libellé',
    amount: 'Montant',
    match: 'Rapprochement',
    suggest: 'Suggestions',
    noSuggestion: 'Aucune opération enregistrée du même montant à ces dates.',
    confirm: 'Rapprocher',
    undo: 'Défaire',
    matchedWith: '{type} n° {id}',
    Receipt: 'Encaissement',
    SupplierPayment: 'Paiement fournisseur',
    ExpenseReport: 'Note de frais remboursée',
    score: 'score {score}/100',
    noTransaction: 'Aucune opération.',
    back: 'Tous les comptes',
    filter: 'Filtrer les opérations',
    manual: 'Saisir une opération',
    manualHelp:
      'Une opération que le relevé n’a pas encore (un chèque remis, une banque sans export) : montant positif pour une entrée, négatif pour une sortie.',
    valueDate: 'Date de valeur (facultatif)',
    reference: 'Référence (facultatif)',
    counterparty: 'Tiers (facultatif)',
    counterpartyIban: 'IBAN du tiers (facultatif)',
    signedAmount: 'Montant (€, négatif pour une sortie)',
    notAmount: 'Un montant est attendu (1 234,50 ou -35,40).',
    record: 'Enregistrer l’opération',
    edit: 'Modifier',
    editTitle: 'Modifier l’opération du {date}',
    save: 'Enregistrer',
    cancel: 'Annuler',
    remove: 'Supprimer',
    removeTitle: 'Supprimer l’opération',
    removeText: 'Supprimer l’opération « {label} » de {amount} ? Elle n’était saisie qu’à la main.',
    manualBadge: 'saisie manuelle',
    actions: 'Actions',
    recorded: 'Opération enregistrée.',
    removed: 'Opération supprimée.',
    export: 'Exporter les opérations',
    exportHelp: 'Les opérations du compte (et leurs totaux par mois et par rapprochement), pour votre expert-comptable ou un tableur.',
    download: 'Télécharger',
  },
  {
    bank: 'Bank',
    bankHelp: 'Your bank accounts, statement imports and the reconciliation of transactions with your receipts and payments.',
    accounts: 'Bank accounts',
    name: 'Account name',
    iban: 'IBAN',
    balance: 'Balance',
    transactions: 'Transactions',
    lastDate: 'Last transaction',
    newAccount: 'Add an account',
    add: 'Add',
    none: 'No bank account yet.',
    statement: 'Import a statement',
    statementHelp: 'A CAMT.053 (XML) or OFX statement as your bank gives it, or a CSV export: then name its columns (by name or number).',
    file: 'Statement file',
    format: 'Format',
    auto: 'Recognised automatically',
    dateColumn: 'Date column',
    labelColumn: 'Label column',
    amountColumn: 'Amount column (signed)',
    debitColumn: 'or Debit column',
    creditColumn: 'and Credit column',
    dateFormat: 'Date format',
    decimalSeparator: 'Decimal separator',
    skipLines: 'Lines to skip before the column names',
    importStatement: 'Import',
    imported: 'New transactions: {inserted}; already known: {duplicates} ({first} – {last}).',
    toReconcile: 'To reconcile',
    all: 'All',
    reconciled: 'Reconciled',
    date: 'Date',
    label: 'Label',
    amount: 'Amount',
    match: 'Reconciliation',
    suggest: 'Suggestions',
    noSuggestion: 'No recorded settlement of this amount around this date.',
    confirm: 'Reconcile',
    undo: 'Undo',
    matchedWith: '{type} no. {id}',
    Receipt: 'Receipt',
    SupplierPayment: 'Supplier payment',
    ExpenseReport: 'Repaid expense report',
    score: 'score {score}/100',
    noTransaction: 'No transaction.',
    back: 'All accounts',
    filter: 'Filter transactions',
    manual: 'Enter a transaction',
    manualHelp:
      'A transaction the statement does not have yet (a cheque paid in, a bank without export): positive for money in, negative for money out.',
    valueDate: 'Value date (optional)',
    reference: 'Reference (optional)',
    counterparty: 'Counterparty (optional)',
    counterpartyIban: 'Counterparty IBAN (optional)',
    signedAmount: 'Amount (€, negative for money out)',
    notAmount: 'An amount is expected (1234.50 or -35.40).',
    record: 'Record the transaction',
    edit: 'Edit',
    editTitle: 'Edit the transaction of {date}',
    save: 'Save',
    cancel: 'Cancel',
    remove: 'Delete',
    removeTitle: 'Delete the transaction',
    removeText: 'Delete the transaction “{label}” of {amount}? It was entered by hand only.',
    manualBadge: 'entered by hand',
    actions: 'Actions',
    recorded: 'Transaction recorded.',
    removed: 'Transaction deleted.',
    export: 'Export the transactions',
    exportHelp: 'The account’s transactions (and their totals by month and by reconciliation), for your accountant or a spreadsheet.',
    download: 'Download',
  },
);

/** A bank account (BankAccount). */
type BankAccount = Pick<Schemas['BankAccount'], 'id' | 'name' | 'iban' | 'balance' | 'transactionCount' | 'lastTransactionDate'>;

/** A statement line (BankTransaction). */
type Transaction = Pick<
  Schemas['BankTransaction'],
  | 'id'
  | 'importId'
  | 'date'
  | 'valueDate'
  | 'amount'
  | 'label'
  | 'reference'
  | 'counterpartyName'
  | 'counterpartyIban'
  | 'matchType'
  | 'matchId'
>;

/** A reconciliation suggestion (MatchSuggestion). */
type Suggestion = Pick<Schemas['MatchSuggestion'], 'type' | 'id' | 'date' | 'amount' | 'thirdName' | 'reference' | 'score'>;

const spacedIban = (iban: string) => iban.replace(/(.{4})/g, '$1 ').trim();

export function BankPage({ readOnly }: { readOnly: boolean }) {
  const list = useLoad(() => getPage('/v1/bankaccounts', { query: { PageSize: 100 } }), []);
  const [name, setName] = useState('');
  const [iban, setIban] = useState('');
  const [error, setError] = useState<unknown>(null);
  const add = async (e: Event) => {
    e.preventDefault();
    const container = e.currentTarget as HTMLElement;
    setError(null);
    try {
      // The form says itself what is missing (noValidate: no browser bubble, in the browser's language).
      const missing: Record<string, string[]> = {};
      if (!name.trim()) missing.name = ['is required'];
      if (!iban.trim()) missing.iban = ['is required'];
      if (Object.keys(missing).length) throw refuse(missing);
      await call('POST', '/v1/bankaccounts', { body: { name: name.trim(), iban } });
      setName('');
      setIban('');
      list.reload();
    } catch (err) {
      setError(err);
      focusFirstError(container);
    }
  };
  const fieldError = (field: string) => {
    const own = fieldErrors(error, field);
    if (own) return own;
    // The API names the field in the message of an Error body ("iban fails the mod 97 check").
    if (error instanceof Error && error.message.toLowerCase().startsWith(field)) return localMessage(error.message);
    return undefined;
  };
  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>{tb('bank')}</h1>
      </div>
      <p>{tb('bankHelp')}</p>
      <ListTable
        load={list}
        testId="bank-accounts"
        caption={tb('accounts')}
        empty={tb('none')}
        columns={[
          { label: tb('name'), cell: (a: BankAccount) => <a href={`#/bank/${a.id}`}>{a.name}</a> },
          { label: tb('iban'), cell: (a) => spacedIban(a.iban) },
          { label: tb('lastDate'), cell: (a) => date(a.lastTransactionDate) },
          { label: tb('transactions'), cell: (a) => a.transactionCount, num: true },
          { label: tb('balance'), cell: (a) => money(a.balance), num: true },
        ]}
      />
      {!readOnly && (
        <form onSubmit={(e) => void add(e)} data-testid="new-bank-account" noValidate>
          <fieldset class="plain">
            <legend>{tb('newAccount')}</legend>
            <div class="grid-form">
              <Field label={tb('name')} value={name} onValue={setName} required maxLength={100} error={fieldError('name')} />
              <Field label={tb('iban')} value={iban} onValue={setIban} required maxLength={42} error={fieldError('iban')} />
            </div>
            {error !== null && !fieldError('iban') && !fieldError('name') && <ErrorBox error={error} />}
            <div class="actions">
              <button type="submit" class="primary">
                {tb('add')}
              </button>
            </div>
          </fieldset>
        </form>
      )}
    </>
  );
}

function StatementImport({ accountId, onDone }: { accountId: number; onDone: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState('');
  const [map, setMap] = useState<Record<string, string>>({ dateFormat: 'DD/MM/YYYY', decimalSeparator: ',' });
  const [error, setError] = useState<unknown>(null);
  const [result, setResult] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const isCsv = format === 'CSV' || (format === '' && file !== null && /\.(csv|txt)$/i.test(file.name));
  const set = (key: string) => (value: string) => {
    setMap((m) => ({ ...m, [key]: value }));
  };
  const submit = async (e: Event) => {
    e.preventDefault();
    if (!file) return;
    setBusy(true);
    setError(null);
    setResult(null);
    // The format and the CSV settings come from this form's selects and fields, named as the
    // operation's query parameters.
    const query: Record<string, string> = {};
    if (format) query.format = format;
    if (isCsv) for (const [k, v] of Object.entries(map)) if (v.trim()) query[k] = v.trim();
    const form = new FormData();
    form.append('file', file, file.name);
    try {
      const answer = await call('POST', '/v1/bankaccounts/{id}/statements', {
        path: { id: accountId },
        query,
        form,
      });
      const r = answer.data;
      setResult(
        tb('imported', { inserted: r.insertedCount, duplicates: r.duplicateCount, first: date(r.firstDate), last: date(r.lastDate) }),
      );
      onDone();
    } catch (err) {
      setError(err);
    }
    setBusy(false);
  };
  const columnError = (key: string) => fieldErrors(error, key);
  return (
    <form onSubmit={(e) => void submit(e)} data-testid="statement-import" noValidate>
      <fieldset class="plain">
        <legend>{tb('statement')}</legend>
        <p class="hint">{tb('statementHelp')}</p>
        <div class="grid-form">
          <div class="field">
            <label for="statement-file">{tb('file')}</label>
            <input
              id="statement-file"
              type="file"
              accept=".xml,.ofx,.qfx,.csv,.txt"
              onChange={(e) => {
                setFile(e.currentTarget.files?.[0] ?? null);
              }}
            />
          </div>
          <Select
            label={tb('format')}
            value={format}
            onValue={setFormat}
            options={[
              ['', tb('auto')],
              ['CAMT053', 'CAMT.053'],
              ['OFX', 'OFX'],
              ['CSV', 'CSV'],
            ]}
          />
          {isCsv && (
            <>
              {(['dateColumn', 'labelColumn', 'amountColumn', 'debitColumn', 'creditColumn', 'skipLines'] as const).map((k) => (
                <Field key={k} label={tb(k)} value={map[k] ?? ''} onValue={set(k)} maxLength={100} error={columnError(k)} />
              ))}
              <Select
                label={tb('dateFormat')}
                value={map.dateFormat}
                onValue={set('dateFormat')}
                options={['DD/MM/YYYY', 'DD/MM/YY', 'YYYY-MM-DD', 'DD-MM-YYYY', 'DD.MM.YYYY'].map((f) => [f, f])}
              />
              <Select
                label={tb('decimalSeparator')}
                value={map.decimalSeparator}
                onValue={set('decimalSeparator')}
                options={[
                  [',', ', (1 234,50)'],
                  ['.', '. (1234.50)'],
                ]}
              />
            </>
          )}
        </div>
        {error !== null && <ErrorBox error={error} />}
        {result && <Notice>{result}</Notice>}
        <div class="actions">
          <button type="submit" class="primary" disabled={!file || busy}>
            {tb('importStatement')}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

function Reconcile({ tx, readOnly, onChange }: { tx: Transaction; readOnly: boolean; onChange: () => void }) {
  const [suggestions, setSuggestions] = useState<Suggestion[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const run = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(err);
    }
  };
  if (tx.matchType)
    return (
      <>
        <span class="badge paid">{tb('matchedWith', { type: tb(tx.matchType), id: tx.matchId ?? '' })}</span>{' '}
        {!readOnly && (
          <button
            type="button"
            class="link"
            onClick={() =>
              void run(async () => {
                await call('DELETE', '/v1/banktransactions/{id}/match', { path: { id: tx.id } });
                onChange();
              })
            }
          >
            {tb('undo')}
          </button>
        )}
        {error !== null && <ErrorBox error={error} />}
      </>
    );
  return (
    <>
      {suggestions === null ? (
        <button
          type="button"
          onClick={() =>
            void run(async () => {
              setSuggestions((await call('GET', '/v1/banktransactions/{id}/suggestions', { path: { id: tx.id } })).data);
            })
          }
        >
          {tb('suggest')}
        </button>
      ) : suggestions.length === 0 ? (
        <span class="hint">{tb('noSuggestion')}</span>
      ) : (
        <ul class="suggestions" data-testid={`suggestions-${tx.id}`}>
          {suggestions.map((s) => (
            <li key={`${s.type}${s.id}`}>
              {[tb(s.type), date(s.date), s.thirdName, s.reference, tb('score', { score: s.score })]
                .filter((part) => part?.trim())
                .join(' · ')}{' '}
              {!readOnly && (
                <button
                  type="button"
                  onClick={() =>
                    void run(async () => {
                      await call('POST', '/v1/banktransactions/{id}/match', { path: { id: tx.id }, body: { type: s.type, id: s.id } });
                      onChange();
                    })
                  }
                >
                  {tb('confirm')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {error !== null && <ErrorBox error={error} />}
    </>
  );
}

const todayIso = () => new Date().toISOString().slice(0, 10);

interface TxForm {
  date: string;
  valueDate: string;
  amount: string;
  label: string;
  reference: string;
  counterpartyName: string;
  counterpartyIban: string;
}

const emptyTx = (): TxForm => ({
  date: todayIso(),
  valueDate: '',
  amount: '',
  label: '',
  reference: '',
  counterpartyName: '',
  counterpartyIban: '',
});

const formOf = (tx: Transaction): TxForm => ({
  date: tx.date,
  valueDate: tx.valueDate ?? '',
  amount: inputNumber(tx.amount),
  label: tx.label,
  reference: tx.reference ?? '',
  counterpartyName: tx.counterpartyName ?? '',
  counterpartyIban: tx.counterpartyIban ?? '',
});

/** The fields of a transaction entered by hand, with the API's refusals beside each. */
function TxFields({ form, set, error }: { form: TxForm; set: (patch: Partial<TxForm>) => void; error: unknown }) {
  const amount = parseNumber(form.amount);
  const amountBad = form.amount.trim() !== '' && (amount === null || Number.isNaN(amount));
  return (
    <div class="grid-form">
      <DateField
        label={tb('date')}
        value={form.date}
        onValue={(v) => {
          set({ date: v });
        }}
        error={fieldErrors(error, 'date')}
      />
      <Field
        label={tb('signedAmount')}
        value={form.amount}
        inputMode="decimal"
        required
        onValue={(v) => {
          set({ amount: v });
        }}
        error={amountBad ? tb('notAmount') : fieldErrors(error, 'amount', 'direction')}
      />
      <Field
        label={tb('label')}
        value={form.label}
        required
        maxLength={500}
        onValue={(v) => {
          set({ label: v });
        }}
        error={fieldErrors(error, 'label')}
      />
      <Field
        label={tb('reference')}
        value={form.reference}
        maxLength={140}
        onValue={(v) => {
          set({ reference: v });
        }}
        error={fieldErrors(error, 'reference')}
      />
      <Field
        label={tb('counterparty')}
        value={form.counterpartyName}
        maxLength={140}
        onValue={(v) => {
          set({ counterpartyName: v });
        }}
        error={fieldErrors(error, 'counterpartyName')}
      />
      <Field
        label={tb('counterpartyIban')}
        value={form.counterpartyIban}
        maxLength={42}
        onValue={(v) => {
          set({ counterpartyIban: v });
        }}
        error={fieldErrors(error, 'counterpartyIban')}
      />
      <DateField
        label={tb('valueDate')}
        value={form.valueDate}
        onValue={(v) => {
          set({ valueDate: v });
        }}
        error={fieldErrors(error, 'valueDate')}
      />
    </div>
  );
}

/**
 * The body POST and PUT /v1/banktransactions take. An amount left empty or not a number is refused
 * beside its field, as the API would refuse it (the body is typed: the amount is a number).
 */
function bodyOf(form: TxForm) {
  const amount = parseNumber(form.amount);
  if (amount === null) throw refuse({ amount: ['is required'] });
  if (Number.isNaN(amount)) throw refuse({ amount: ['must be a number'] });
  return {
    date: form.date,
    valueDate: form.valueDate || null,
    amount,
    label: form.label.trim(),
    reference: form.reference.trim() || null,
    counterpartyName: form.counterpartyName.trim() || null,
    counterpartyIban: form.counterpartyIban.trim() || null,
  };
}

const TX_FIELDS = ['date', 'valueDate', 'amount', 'direction', 'label', 'reference', 'counterpartyName', 'counterpartyIban'];

function ManualTransaction({ accountId, onDone }: { accountId: number; onDone: () => void }) {
  const [form, setForm] = useState<TxForm>(emptyTx);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const [round, setRound] = useState(0);
  const submit = async (e: Event) => {
    e.preventDefault();
    const container = e.currentTarget as HTMLElement;
    setDone(false);
    setBusy(true);
    setError(null);
    try {
      await call('POST', '/v1/banktransactions', { body: { bankAccountId: accountId, ...bodyOf(form) } });
      setForm(emptyTx());
      setRound((r) => r + 1);
      setDone(true);
      onDone();
    } catch (err) {
      setError(err);
      focusFirstError(container);
    }
    setBusy(false);
  };
  return (
    <form onSubmit={(e) => void submit(e)} data-testid="manual-transaction" noValidate>
      <fieldset class="plain">
        <legend>{tb('manual')}</legend>
        <p class="hint">{tb('manualHelp')}</p>
        <TxFields
          key={round}
          form={form}
          set={(patch) => {
            setForm((f) => ({ ...f, ...patch }));
          }}
          error={error}
        />
        {error !== null && !fieldErrors(error, ...TX_FIELDS) && <ErrorBox error={error} />}
        {done && <Notice>{tb('recorded')}</Notice>}
        <div class="actions">
          <button type="submit" class="primary" disabled={busy}>
            {tb('record')}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

function EditTransaction({ tx, onDone, onClose }: { tx: Transaction; onDone: () => void; onClose: () => void }) {
  const [form, setForm] = useState<TxForm>(() => formOf(tx));
  const [error, setError] = useState<unknown>(null);
  const save = async (e: Event) => {
    e.preventDefault();
    const container = e.currentTarget as HTMLElement;
    setError(null);
    try {
      await call('PUT', '/v1/banktransactions/{id}', { path: { id: tx.id }, body: bodyOf(form) });
      onDone();
    } catch (err) {
      setError(err);
      focusFirstError(container);
    }
  };
  return (
    <FormDialog
      title={tb('editTitle', { date: date(tx.date) })}
      testId="edit-transaction"
      cancelLabel={tb('cancel')}
      saveLabel={tb('save')}
      fields={TX_FIELDS}
      error={error}
      onSubmit={(e) => void save(e)}
      onClose={onClose}
    >
      <TxFields
        form={form}
        set={(patch) => {
          setForm((f) => ({ ...f, ...patch }));
        }}
        error={error}
      />
    </FormDialog>
  );
}

/** Edit and delete, for a transaction entered by hand (imported ones are the bank's record). */
function ManualActions({ tx, onChange }: { tx: Transaction; onChange: () => void }) {
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const remove = async () => {
    setRemoving(false);
    setError(null);
    try {
      await call('DELETE', '/v1/banktransactions/{id}', { path: { id: tx.id } });
      onChange();
    } catch (err) {
      setError(err);
    }
  };
  return (
    <>
      <button
        type="button"
        class="link"
        onClick={() => {
          setEditing(true);
        }}
      >
        {tb('edit')}
      </button>{' '}
      <button
        type="button"
        class="link"
        onClick={() => {
          setRemoving(true);
        }}
      >
        {tb('remove')}
      </button>
      {editing && (
        <EditTransaction
          tx={tx}
          onDone={() => {
            setEditing(false);
            onChange();
          }}
          onClose={() => {
            setEditing(false);
          }}
        />
      )}
      {removing && (
        <Confirm
          title={tb('removeTitle')}
          text={tb('removeText', { label: tx.label, amount: money(tx.amount) })}
          confirmLabel={tb('remove')}
          danger
          onConfirm={() => void remove()}
          onClose={() => {
            setRemoving(false);
          }}
        />
      )}
      {error !== null && <ErrorBox error={error} />}
    </>
  );
}

/** GET /v1/exports/banktransactions/{id}: the account's transactions as a file, in a format and period chosen. */
function BankExport({ accountId }: { accountId: number }) {
  const [format, setFormat] = useState<(typeof FORMATS)[number]>('Excel');
  const [from, setFrom] = useState<string | null>('');
  const [to, setTo] = useState<string | null>('');
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    setError(null);
    setDone(null);
    setBusy(true);
    try {
      setDone(
        await downloadFile(`banktransactions-${accountId}`, '/v1/exports/banktransactions/{id}', {
          path: { id: accountId },
          query: { format, ...(from ? { from } : {}), ...(to ? { to } : {}) },
        }),
      );
    } catch (err) {
      setError(explain(err));
    }
    setBusy(false);
  };
  return (
    <form onSubmit={(e) => void submit(e)} data-testid="bank-export" noValidate>
      <fieldset class="plain">
        <legend>{tb('export')}</legend>
        <p class="hint">{tb('exportHelp')}</p>
        <div class="grid-form">
          <Select label={te('format')} value={format} onValue={setFormat} options={FORMATS.map((f) => [f, te(f)])} />
          <OptionalDate label={te('from')} onValue={setFrom} />
          <OptionalDate label={te('to')} onValue={setTo} />
        </div>
        {error !== null && <ErrorBox error={error} />}
        {done && <Notice>{te('downloaded', { name: done })}</Notice>}
        <div class="actions">
          <button type="submit" disabled={busy || from === null || to === null}>
            {tb('download')}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

export function BankAccountPage({ id, readOnly }: { id: string; readOnly: boolean }) {
  const account = useLoad(async () => (await call('GET', '/v1/bankaccounts/{id}', { path: { id: Number(id) } })).data, [id]);
  const [filter, setFilter] = useState<'' | 'false' | 'true'>('false');
  const [page, setPage] = useState(1);
  const txs = useLoad(
    () =>
      getPage('/v1/banktransactions', {
        query: { BankAccountId: Number(id), PageIndex: page, PageSize: 20, ...(filter ? { Matched: filter === 'true' } : {}) },
      }),
    [id, page, filter],
  );
  const refresh = () => {
    account.reload();
    txs.reload();
  };
  if (account.loading && !account.data) return <Loading />;
  if (!account.data) return <ErrorBox error={account.error} retry={account.reload} />;
  const a = account.data;
  return (
    <>
      <p>
        <a href="#/bank">{tb('back')}</a>
      </p>
      <div class="page-head">
        <h1 tabIndex={-1}>{a.name}</h1>
      </div>
      <dl class="facts">
        <dt>{tb('iban')}</dt>
        <dd>{spacedIban(a.iban)}</dd>
        <dt>{tb('balance')}</dt>
        <dd data-testid="bank-balance">{money(a.balance)}</dd>
      </dl>
      {!readOnly && <StatementImport accountId={a.id} onDone={refresh} />}
      {!readOnly && <ManualTransaction accountId={a.id} onDone={refresh} />}
      <BankExport accountId={a.id} />
      <h2>{tb('transactions')}</h2>
      <Filters
        label={tb('filter')}
        href={`#/bank/${id}`}
        value={filter}
        options={[
          ['false', tb('toReconcile')],
          ['true', tb('reconciled')],
          ['', tb('all')],
        ]}
        onValue={(value) => {
          setFilter(value);
          setPage(1);
        }}
      />
      <ListTable
        load={txs}
        testId="bank-transactions"
        caption={tb('transactions')}
        empty={tb('noTransaction')}
        page={page}
        onPage={setPage}
        columns={[
          { label: tb('date'), cell: (tx: Transaction) => date(tx.date) },
          {
            label: tb('label'),
            cell: (tx) => (
              <>
                {tx.label}
                {tx.reference && <span class="hint"> · {tx.reference}</span>}
                {tx.importId === null && <span class="hint"> · {tb('manualBadge')}</span>}
              </>
            ),
          },
          { label: tb('amount'), cell: (tx) => money(tx.amount), num: true },
          {
            label: tb('match'),
            cell: (tx) => <Reconcile key={`${tx.id}${tx.matchType ?? ''}`} tx={tx} readOnly={readOnly} onChange={refresh} />,
          },
          ...(readOnly
            ? []
            : [{ label: tb('actions'), cell: (tx: Transaction) => tx.importId === null && <ManualActions tx={tx} onChange={refresh} /> }]),
        ]}
      />
    </>
  );
}
