// Recurring invoices in the console (issue #30, docs/getting-paid.md): the models with their next
// date, status and why one stopped; a model made from a customer, a line, a frequency, a start and an
// end, and whether each invoice is left as a draft, finalized, or finalized and sent; each model's
// invoices issued. Every action is the API's own (/v1/recurringinvoices).
import { useState } from 'preact/hooks';
import { call, getPage } from '../api';
import { date, parseNumber } from '../format';
import { t, type Key } from '../i18n';
import { go } from '../router';
import { DateField, ErrorBox, Field, fieldErrors, Loading, Select, useLoad } from '../ui';
import type { Customer } from './customers';
import { frenchVats } from './products';

interface Model {
  id: number;
  customerId: number;
  invoice: { lines?: { description?: string; taxExcludedPrice?: number; quantity?: number }[] };
  frequency: 'Monthly' | 'Quarterly' | 'Yearly' | 'EveryNDays';
  intervalDays: number | null;
  startDate: string;
  endDate: string | null;
  count: number | null;
  mode: 'Draft' | 'Finalize' | 'FinalizeAndSend';
  status: 'Active' | 'Stopped' | 'Finished';
  stoppedReason: string | null;
  issuedCount: number;
  nextDate: string | null;
}

interface Occurrence {
  occurrence: number;
  issueDate: string;
  invoiceId: number | null;
  problem: string | null;
}

const FREQUENCIES = ['Monthly', 'Quarterly', 'Yearly', 'EveryNDays'] as const;
const MODES = ['Draft', 'Finalize', 'FinalizeAndSend'] as const;

async function customers(): Promise<Customer[]> {
  return (await getPage<Customer>('/v1/customers?PageSize=100&OrderBy=name')).items;
}

