// Expense reports (issue #31, docs/expenses.md): the list with status and amount owed, a new report
// for a colleague and a period, its lines (date, merchant, category, amount excl. VAT and VAT rate;
// the API computes the VAT and the totals), then its course: submit, approve or send back, record the
// repayment, undo it. Every step is the API's own action endpoint.
import { useId, useState } from 'preact/hooks';
import { ApiError, call, get, getPage, refuse } from '../api';
import type { Schemas } from '../api-types';
import { dictionary } from '../dict';
import { downloadFile } from '../download';
import { date, money, parseNumber } from '../format';
import { go } from '../router';
import { DateField, ErrorBox, Field, fieldErrors, focusFirstError, ListTable, Loading, Select, useLoad } from '../ui';
import '../tools.css';

export const tx = dictionary(
  {
    expenses: 'Notes de frais',
    reportNumber: 'Note de frais #{id}',
    expensesHelp: 'Les dépenses avancées par vos collaborateurs : saisies, soumises, approuvées puis remboursées.',
    newReport: 'Nouvelle note de frais',
    colleague: 'Collaborateur',
    noColleague: 'Ajoutez d’abord un collaborateur, dans la page Collaborateurs.',
    title: 'Intitulé',
    periodStart: 'Début de la période',
    periodEnd: 'Fin de la période',
    create: 'Créer',
    period: 'Période',
    status: 'État',
    total: 'Total TTC',
    amounts: 'Montants',
    none: 'Aucune note de frais.',
    Draft: 'Brouillon',
    Submitted: 'Soumise',
    Approved: 'Approuvée',
    Reimbursed: 'Remboursée',
    lines: 'Dépenses',
    date: 'Date',
    merchant: 'Fournisseur (commerçant)',
    category: 'Catégorie',
    amountHt: 'Montant HT',
    vatRate: 'Taux de TVA (%)',
    vat: 'TVA',
    addLine: 'Ajouter la dépense',
    remove: 'Retirer',
    submit: 'Soumettre',
    approve: 'Approuver',
    reject: 'Renvoyer en brouillon',
    reimburse: 'Marquer comme remboursée',
    reimbursedOn: 'Remboursée le',
    undoReimburse: 'Annuler le remboursement',
    back: 'Toutes les notes de frais',
    totals: '{ht} HT · {vat} de TVA · {ttc} TTC',
    notAmount: 'Un montant est attendu (1 234,50).',
    noLines: 'Aucune dépense pour l’instant.',
    receipt: 'Justificatif',
    attach: 'Joindre',
    replace: 'Remplacer',
    download: 'Télécharger',
    receiptFile: 'Justificatif de la dépense du {date} (PDF ou image)',
    receiptHelp: 'Un PDF ou une photo (PNG, JPEG, WebP), 10 Mo au plus.',
    attached: 'Justificatif enregistré : {name}.',
    noReceipt: 'Aucun',
    notReceipt: 'Ce fichier n’est ni un PDF ni une image PNG, JPEG ou WebP.',
  },
  {
    expenses: 'Expense reports',
    reportNumber: 'Expense report #{id}',
    expensesHelp: 'Expenses paid by your colleagues: entered, submitted, approved, then repaid.',
    newReport: 'New expense report',
    colleague: 'Colleague',
    noColleague: 'Add a colleague first, on the Colleagues page.',
    title: 'Title',
    periodStart: 'Start of the period',
    periodEnd: 'End of the period',
    create: 'Create',
    period: 'Period',
    status: 'Status',
    total: 'Total incl. VAT',
    amounts: 'Amounts',
    none: 'No expense report.',
    Draft: 'Draft',
    Submitted: 'Submitted',
    Approved: 'Approved',
    Reimbursed: 'Repaid',
    lines: 'Expenses',
    date: 'Date',
    merchant: 'Merchant',
    category: 'Category',
    amountHt: 'Amount excl. VAT',
    vatRate: 'VAT rate (%)',
    vat: 'VAT',
    addLine: 'Add the expense',
    remove: 'Remove',
    submit: 'Submit',
    approve: 'Approve',
    reject: 'Send back to draft',
    reimburse: 'Mark as repaid',
    reimbursedOn: 'Repaid on',
    undoReimburse: 'Undo the repayment',
    back: 'All expense reports',
    totals: '{ht} excl. VAT · {vat} VAT · {ttc} incl. VAT',
    notAmount: 'An amount is expected (1234.50).',
    noLines: 'No expense yet.',
    receipt: 'Receipt',
    attach: 'Attach',
    replace: 'Replace',
    download: 'Download',
    receiptFile: 'Receipt of the expense of {date} (PDF or image)',
    receiptHelp: 'A PDF or a photo (PNG, JPEG, WebP), 10 MB at most.',
    attached: 'Receipt saved: {name}.',
    noReceipt: 'None',
    notReceipt: 'This file is neither a PDF nor a PNG, JPEG or WebP image.',
  },
);

