// The landing page after sign-in: the first steps still to do, revenue and cash received per month
// (bar charts drawn by hand in SVG, with the figures in a table beside them), what remains due by
// lateness, and the documents waiting for an action. The figures come in one request
// (GET /v1/dashboard), each the sum or count of a /v1 list (test/modules/ledgers/dashboard.test.ts).
import { call } from '../api';
import { cents, countOf } from '../figures';
import { money } from '../format';
import { lang, t } from '../i18n';
import { ErrorBox, Loading, useLoad } from '../ui';
import '../dashboard.css';

/** The first steps of a new account, each done when the API says so. */
async function loadSteps() {
  const [settings, customers, invoices, drafts] = await Promise.all([
    call('GET', '/v1/settings').then((a) => a.data),
    countOf('/v1/customers'),
    countOf('/v1/saleinvoices'),
    countOf('/v1/saleinvoices', { query: { Status: 'Draft' } }),
  ]);
  const a = settings.company.invoicingAddress;
  return [
    { key: 'stepIdentity', done: !!settings.company.siret?.trim() && !!a?.street && !!a.zipcode && !!a.city, href: '#/settings' },
    { key: 'stepLogo', done: !!settings.company.logoUri, href: '#/settings' },
    { key: 'stepBank', done: !!settings.bankDetails?.iban?.trim(), href: '#/settings' },
    { key: 'stepCustomer', done: customers > 0, href: '#/customers/new' },
    { key: 'stepInvoice', done: invoices - drafts > 0, href: '#/invoices/new' },
  ] as const;
}

/** A month's amount in cents (the charts' unit). */
interface MonthAmount {
  month: string;
  cents: number;
}

/** Every figure in one request: GET /v1/dashboard computes them in SQL as of the account's day (docs/ledgers.md). */
async function loadFigures() {
  const d = (await call('GET', '/v1/dashboard')).data;
  const section = (type: 'Invoice' | 'Credit') => (type === 'Credit' ? 'credits' : 'invoices');
  return {
    revenue: d.months.map((m): MonthAmount => ({ month: m.month, cents: cents(m.revenue) })),
    cash: d.months.map((m): MonthAmount => ({ month: m.month, cents: cents(m.cash) })),
    aging: {
      notDue: cents(d.due.notDue),
      upTo30: cents(d.due.upTo30),
      upTo60: cents(d.due.upTo60),
      over60: cents(d.due.over60),
      overdue: cents(d.due.overdue),
      total: cents(d.due.total),
    },
    waiting: d.waiting,
    overdue: d.oldestOverdue,
    rejected: d.turnedDownDocuments.map((doc) => ({ ...doc, section: section(doc.type) })),
  };
}

const monthLabel = (month: string, style: 'short' | 'long') =>
  new Intl.DateTimeFormat(lang() === 'fr' ? 'fr-FR' : 'en-GB', { month: style, ...(style === 'long' ? { year: 'numeric' } : {}) }).format(
    new Date(`${month}-15T12:00:00`),
  );

const euros = (c: number) => money(c / 100);

