// E-reporting in the console (issue #28, docs/ereporting.md): the account's reporting calendar with
// what is due and when (late deadlines in red), each period's totals, blocking points and reports,
// one click to send it through the plateforme agréée, its Flux 10 file, and "what the tax office
// sees" beside the books. Every action is the API's own.
import { useState } from 'preact/hooks';
import { call, callBlob } from '../api';
import type { Schemas } from '../api-types';
import { date } from '../format';
import { t, type Key } from '../i18n';
import { ErrorBox, Loading, useLoad } from '../ui';

/** Totals per VAT rate, decimal strings (EReportingRateTotals). */
type RateTotals = Schemas['EReportingRateTotals'];

/** A period of the e-reporting calendar (EReportingPeriod), with its reports. */
type Period = Pick<
  Schemas['EReportingPeriod'],
  | 'id'
  | 'kind'
  | 'start'
  | 'end'
  | 'deadline'
  | 'status'
  | 'late'
  | 'entries'
  | 'totals'
  | 'blocking'
  | 'rectificationDue'
  | 'transmission'
  | 'reports'
>;
type Kind = Period['kind'];

/** Decimal strings of the API ("1234.50") in French ("1 234,50 €"). */
const euros = (value: string) =>
  `${Number(value).toLocaleString('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} €`.replace(/\u202f/g, '\u00a0');

const kindLabel = (kind: Kind) => t(`report${kind}` as Key);
const statusLabel = (status: Period['status']) => t(`reportStatus${status}` as Key);