/** An expense report (ExpenseReport) and its lines (ExpenseReportLine). */
type Report = Pick<
  Schemas['ExpenseReport'],
  | 'id'
  | 'colleagueId'
  | 'colleagueName'
  | 'title'
  | 'periodStart'
  | 'periodEnd'
  | 'status'
  | 'taxExcludedAmount'
  | 'vatAmount'
  | 'taxIncludedAmount'
  | 'reimbursedDate'
  | 'lines'
>;

type Line = Report['lines'][number];

/**
 * The receipt of an expense line: download it, and while the report is Draft or Submitted attach or
 * replace it (POST /v1/expensereports/{id}/lines/{lineId}/file, a PDF or an image).
 */
function ReceiptCell({
  reportId,
  line,
  canAttach,
  onReport,
}: {
  reportId: number;
  line: Line;
  canAttach: boolean;
  onReport: (report: Schemas['ExpenseReport']) => void;
}) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const send = async (e: Event) => {
    e.preventDefault();
    if (!file) return;
    setBusy(true);
    setError(null);
    setDone(null);
    const form = new FormData();
    form.append('file', file, file.name);
    try {
      const answer = await call('POST', '/v1/expensereports/{id}/lines/{lineId}/file', { path: { id: reportId, lineId: line.id }, form });
      setDone(file.name);
      setFile(null);
      onReport(answer.data);
    } catch (err) {
      setError(err);
    }
    setBusy(false);
  };
  // The receipt route takes a PDF or an image: its refusal of any other file names what it reads (a PDF,
  // or the purchase upload's XML), which here means "neither a PDF nor an image".
  const raw = error instanceof ApiError ? (error.fields.file ?? []).join(' ') : '';
  const fileError = /^the file is (neither a PDF|not a PDF)/.test(raw) ? tx('notReceipt') : fieldErrors(error, 'file');
  return (
    <div class="receipt-cell">
      {line.file ? (
        <button
          type="button"
          class="link"
          onClick={() => {
            setError(null);
            downloadFile(line.file!.fileName ?? `justificatif-${line.id}`, '/v1/expensereports/{id}/lines/{lineId}/file', {
              path: { id: reportId, lineId: line.id },
            }).catch(setError);
          }}
        >
          {tx('download')} {line.file.fileName ?? ''}
        </button>
      ) : (
        <span class="hint">{tx('noReceipt')}</span>
      )}
      {canAttach && (
        <form onSubmit={(e) => void send(e)} data-testid={`receipt-${line.id}`} class={`field${fileError ? ' invalid' : ''}`} noValidate>
          <label for={id}>{tx('receiptFile', { date: date(line.date) })}</label>
          <input
            id={id}
            type="file"
            accept=".pdf,.png,.jpg,.jpeg,.webp,application/pdf,image/png,image/jpeg,image/webp"
            aria-invalid={fileError ? 'true' : undefined}
            aria-describedby={fileError ? `${id}-error` : undefined}
            onChange={(e) => {
              setFile(e.currentTarget.files?.[0] ?? null);
            }}
          />
          {fileError && (
            <p class="field-error" id={`${id}-error`}>
              {fileError}
            </p>
          )}
          <button type="submit" disabled={!file || busy}>
            {line.file ? tx('replace') : tx('attach')}
          </button>
        </form>
      )}
      {done && <p role="status">{tx('attached', { name: done })}</p>}
      {error !== null && !fileError && <ErrorBox error={error} />}
    </div>
  );
}

const monthStart = () => `${new Date().toISOString().slice(0, 8)}01`;
const today = () => new Date().toISOString().slice(0, 10);