/** Twelve bars drawn by hand; the same figures follow in a table for screen readers and the curious. */
function BarChart({ title, data, id }: { title: string; data: MonthAmount[]; id: string }) {
  const width = 360;
  const height = 150;
  const bar = width / data.length;
  const max = Math.max(1, ...data.map((d) => d.cents));
  return (
    <section class="card chart" aria-labelledby={`${id}-title`} data-testid={id}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p class="chart-total">
        {t('dashTwelveMonths')} <strong data-testid={`${id}-total`}>{euros(data.reduce((s, d) => s + d.cents, 0))}</strong>
      </p>
      <svg viewBox={`0 0 ${width} ${height + 18}`} role="img" aria-label={title} focusable="false">
        <line x1="0" y1={height} x2={width} y2={height} class="axis" />
        {data.map((d, i) => {
          const h = d.cents > 0 ? Math.max(1, (d.cents / max) * (height - 8)) : 0;
          return (
            <g key={d.month}>
              <rect x={i * bar + 3} y={height - h} width={bar - 6} height={h} class="bar">
                <title>{`${monthLabel(d.month, 'long')} : ${euros(d.cents)}`}</title>
              </rect>
              <text x={i * bar + bar / 2} y={height + 13} text-anchor="middle" class="tick">
                {monthLabel(d.month, 'short').replace('.', '')}
              </text>
            </g>
          );
        })}
      </svg>
      <details>
        <summary>{t('dashByMonth')}</summary>
        <table class="compact">
          <caption class="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t('dashMonth')}</th>
              <th scope="col" class="num">
                {t('amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.month} data-month={d.month}>
                <th scope="row">{monthLabel(d.month, 'long')}</th>
                <td class="num">{euros(d.cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

function Onboarding() {
  const steps = useLoad(loadSteps, []);
  if (!steps.data || steps.data.every((s) => s.done)) return null;
  const done = steps.data.filter((s) => s.done).length;
  return (
    <section class="card onboarding" aria-labelledby="onboarding-title" data-testid="onboarding">
      <h2 id="onboarding-title">{t('onboardingTitle')}</h2>
      <p>{t('onboardingProgress', { done, total: steps.data.length })}</p>
      <ol>
        {steps.data.map((s) => (
          <li key={s.key} class={s.done ? 'done' : ''}>
            <span aria-hidden="true">{s.done ? '✓' : '○'}</span>{' '}
            {s.done ? (
              <>
                {t(s.key)} <span class="visually-hidden">({t('stepDone')})</span>
              </>
            ) : (
              <a href={s.href}>{t(s.key)}</a>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function DashboardPage() {
  const figures = useLoad(loadFigures, []);
  const f = figures.data;
  const aging: [string, string, number][] = f
    ? [
        ['notDue', t('agingNotDue'), f.aging.notDue],
        ['upTo30', t('agingUpTo30'), f.aging.upTo30],
        ['upTo60', t('agingUpTo60'), f.aging.upTo60],
        ['over60', t('agingOver60'), f.aging.over60],
      ]
    : [];
  const maxAging = Math.max(1, ...aging.map((a) => a[2]));
  return (
    <>
      <h1 tabIndex={-1}>{t('dashboard')}</h1>
      <Onboarding />
      {figures.loading && <Loading />}
      {figures.error !== undefined && <ErrorBox error={figures.error} retry={figures.reload} />}
      {f && !figures.loading && (
        <div class="dashboard">
          <BarChart id="revenue" title={t('dashRevenue')} data={f.revenue} />
          <BarChart id="cash" title={t('dashCash')} data={f.cash} />
          <section class="card" aria-labelledby="due-title" data-testid="aging">
            <h2 id="due-title">{t('dashDue')}</h2>
            <dl class="facts figures">
              <dt>{t('dashDueTotal')}</dt>
              <dd data-testid="due-total">{euros(f.aging.total)}</dd>
              <dt>{t('dashOverdue')}</dt>
              <dd data-testid="overdue-total">{euros(f.aging.overdue)}</dd>
            </dl>
            <ul class="aging">
              {aging.map(([key, label, value]) => (
                <li key={key} data-testid={`aging-${key}`}>
                  <span class="aging-label">{label}</span>
                  <span class="aging-bar" aria-hidden="true">
                    <span style={{ width: `${Math.round((value / maxAging) * 100)}%` }} class={key === 'notDue' ? '' : 'late'} />
                  </span>
                  <span class="aging-value">{euros(value)}</span>
                </li>
              ))}
            </ul>
          </section>
          <section class="card" aria-labelledby="waiting-title" data-testid="waiting">
            <h2 id="waiting-title">{t('dashWaiting')}</h2>
            <ul class="waiting">
              <li>
                <a href="#/invoices?status=Draft">{t('dashDrafts', { n: f.waiting.invoiceDrafts })}</a>
              </li>
              <li>
                <a href="#/invoices?status=Expired">{t('dashOverdueCount', { n: f.waiting.overdueInvoices })}</a>
              </li>
              <li>
                <a href="#/invoices?status=ToSend">{t('dashToSend', { n: f.waiting.invoicesToSend })}</a>
              </li>
              <li>
                <a href="#/quotes?status=Accepted">{t('dashAccepted', { n: f.waiting.acceptedQuotes })}</a>
              </li>
              <li>
                <a href="#/credits?status=Draft">{t('dashCreditDrafts', { n: f.waiting.creditDrafts })}</a>
              </li>
              {f.rejected.map((d) => (
                <li key={`${d.section}${d.id}`} class="alert-item">
                  <a href={`#/${d.section}/${d.id}`}>{t('dashRejected', { number: d.number ?? String(d.id) })}</a>
                </li>
              ))}
            </ul>
            {f.overdue.length > 0 && (
              <>
                <h3>{t('dashOldestOverdue')}</h3>
                <ul class="waiting">
                  {f.overdue.slice(0, 5).map((d) => (
                    <li key={d.id}>
                      <a href={`#/invoices/${d.id}`}>{d.number}</a> ·{' '}
                      {d.customerId ? <a href={`#/customers/${d.customerId}/account`}>{d.customerName}</a> : d.customerName} ·{' '}
                      {money(d.balance)}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>
        </div>
      )}
    </>
  );
}
