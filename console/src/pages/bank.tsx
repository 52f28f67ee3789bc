// The bank (issue #31, docs/bank.md): the company's bank accounts with their balance, a new account by
// its IBAN; on an account, the import of a statement (CAMT.053, OFX, or the bank's CSV with its column
// mapping), its transactions, and for each one not yet reconciled the API's suggestions (receipts,
// supplier payments, repaid expense reports of the same amount, best first), confirmed in one click.
import { useState } from 'preact/hooks';
import { call, getPage } from '../api';
import type { Schemas } from '../api-types';

import { dictionary } from '../dict';
import { date, money } from '../format';
import { localMessage } from '../messages';
import { ErrorBox, Field, fieldErrors, Loading, Notice, Pager, Select, useLoad } from '../ui';
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
  },
);

/** A statement line (BankTransaction). */
type Transaction = Pick<
  Schemas['BankTransaction'],
  'id' | 'date' | 'amount' | 'label' | 'reference' | 'counterpartyName' | 'matchType' | 'matchId'
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
    setError(null);
    try {
      await call('POST', '/v1/bankaccounts', { body: { name: name.trim(), iban } });
      setName('');
      setIban('');
      list.reload();
    } catch (err) {
      setError(err);
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
      {list.loading && <Loading />}
      {list.error !== undefined && <ErrorBox error={list.error} retry={list.reload} />}
      {list.data && !list.loading && (
        <>
          {list.data.items.length === 0 ? (
            <p>{tb('none')}</p>
          ) : (
            <div class="table-wrap">
              <table data-testid="bank-accounts">
                <caption class="visually-hidden">{tb('accounts')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{tb('name')}</th>
                    <th scope="col">{tb('iban')}</th>
                    <th scope="col">{tb('lastDate')}</th>
                    <th scope="col" class="num">
                      {tb('transactions')}
                    </th>
                    <th scope="col" class="num">
                      {tb('balance')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.items.map((a) => (
                    <tr key={a.id}>
                      <td data-label={tb('name')}>
                        <a href={`#/bank/${a.id}`}>{a.name}</a>
                      </td>
                      <td data-label={tb('iban')}>{spacedIban(a.iban)}</td>
                      <td data-label={tb('lastDate')}>{date(a.lastTransactionDate)}</td>
                      <td data-label={tb('transactions')} class="num">
                        {a.transactionCount}
                      </td>
                      <td data-label={tb('balance')} class="num">
                        {money(a.balance)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
      {!readOnly && (
        <form onSubmit={(e) => void add(e)} data-testid="new-bank-account">
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
    <form onSubmit={(e) => void submit(e)} data-testid="statement-import">
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
      <h2>{tb('transactions')}</h2>
      <nav class="filters" aria-label={tb('filter')}>
        {(
          [
            ['false', tb('toReconcile')],
            ['true', tb('reconciled')],
            ['', tb('all')],
          ] as const
        ).map(([value, label]) => (
          <a
            key={value}
            href={`#/bank/${id}`}
            aria-current={filter === value ? 'true' : undefined}
            onClick={(e) => {
              e.preventDefault();
              setFilter(value);
              setPage(1);
            }}
          >
            {label}
          </a>
        ))}
      </nav>
      {txs.loading && <Loading />}
      {txs.error !== undefined && <ErrorBox error={txs.error} retry={txs.reload} />}
      {txs.data && !txs.loading && (
        <>
          {txs.data.items.length === 0 ? (
            <p>{tb('noTransaction')}</p>
          ) : (
            <div class="table-wrap">
              <table data-testid="bank-transactions">
                <caption class="visually-hidden">{tb('transactions')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{tb('date')}</th>
                    <th scope="col">{tb('label')}</th>
                    <th scope="col" class="num">
                      {tb('amount')}
                    </th>
                    <th scope="col">{tb('match')}</th>
                  </tr>
                </thead>
                <tbody>
                  {txs.data.items.map((tx) => (
                    <tr key={tx.id}>
                      <td data-label={tb('date')}>{date(tx.date)}</td>
                      <td data-label={tb('label')}>
                        {tx.label}
                        {tx.reference && <span class="hint"> · {tx.reference}</span>}
                      </td>
                      <td data-label={tb('amount')} class="num">
                        {money(tx.amount)}
                      </td>
                      <td data-label={tb('match')}>
                        <Reconcile key={`${tx.id}${tx.matchType ?? ''}`} tx={tx} readOnly={readOnly} onChange={refresh} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager page={page} pages={txs.data.pages} total={txs.data.total} onPage={setPage} />
        </>
      )}
    </>
  );
}