export function ExpensesPage({ readOnly }: { readOnly: boolean }) {
  const [page, setPage] = useState(1);
  const list = useLoad(() => getPage('/v1/expensereports', { query: { PageIndex: page, PageSize: 20 } }), [page]);
  const colleagues = useLoad(() => get('/v1/colleagues', { query: { PageSize: 100 } }), []);
  const [form, setForm] = useState({ colleagueId: '', title: '', periodStart: monthStart(), periodEnd: today() });
  const [error, setError] = useState<unknown>(null);
  const create = async (e: Event) => {
    e.preventDefault();
    const container = e.currentTarget as HTMLElement;
    setError(null);
    const colleagueId = form.colleagueId || String(colleagues.data?.[0]?.id ?? '');
    try {
      // The form says itself what is missing (noValidate: no browser bubble, in the browser's language).
      const missing: Record<string, string[]> = {};
      if (!colleagueId) missing.colleagueId = ['is required'];
      if (!form.periodStart) missing.periodStart = ['is required'];
      if (!form.periodEnd) missing.periodEnd = ['is required'];
      if (Object.keys(missing).length) throw refuse(missing);
      const answer = await call('POST', '/v1/expensereports', {
        body: {
          colleagueId: Number(colleagueId),
          title: form.title.trim() || null,
          periodStart: form.periodStart,
          periodEnd: form.periodEnd,
        },
      });
      go(`/expenses/${answer.data.id}`);
    } catch (err) {
      setError(err);
      focusFirstError(container);
    }
  };
  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>{tx('expenses')}</h1>
      </div>
      <p>{tx('expensesHelp')}</p>
      <ListTable
        load={list}
        testId="expense-reports"
        caption={tx('expenses')}
        empty={tx('none')}
        page={page}
        onPage={setPage}
        columns={[
          { label: tx('title'), cell: (r: Report) => <a href={`#/expenses/${r.id}`}>{r.title ?? `#${r.id}`}</a> },
          { label: tx('colleague'), cell: (r) => r.colleagueName },
          {
            label: tx('period'),
            cell: (r) => (
              <>
                {date(r.periodStart)} – {date(r.periodEnd)}
              </>
            ),
          },
          {
            label: tx('status'),
            cell: (r) => (
              <span class={`badge${r.status === 'Draft' ? ' draft' : r.status === 'Reimbursed' ? ' paid' : ''}`}>{tx(r.status)}</span>
            ),
          },
          { label: tx('total'), cell: (r) => money(r.taxIncludedAmount), num: true },
        ]}
      />
      {!readOnly && colleagues.data && (
        <form onSubmit={(e) => void create(e)} data-testid="new-expense-report" noValidate>
          <fieldset class="plain">
            <legend>{tx('newReport')}</legend>
            {colleagues.data.length === 0 ? (
              <p class="hint">
                <a href="#/colleagues">{tx('noColleague')}</a>
              </p>
            ) : (
              <>
                <div class="grid-form">
                  <Select
                    label={tx('colleague')}
                    value={form.colleagueId || String(colleagues.data[0].id)}
                    onValue={(v) => {
                      setForm((f) => ({ ...f, colleagueId: v }));
                    }}
                    options={colleagues.data.map((c) => [String(c.id), c.name ?? `#${c.id}`])}
                    error={fieldErrors(error, 'colleagueId')}
                  />
                  <Field
                    label={tx('title')}
                    value={form.title}
                    maxLength={200}
                    onValue={(v) => {
                      setForm((f) => ({ ...f, title: v }));
                    }}
                    error={fieldErrors(error, 'title')}
                  />
                  <DateField
                    label={tx('periodStart')}
                    value={form.periodStart}
                    onValue={(v) => {
                      setForm((f) => ({ ...f, periodStart: v }));
                    }}
                    onClear={() => {
                      setForm((f) => ({ ...f, periodStart: '' }));
                    }}
                    error={fieldErrors(error, 'periodStart')}
                  />
                  <DateField
                    label={tx('periodEnd')}
                    value={form.periodEnd}
                    onValue={(v) => {
                      setForm((f) => ({ ...f, periodEnd: v }));
                    }}
                    onClear={() => {
                      setForm((f) => ({ ...f, periodEnd: '' }));
                    }}
                    error={fieldErrors(error, 'periodEnd')}
                  />
                </div>
                {error !== null && !fieldErrors(error, 'colleagueId', 'title', 'periodStart', 'periodEnd') && <ErrorBox error={error} />}
                <div class="actions">
                  <button type="submit" class="primary">
                    {tx('create')}
                  </button>
                </div>
              </>
            )}
          </fieldset>
        </form>
      )}
    </>
  );
}