export function RecurringPage() {
  const list = useLoad(async () => {
    const [models, all] = await Promise.all([call<Model[]>('GET', '/v1/recurringinvoices?PageSize=100'), customers()]);
    return { models: models.data, names: new Map(all.map((c) => [c.id, c.name ?? ''])) };
  }, []);
  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>{t('recurring')}</h1>
        <a class="button primary" href="#/recurring/new">
          {t('newRecurring')}
        </a>
      </div>
      {list.loading && <Loading />}
      {list.error !== undefined && <ErrorBox error={list.error} retry={list.reload} />}
      {list.data &&
        (list.data.models.length === 0 ? (
          <p>{t('empty')}</p>
        ) : (
          <div class="table-wrap">
            <table data-testid="recurring-list">
              <caption class="visually-hidden">{t('recurring')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('customer')}</th>
                  <th scope="col">{t('frequency')}</th>
                  <th scope="col">{t('nextDate')}</th>
                  <th scope="col">{t('status')}</th>
                  <th scope="col" class="num">
                    {t('issuedCount')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.models.map((m) => (
                  <tr key={m.id}>
                    <td data-label={t('customer')}>
                      <a href={`#/recurring/${m.id}`}>{list.data!.names.get(m.customerId) ?? `#${m.customerId}`}</a>
                    </td>
                    <td data-label={t('frequency')}>
                      {m.frequency === 'EveryNDays' ? t('everyNDays', { n: m.intervalDays ?? 0 }) : t(`frequency${m.frequency}` as Key)}
                    </td>
                    <td data-label={t('nextDate')}>{m.nextDate ? date(m.nextDate) : ''}</td>
                    <td data-label={t('status')}>
                      {t(`recurring${m.status}` as Key)}
                      {m.stoppedReason ? ` · ${m.stoppedReason}` : ''}
                    </td>
                    <td data-label={t('issuedCount')} class="num">
                      {m.issuedCount}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
    </>
  );
}

export function RecurringEdit({ id, readOnly }: { id: string; readOnly: boolean }) {
  const isNew = id === 'new';
  const loaded = useLoad(async () => {
    const [all, vats] = await Promise.all([customers(), frenchVats()]);
    if (isNew) return { customers: all, vats, model: null, occurrences: [] as Occurrence[] };
    const [model, occurrences] = await Promise.all([
      call<Model>('GET', `/v1/recurringinvoices/${id}`),
      call<Occurrence[]>('GET', `/v1/recurringinvoices/${id}/invoices`),
    ]);
    return { customers: all, vats, model: model.data, occurrences: occurrences.data };
  }, [id]);
  const [form, setForm] = useState({
    customerId: '',
    description: '',
    type: 'Service',
    price: '',
    vatRate: '20',
    frequency: 'Monthly' as (typeof FREQUENCIES)[number],
    intervalDays: '30',
    startDate: new Date().toISOString().slice(0, 10),
    endDate: '',
    count: '',
    mode: 'Draft' as (typeof MODES)[number],
  });
  const [error, setError] = useState<unknown>(null);
  const set = (key: keyof typeof form) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
  };
  if (loaded.loading) return <Loading />;
  if (loaded.error !== undefined || !loaded.data) return <ErrorBox error={loaded.error} retry={loaded.reload} />;
  const { model, occurrences } = loaded.data;
  const err = (...names: string[]) => fieldErrors(error, ...names);

  const create = async (e: Event) => {
    e.preventDefault();
    setError(null);
    const price = parseNumber(form.price);
    const body = {
      customerId: form.customerId ? Number(form.customerId) : null,
      frequency: form.frequency,
      ...(form.frequency === 'EveryNDays' ? { intervalDays: Number.parseInt(form.intervalDays, 10) || null } : {}),
      startDate: form.startDate,
      endDate: form.endDate || null,
      count: form.count ? Number.parseInt(form.count, 10) || null : null,
      mode: form.mode,
      invoice: {
        lines: [
          {
            type: form.type,
            description: form.description || null,
            quantity: 1,
            taxExcludedPrice: price === null || Number.isNaN(price) ? 0 : price,
            vat: { rate: Number(form.vatRate) },
          },
        ],
      },
    };
    try {
      const answer = await call<Model>('POST', '/v1/recurringinvoices', { body });
      go(`/recurring/${answer.data.id}`);
    } catch (err) {
      setError(err);
    }
  };

  if (model)
    return (
      <>
        <p>
          <a href="#/recurring">← {t('recurring')}</a>
        </p>
        <h1 tabIndex={-1}>{t('recurringModel', { n: model.id })}</h1>
        <dl class="facts">
          <dt>{t('customer')}</dt>
          <dd>{loaded.data.customers.find((c) => c.id === model.customerId)?.name ?? `#${model.customerId}`}</dd>
          <dt>{t('frequency')}</dt>
          <dd>
            {model.frequency === 'EveryNDays' ? t('everyNDays', { n: model.intervalDays ?? 0 }) : t(`frequency${model.frequency}` as Key)}
          </dd>
          <dt>{t('status')}</dt>
          <dd data-testid="recurring-status">
            {t(`recurring${model.status}` as Key)}
            {model.stoppedReason ? ` · ${model.stoppedReason}` : ''}
          </dd>
          <dt>{t('nextDate')}</dt>
          <dd>{model.nextDate ? date(model.nextDate) : '—'}</dd>
          <dt>{t('recurringMode')}</dt>
          <dd>{t(`mode${model.mode}` as Key)}</dd>
        </dl>
        <section aria-labelledby="occurrences-title">
          <h2 id="occurrences-title">{t('issuedInvoices')}</h2>
          {occurrences.length === 0 ? (
            <p>{t('empty')}</p>
          ) : (
            <ul data-testid="occurrences">
              {occurrences.map((o) => (
                <li key={o.occurrence}>
                  {date(o.issueDate)} · {o.invoiceId ? <a href={`#/invoices/${o.invoiceId}`}>{t('seeInvoice')}</a> : null}
                  {o.problem ? ` · ${o.problem}` : ''}
                </li>
              ))}
            </ul>
          )}
        </section>
      </>
    );

  return (
    <>
      <p>
        <a href="#/recurring">← {t('recurring')}</a>
      </p>
      <h1 tabIndex={-1}>{t('newRecurring')}</h1>
      <form class="grid-form" onSubmit={(e) => void create(e)} noValidate>
        {error !== null && Object.keys((error as { fields?: object }).fields ?? {}).length === 0 && <ErrorBox error={error} />}
        <Select
          label={t('customer')}
          value={form.customerId}
          onValue={set('customerId')}
          options={[['', t('chooseCustomer')], ...loaded.data.customers.map((c): [string, string] => [String(c.id), c.name ?? ''])]}
          error={err('customerId')}
        />
        <Field label={t('description')} value={form.description} onValue={set('description')} error={err('invoice.lines[0].description')} />
        <Select
          label={t('lineType')}
          value={form.type}
          onValue={set('type')}
          options={[
            ['Service', t('Service')],
            ['Product', t('Product')],
          ]}
        />
        <Field
          label={t('unitPrice')}
          inputMode="decimal"
          value={form.price}
          onValue={set('price')}
          error={err('invoice.lines[0].taxExcludedPrice')}
        />
        <Select
          label={t('vat')}
          value={form.vatRate}
          onValue={set('vatRate')}
          options={loaded.data.vats.map((v) => [String(v.rate), v.label])}
        />
        <Select
          label={t('frequency')}
          value={form.frequency}
          onValue={set('frequency')}
          options={FREQUENCIES.map((f): [string, string] => [f, f === 'EveryNDays' ? t('everyNDaysOption') : t(`frequency${f}` as Key)])}
          error={err('frequency')}
        />
        {form.frequency === 'EveryNDays' && (
          <Field
            label={t('intervalDays')}
            inputMode="numeric"
            value={form.intervalDays}
            onValue={set('intervalDays')}
            error={err('intervalDays')}
          />
        )}
        <DateField label={t('startDate')} value={form.startDate} onValue={set('startDate')} error={err('startDate')} />
        <DateField label={t('endDate')} value={form.endDate} onValue={set('endDate')} error={err('endDate')} />
        <Field label={t('recurringCount')} inputMode="numeric" value={form.count} onValue={set('count')} error={err('count')} />
        <Select
          label={t('recurringMode')}
          value={form.mode}
          onValue={set('mode')}
          options={MODES.map((m): [string, string] => [m, t(`mode${m}` as Key)])}
          error={err('mode')}
        />
        {!readOnly && (
          <div class="actions">
            <button type="submit" class="primary">
              {t('create')}
            </button>
          </div>
        )}
      </form>
    </>
  );
}