export function EReportingPage() {
  const calendar = useLoad(async () => (await call('GET', '/v1/ereporting/periods')).data, []);
  if (calendar.loading) return <Loading />;
  if (calendar.error !== undefined || !calendar.data) return <ErrorBox error={calendar.error} retry={calendar.reload} />;
  const { periods, regime } = calendar.data;
  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>{t('ereporting')}</h1>
      </div>
      <p>{t('ereportingHelp', { regime: t(`regime${regime}` as Key) })}</p>
      {periods.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <div class="table-wrap">
          <table data-testid="ereporting-calendar">
            <caption class="visually-hidden">{t('ereporting')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('reportPeriod')}</th>
                <th scope="col">{t('reportKind')}</th>
                <th scope="col">{t('deadline')}</th>
                <th scope="col">{t('status')}</th>
                <th scope="col" class="num">
                  {t('reportEntries')}
                </th>
              </tr>
            </thead>
            <tbody>
              {periods.map((p) => (
                <tr key={p.id}>
                  <td data-label={t('reportPeriod')}>
                    <a href={`#/ereporting/${p.id}`}>
                      {date(p.start)} – {date(p.end)}
                    </a>
                  </td>
                  <td data-label={t('reportKind')}>{kindLabel(p.kind)}</td>
                  <td data-label={t('deadline')} class={p.late ? 'late' : ''}>
                    {date(p.deadline)}
                    {p.late ? ` · ${t('late')}` : ''}
                  </td>
                  <td data-label={t('status')}>
                    {statusLabel(p.status)}
                    {p.blocking.length ? ` · ${t('blockingCount', { n: p.blocking.length })}` : ''}
                    {p.rectificationDue ? ` · ${t('rectificationDue')}` : ''}
                  </td>
                  <td data-label={t('reportEntries')} class="num">
                    {p.entries}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function TotalsTable({ caption, rows, payments }: { caption: string; rows: RateTotals[]; payments: boolean }) {
  if (!rows.length) return <p>{t('empty')}</p>;
  return (
    <div class="table-wrap">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('vat')}</th>
            {payments ? (
              <th scope="col" class="num">
                {t('collected')}
              </th>
            ) : (
              <>
                <th scope="col" class="num">
                  {t('taxableAmount')}
                </th>
                <th scope="col" class="num">
                  {t('vatAmount')}
                </th>
              </>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.rate}>
              <td data-label={t('vat')}>{r.rate} %</td>
              {payments ? (
                <td data-label={t('collected')} class="num">
                  {euros(r.collected)}
                </td>
              ) : (
                <>
                  <td data-label={t('taxableAmount')} class="num">
                    {euros(r.taxableAmount)}
                  </td>
                  <td data-label={t('vatAmount')} class="num">
                    {euros(r.taxAmount)}
                  </td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function EReportingPeriodPage({ id, readOnly }: { id: string; readOnly: boolean }) {
  const loaded = useLoad(async () => {
    const [period, comparison] = await Promise.all([
      call('GET', '/v1/ereporting/periods/{id}', { path: { id } }),
      call('GET', '/v1/ereporting/periods/{id}/comparison', { path: { id } }),
    ]);
    return { period: period.data, comparison: comparison.data };
  }, [id]);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  if (loaded.loading) return <Loading />;
  if (loaded.error !== undefined || !loaded.data) return <ErrorBox error={loaded.error} retry={loaded.reload} />;
  const { period: p, comparison } = loaded.data;
  const payments = p.kind === 'Payments';
  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      await call('POST', '/v1/ereporting/periods/{id}/send', { path: { id } });
      loaded.reload();
    } catch (err) {
      setError(err);
    }
    setBusy(false);
  };
  const download = async () => {
    setError(null);
    try {
      const answer = await callBlob('/v1/ereporting/periods/{id}/file', { path: { id } });
      const url = URL.createObjectURL(answer.data);
      const a = document.createElement('a');
      a.href = url;
      a.download = `${p.id}.xml`;
      a.click();
      URL.revokeObjectURL(url);
    } catch (err) {
      setError(err);
    }
  };
  const canSend =
    !readOnly && p.blocking.length === 0 && (p.status === 'Due' || p.status === 'Open' || p.status === 'Rejected' || p.rectificationDue);
  return (
    <>
      <p>
        <a href="#/ereporting">← {t('ereporting')}</a>
      </p>
      <h1 tabIndex={-1}>
        {kindLabel(p.kind)} · {date(p.start)} – {date(p.end)}
      </h1>
      <dl class="facts">
        <dt>{t('status')}</dt>
        <dd data-testid="report-status">{statusLabel(p.status)}</dd>
        <dt>{t('deadline')}</dt>
        <dd class={p.late ? 'late' : ''}>
          {date(p.deadline)}
          {p.late ? ` · ${t('late')}` : ''}
        </dd>
        <dt>{t('reportEntries')}</dt>
        <dd>{p.entries}</dd>
      </dl>
      {p.blocking.length > 0 && (
        <section class="findings" aria-labelledby="blocking-title" data-testid="blocking">
          <h2 id="blocking-title">{t('blockingTitle')}</h2>
          <ul>
            {p.blocking.map((b, i) => (
              <li key={i} class="sev-error">
                {b.document ? <strong>{b.document} : </strong> : null}
                {b.reason}
              </li>
            ))}
          </ul>
        </section>
      )}
      {p.rectificationDue && <p class="notice">{t('rectificationHelp')}</p>}
      {error !== null && <ErrorBox error={error} />}
      <div class="actions">
        {canSend && (
          <button type="button" class="primary" disabled={busy} onClick={() => void send()}>
            {p.rectificationDue ? t('sendRectification') : t('sendReport')}
          </button>
        )}
        {p.blocking.length === 0 && (
          <button type="button" onClick={() => void download()}>
            {t('downloadFlux10')}
          </button>
        )}
      </div>
      <section aria-labelledby="reports-title">
        <h2 id="reports-title">{t('reportsSent')}</h2>
        {p.reports.length === 0 ? (
          <p>{t('noReportYet')}</p>
        ) : (
          <ul data-testid="reports">
            {p.reports.map((r) => (
              <li key={r.reportId}>
                {r.typeCode === 'RE' ? t('rectifyingReport', { n: r.sequence }) : t('initialReport')} · {t(`transmission${r.state}` as Key)}
                {r.acknowledgement ? ` · ${t(`ack${r.acknowledgement}` as Key)}` : ''}
                {r.message ? ` · ${r.message}` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="seen-title" data-testid="comparison">
        <h2 id="seen-title">{t('taxOfficeSees')}</h2>
        <TotalsTable caption={t('booksSay')} rows={comparison.books} payments={payments} />
        <TotalsTable caption={t('administrationKnows')} rows={comparison.told} payments={payments} />
        {comparison.differences.length > 0 ? (
          <div class="table-wrap">
            <table data-testid="differences">
              <caption>{t('differences')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('document')}</th>
                  <th scope="col" class="num">
                    {t('amount')}
                  </th>
                  <th scope="col">{t('reason')}</th>
                </tr>
              </thead>
              <tbody>
                {comparison.differences.map((d, i) => (
                  <tr key={i}>
                    <td data-label={t('document')}>{d.document}</td>
                    <td data-label={t('amount')} class="num">
                      {euros(d.amount)}
                    </td>
                    <td data-label={t('reason')}>{d.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p class="notice">{t('noDifference')}</p>
        )}
      </section>
    </>
  );
}