export function ExpenseReportPage({ id, readOnly }: { id: string; readOnly: boolean }) {
  const report = useLoad(async () => (await call('GET', '/v1/expensereports/{id}', { path: { id: Number(id) } })).data, [id]);
  const [line, setLine] = useState({ date: '', merchant: '', category: '', amount: '', rate: '20' });
  const [lineError, setLineError] = useState<unknown>(null);
  const [error, setError] = useState<unknown>(null);
  const [reimbursed, setReimbursed] = useState(today());
  const [busy, setBusy] = useState(false);
  const rid = Number(id);
  /** One of the report's actions; the API answers the report as it now is. */
  const act = async (request: () => Promise<{ data: Schemas['ExpenseReport'] }>) => {
    setBusy(true);
    setError(null);
    try {
      report.setData((await request()).data);
    } catch (err) {
      setError(err);
    }
    setBusy(false);
  };
  if (report.loading && !report.data) return <Loading />;
  if (!report.data) return <ErrorBox error={report.error} retry={report.reload} />;
  const r = report.data;
  const amount = parseNumber(line.amount);
  const rate = parseNumber(line.rate);
  const amountBad = line.amount !== '' && (amount === null || Number.isNaN(amount));
  const addLine = async (e: Event) => {
    e.preventDefault();
    setLineError(null);
    try {
      // Left empty or not a number: refused beside the field, as the API would refuse it.
      if (amount === null) throw refuse({ 'vats[0].taxExcludedAmount': ['is required'] });
      if (Number.isNaN(amount)) throw refuse({ 'vats[0].taxExcludedAmount': ['must be a number'] });
      report.setData(
        (
          await call('POST', '/v1/expensereports/{id}/lines', {
            path: { id: rid },
            body: {
              date: line.date || r.periodStart,
              merchant: line.merchant.trim() || null,
              category: line.category.trim() || null,
              vats: [{ rate: rate ?? 0, taxExcludedAmount: amount }],
            },
          })
        ).data,
      );
      setLine({ date: '', merchant: '', category: '', amount: '', rate: line.rate });
    } catch (err) {
      setLineError(err);
    }
  };
  const draft = r.status === 'Draft' && !readOnly;
  return (
    <>
      <p>
        <a href="#/expenses">{tx('back')}</a>
      </p>
      <div class="page-head">
        <h1 tabIndex={-1}>{r.title ?? tx('reportNumber', { id: r.id })}</h1>
        <span class="badge" data-testid="expense-status">
          {tx(r.status)}
        </span>
      </div>
      <dl class="facts">
        <dt>{tx('colleague')}</dt>
        <dd>{r.colleagueName}</dd>
        <dt>{tx('period')}</dt>
        <dd>
          {date(r.periodStart)} – {date(r.periodEnd)}
        </dd>
        <dt>{tx('amounts')}</dt>
        <dd data-testid="expense-totals">
          {tx('totals', { ht: money(r.taxExcludedAmount), vat: money(r.vatAmount), ttc: money(r.taxIncludedAmount) })}
        </dd>
        {r.reimbursedDate && (
          <>
            <dt>{tx('reimbursedOn')}</dt>
            <dd>{date(r.reimbursedDate)}</dd>
          </>
        )}
      </dl>
      <h2>{tx('lines')}</h2>
      {r.lines.length === 0 ? (
        <p>{tx('noLines')}</p>
      ) : (
        <div class="table-wrap">
          <table data-testid="expense-lines">
            <caption class="visually-hidden">{tx('lines')}</caption>
            <thead>
              <tr>
                <th scope="col">{tx('date')}</th>
                <th scope="col">{tx('merchant')}</th>
                <th scope="col">{tx('category')}</th>
                <th scope="col" class="num">
                  {tx('amountHt')}
                </th>
                <th scope="col" class="num">
                  {tx('vat')}
                </th>
                <th scope="col" class="num">
                  {tx('total')}
                </th>
                <th scope="col">{tx('receipt')}</th>
                {draft && <th scope="col">{tx('remove')}</th>}
              </tr>
            </thead>
            <tbody>
              {r.lines.map((l) => (
                <tr key={l.id}>
                  <td data-label={tx('date')}>{date(l.date)}</td>
                  <td data-label={tx('merchant')}>{l.merchant}</td>
                  <td data-label={tx('category')}>{l.category}</td>
                  <td data-label={tx('amountHt')} class="num">
                    {money(l.taxExcludedAmount)}
                  </td>
                  <td data-label={tx('vat')} class="num">
                    {money(l.vatAmount)}
                  </td>
                  <td data-label={tx('total')} class="num">
                    {money(l.taxIncludedAmount)}
                  </td>
                  <td data-label={tx('receipt')}>
                    <ReceiptCell
                      reportId={r.id}
                      line={l}
                      canAttach={!readOnly && (r.status === 'Draft' || r.status === 'Submitted')}
                      onReport={report.setData}
                    />
                  </td>
                  {draft && (
                    <td data-label={tx('remove')}>
                      <button
                        type="button"
                        class="link"
                        disabled={busy}
                        onClick={() =>
                          void act(() => call('DELETE', '/v1/expensereports/{id}/lines/{lineId}', { path: { id: rid, lineId: l.id } }))
                        }
                      >
                        {tx('remove')}
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {draft && (
        <form onSubmit={(e) => void addLine(e)} data-testid="expense-line-form" noValidate>
          <fieldset class="plain">
            <legend>{tx('addLine')}</legend>
            <div class="grid-form">
              <DateField
                label={tx('date')}
                value={line.date || r.periodStart}
                onValue={(v) => {
                  setLine((l) => ({ ...l, date: v }));
                }}
                error={fieldErrors(lineError, 'date')}
              />
              <Field
                label={tx('merchant')}
                value={line.merchant}
                maxLength={200}
                onValue={(v) => {
                  setLine((l) => ({ ...l, merchant: v }));
                }}
              />
              <Field
                label={tx('category')}
                value={line.category}
                maxLength={100}
                onValue={(v) => {
                  setLine((l) => ({ ...l, category: v }));
                }}
              />
              <Field
                label={tx('amountHt')}
                value={line.amount}
                inputMode="decimal"
                required
                onValue={(v) => {
                  setLine((l) => ({ ...l, amount: v }));
                }}
                error={amountBad ? tx('notAmount') : fieldErrors(lineError, 'vats[0].taxExcludedAmount')}
              />
              <Field
                label={tx('vatRate')}
                value={line.rate}
                inputMode="decimal"
                onValue={(v) => {
                  setLine((l) => ({ ...l, rate: v }));
                }}
                error={fieldErrors(lineError, 'vats[0].rate')}
              />
            </div>
            {lineError !== null && !fieldErrors(lineError, 'vats[0].taxExcludedAmount', 'vats[0].rate') && <ErrorBox error={lineError} />}
            <div class="actions">
              <button type="submit">{tx('addLine')}</button>
            </div>
          </fieldset>
        </form>
      )}
      {error !== null && <ErrorBox error={error} />}
      {!readOnly && (
        <div class="actions">
          {r.status === 'Draft' && r.lines.length > 0 && (
            <button
              type="button"
              class="primary"
              disabled={busy}
              onClick={() => void act(() => call('POST', '/v1/expensereports/{id}/submit', { path: { id: rid } }))}
            >
              {tx('submit')}
            </button>
          )}
          {r.status === 'Submitted' && (
            <>
              <button
                type="button"
                class="primary"
                disabled={busy}
                onClick={() => void act(() => call('POST', '/v1/expensereports/{id}/approve', { path: { id: rid } }))}
              >
                {tx('approve')}
              </button>
              <button
                type="button"
                disabled={busy}
                onClick={() => void act(() => call('POST', '/v1/expensereports/{id}/reject', { path: { id: rid } }))}
              >
                {tx('reject')}
              </button>
            </>
          )}
          {r.status === 'Approved' && (
            <>
              <DateField label={tx('reimbursedOn')} value={reimbursed} onValue={setReimbursed} />
              <button
                type="button"
                class="primary"
                disabled={busy}
                onClick={() =>
                  void act(() => call('POST', '/v1/expensereports/{id}/reimburse', { path: { id: rid }, body: { date: reimbursed } }))
                }
              >
                {tx('reimburse')}
              </button>
            </>
          )}
          {r.status === 'Reimbursed' && (
            <button
              type="button"
              disabled={busy}
              onClick={() => void act(() => call('DELETE', '/v1/expensereports/{id}/reimburse', { path: { id: rid } }))}
            >
              {tx('undoReimburse')}
            </button>
          )}
        </div>
      )}
    </>
  );
}
