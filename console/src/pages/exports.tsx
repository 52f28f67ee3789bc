// Exports for the accountant (issue #31, docs/exports.md): the FEC of a year, and every dataset of
// GET /v1/exports/<dataset> in the format and period chosen. The file is the API's own, downloaded
// with the session; a refusal (no SIRET for the FEC, a bad period) is said on the page in French.
import { useState } from 'preact/hooks';
import { ApiError } from '../api';
import { dictionary } from '../dict';
import { downloadFile } from '../download';
import { localMessage } from '../messages';
import { t } from '../i18n';
import { ErrorBox, Field, Notice, parseFrenchDate, Select } from '../ui';
import '../tools.css';

export const te = dictionary(
  {
    exports: 'Exports comptables',
    exportsHelp:
      'Les fichiers à remettre à votre expert-comptable : le FEC de l’exercice, et les journaux de ventes, d’achats, de banque et de règlements aux formats Excel, CSV, JSON ou Markdown.',
    fec: 'Fichier des écritures comptables (FEC)',
    fecHelp:
      'Article A47 A-1 du LPF : journaux Ventes, Banque et Caisse de l’année civile, nommé d’après votre SIREN. C’est le fichier que demande l’administration fiscale en cas de contrôle.',
    year: 'Exercice (année)',
    separator: 'Séparateur',
    pipe: 'Barre verticale « | » (recommandé)',
    tab: 'Tabulation',
    downloadFec: 'Télécharger le FEC',
    dataset: 'Données',
    format: 'Format',
    from: 'Du (facultatif)',
    to: 'Au (facultatif)',
    download: 'Télécharger',
    otherExports: 'Autres exports',
    downloaded: 'Fichier {name} téléchargé.',
    noSiret: 'Le FEC porte le SIREN de l’entreprise : renseignez le SIRET dans les Paramètres, puis recommencez.',
    settings: 'Ouvrir les Paramètres',
    yearInvalid: 'Une année sur 4 chiffres, par exemple 2026.',
    salesinvoices: 'Factures de vente',
    salescredits: 'Avoirs',
    salesquotes: 'Devis',
    receiptsbook: 'Livre des recettes (encaissements)',
    expensesbook: 'Livre des dépenses (paiements fournisseurs)',
    expensecharges: 'Factures d’achat',
    expensereports: 'Notes de frais',
    settlements: 'Règlements',
    commitments: 'Échéances (à encaisser et à payer)',
    customers: 'Clients',
    suppliers: 'Fournisseurs',
    products: 'Produits',
    Excel: 'Excel (.xlsx)',
    EuropeanCsv: 'CSV pour Excel français (;)',
    AmericanCsv: 'CSV international (,)',
    Tsv: 'TSV (tabulations)',
    Json: 'JSON',
    Markdown: 'Markdown',
  },
  {
    exports: 'Accounting exports',
    exportsHelp:
      'The files for your accountant: the year’s FEC, and the sales, purchases, bank and settlement journals as Excel, CSV, JSON or Markdown.',
    fec: 'Accounting entries file (FEC)',
    fecHelp:
      'Article A47 A-1 of the LPF: Sales, Bank and Cash journals of the calendar year, named after your SIREN. The file the tax office asks for in an audit.',
    year: 'Fiscal year',
    separator: 'Separator',
    pipe: 'Vertical bar “|” (recommended)',
    tab: 'Tab',
    downloadFec: 'Download the FEC',
    dataset: 'Data',
    format: 'Format',
    from: 'From (optional)',
    to: 'To (optional)',
    download: 'Download',
    otherExports: 'Other exports',
    downloaded: 'File {name} downloaded.',
    noSiret: 'The FEC carries the company’s SIREN: fill in the SIRET in the Settings, then try again.',
    settings: 'Open the Settings',
    yearInvalid: 'A 4-digit year, for example 2026.',
    salesinvoices: 'Sale invoices',
    salescredits: 'Credit notes',
    salesquotes: 'Quotes',
    receiptsbook: 'Receipts book',
    expensesbook: 'Expenses book (supplier payments)',
    expensecharges: 'Purchase invoices',
    expensereports: 'Expense reports',
    settlements: 'Settlements',
    commitments: 'Commitments (to receive and to pay)',
    customers: 'Customers',
    suppliers: 'Suppliers',
    products: 'Products',
    Excel: 'Excel (.xlsx)',
    EuropeanCsv: 'CSV for French Excel (;)',
    AmericanCsv: 'International CSV (,)',
    Tsv: 'TSV (tabs)',
    Json: 'JSON',
    Markdown: 'Markdown',
  },
);

const DATASETS = [
  'salesinvoices',
  'salescredits',
  'salesquotes',
  'receiptsbook',
  'expensesbook',
  'expensecharges',
  'expensereports',
  'settlements',
  'commitments',
  'customers',
  'suppliers',
  'products',
] as const;
type Dataset = (typeof DATASETS)[number];
const DATED = new Set<Dataset>(DATASETS.slice(0, 9));
export const FORMATS = ['Excel', 'EuropeanCsv', 'AmericanCsv', 'Tsv', 'Json', 'Markdown'] as const;

/** An optional date typed day first: '' when empty, null when it is not a day (and said under the field). */
export function OptionalDate({ label, onValue }: { label: string; onValue: (iso: string | null) => void }) {
  const [text, setText] = useState('');
  const bad = text.trim() !== '' && parseFrenchDate(text) === null;
  return (
    <Field
      label={label}
      value={text}
      inputMode="numeric"
      hint={t('dateHint')}
      error={bad ? t('dateInvalid') : undefined}
      onValue={(v) => {
        setText(v);
        onValue(v.trim() === '' ? '' : parseFrenchDate(v));
      }}
    />
  );
}

/** A refusal of an export said in French (the FEC's missing SIRET with what to do). */
export function explain(error: unknown): unknown {
  if (error instanceof ApiError && /company\.siret/.test(error.message)) return new Error(te('noSiret'));
  if (error instanceof ApiError) {
    const fields = Object.values(error.fields).flat();
    return new Error(fields.length ? fields.map(localMessage).join(' ') : localMessage(error.message));
  }
  return error;
}

export function ExportsPage() {
  const [year, setYear] = useState(String(new Date().getFullYear()));
  const [separator, setSeparator] = useState<'Pipe' | 'Tab'>('Pipe');
  const [fecError, setFecError] = useState<unknown>(null);
  const [dataset, setDataset] = useState<Dataset>('salesinvoices');
  const [format, setFormat] = useState<(typeof FORMATS)[number]>('Excel');
  const [from, setFrom] = useState<string | null>('');
  const [to, setTo] = useState<string | null>('');
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const yearOk = /^\d{4}$/.test(year.trim());

  const fec = async (e: Event) => {
    e.preventDefault();
    setFecError(null);
    setDone(null);
    if (!yearOk) return;
    setBusy(true);
    try {
      setDone(await downloadFile(`FEC${year.trim()}.txt`, '/v1/exports/fec', { query: { year: Number(year.trim()), separator } }));
    } catch (err) {
      setFecError(explain(err));
    }
    setBusy(false);
  };
  const other = async (e: Event) => {
    e.preventDefault();
    setError(null);
    setDone(null);
    setBusy(true);
    const dated = DATED.has(dataset);
    try {
      setDone(
        await downloadFile(dataset, `/v1/exports/${dataset}`, {
          query: { format, ...(dated && from ? { from } : {}), ...(dated && to ? { to } : {}) },
        }),
      );
    } catch (err) {
      setError(explain(err));
    }
    setBusy(false);
  };
  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>{te('exports')}</h1>
      </div>
      <p>{te('exportsHelp')}</p>
      {done && <Notice>{te('downloaded', { name: done })}</Notice>}
      <form onSubmit={(e) => void fec(e)} aria-labelledby="fec-title" data-testid="fec-form" noValidate>
        <fieldset class="plain">
          <legend id="fec-title">{te('fec')}</legend>
          <p class="hint">{te('fecHelp')}</p>
          <div class="grid-form">
            <div class={`field${yearOk ? '' : ' invalid'}`}>
              <label for="fec-year">{te('year')}</label>
              <input
                id="fec-year"
                inputMode="numeric"
                maxLength={4}
                value={year}
                aria-invalid={yearOk ? undefined : 'true'}
                aria-describedby={yearOk ? undefined : 'fec-year-error'}
                onInput={(e) => {
                  setYear(e.currentTarget.value);
                }}
              />
              {!yearOk && (
                <p class="field-error" id="fec-year-error">
                  {te('yearInvalid')}
                </p>
              )}
            </div>
            <Select
              label={te('separator')}
              value={separator}
              onValue={setSeparator}
              options={[
                ['Pipe', te('pipe')],
                ['Tab', te('tab')],
              ]}
            />
          </div>
          {fecError !== null && (
            <>
              <ErrorBox error={fecError} />
              {fecError instanceof Error && fecError.message === te('noSiret') && <a href="#/settings">{te('settings')}</a>}
            </>
          )}
          <div class="actions">
            <button type="submit" class="primary" disabled={busy || !yearOk}>
              {te('downloadFec')}
            </button>
          </div>
        </fieldset>
      </form>
      <form onSubmit={(e) => void other(e)} aria-labelledby="other-title" data-testid="export-form" noValidate>
        <fieldset class="plain">
          <legend id="other-title">{te('otherExports')}</legend>
          <div class="grid-form">
            <Select label={te('dataset')} value={dataset} onValue={setDataset} options={DATASETS.map((d) => [d, te(d)])} />
            <Select label={te('format')} value={format} onValue={setFormat} options={FORMATS.map((f) => [f, te(f)])} />
            {DATED.has(dataset) && (
              <>
                <OptionalDate label={te('from')} onValue={setFrom} />
                <OptionalDate label={te('to')} onValue={setTo} />
              </>
            )}
          </div>
          {error !== null && <ErrorBox error={error} />}
          <div class="actions">
            <button type="submit" disabled={busy || (DATED.has(dataset) && (from === null || to === null))}>
              {te('download')}
            </button>
          </div>
        </fieldset>
      </form>
    </>
  );
}
