// Recurring invoices in the console (issue #30, docs/getting-paid.md): the models with their next
// date, status and why one stopped; a model made from a customer, a line, a frequency, a start and an
// end, and whether each invoice is left as a draft, finalized, or finalized and sent; each model's
// invoices issued. Every action is the API's own (/v1/recurringinvoices).
import { useState } from 'preact/hooks';
import { call, getPage, refuse, type BodyOf } from '../api';
import type { Schemas } from '../api-types';
import { date, money, parseNumber } from '../format';
import { t, type Key } from '../i18n';
import { go } from '../router';
import { Confirm, DateField, ErrorBox, Field, fieldErrors, Loading, Select, useLoad } from '../ui';
import type { Customer } from './customers';
import { frenchVats } from './products';

/** A recurring invoice model (RecurringInvoice). */
type Model = Pick<
  Schemas['RecurringInvoice'],
  | 'id'
  | 'customerId'
  | 'frequency'
  | 'intervalDays'
  | 'startDate'
  | 'endDate'
  | 'count'
  | 'dayOfIssue'
  | 'mode'
  | 'status'
  | 'stoppedReason'
  | 'issuedCount'
  | 'nextDate'
> & {
  // The schema declares the model's invoice as a free object ({ [key: string]: unknown }: the
  // invoice input, stored as given); the console deliberately reads its lines, which it lacks.
  invoice: Schemas['RecurringInvoice']['invoice'] & { lines?: ModelLine[] | null };
};

/** A model as the API answers it, read as a Model (its invoice is the input it accepted: see above). */
const asModel = (m: Schemas['RecurringInvoice']) => m as Model;

/** An issue of a model (RecurringOccurrence). */
type Occurrence = Pick<Schemas['RecurringOccurrence'], 'occurrence' | 'issueDate' | 'invoiceId' | 'problem'>;

const FREQUENCIES = ['Monthly', 'Quarterly', 'Yearly', 'EveryNDays'] as const;
const MODES = ['Draft', 'Finalize', 'FinalizeAndSend'] as const;

async function customers(): Promise<Customer[]> {
  return (await getPage('/v1/customers', { query: { PageSize: 100, OrderBy: 'name' } })).items;
}

export function RecurringPage() {
  const list = useLoad(async () => {
    const [models, all] = await Promise.all([call('GET', '/v1/recurringinvoices', { query: { PageSize: 100 } }), customers()]);
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

type LineForm = { type: string; description: string; quantity: string; price: string; vatRate: string; original: ModelLine };
/** A line of the model's invoice, as the API takes it (and stored it). */
type ModelLine = NonNullable<NonNullable<BodyOf<'/v1/recurringinvoices', 'POST'>['invoice']['lines']>>[number];
type LineType = NonNullable<ModelLine['type']>;

const emptyLine = (): LineForm => ({ type: 'Service', description: '', quantity: '1', price: '', vatRate: '20', original: {} });

function lineFormOf(l: ModelLine): LineForm {
  return {
    type: l.type ?? 'Service',
    description: l.description ?? '',
    quantity: l.quantity === undefined || l.quantity === null ? '1' : String(l.quantity).replace('.', ','),
    price: l.taxExcludedPrice === undefined || l.taxExcludedPrice === null ? '' : String(l.taxExcludedPrice).replace('.', ','),
    vatRate: l.vat?.rate === undefined || l.vat.rate === null ? '20' : String(l.vat.rate),
    original: l,
  };
}

function formOf(model: Model | null) {
  return {
    customerId: model ? String(model.customerId) : '',
    lines: model?.invoice.lines?.length ? model.invoice.lines.map(lineFormOf) : [emptyLine()],
    frequency: model?.frequency ?? 'Monthly',
    intervalDays: String(model?.intervalDays ?? 30),
    startDate: model?.startDate ?? new Date().toISOString().slice(0, 10),
    endDate: model?.endDate ?? '',
    count: model?.count ? String(model.count) : '',
    mode: model?.mode ?? 'Draft',
  };
}

/** A number typed the French way; NaN when it is not one (refused before sending, as the API would). */
function numberOf(text: string): number {
  return parseNumber(text) ?? Number.NaN;
}

export function RecurringEdit({ id, readOnly }: { id: string; readOnly: boolean }) {
  const isNew = id === 'new';
  const loaded = useLoad(async () => {
    const [all, vats] = await Promise.all([customers(), frenchVats()]);
    if (isNew) return { customers: all, vats, model: null, occurrences: [] as Occurrence[] };
    const [model, occurrences] = await Promise.all([
      call('GET', '/v1/recurringinvoices/{id}', { path: { id: Number(id) } }),
      call('GET', '/v1/recurringinvoices/{id}/invoices', { path: { id: Number(id) } }),
    ]);
    return { customers: all, vats, model: asModel(model.data), occurrences: occurrences.data };
  }, [id]);
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleteError, setDeleteError] = useState<unknown>(null);
  if (loaded.loading) return <Loading />;
  if (loaded.error !== undefined || !loaded.data) return <ErrorBox error={loaded.error} retry={loaded.reload} />;
  const { model, occurrences } = loaded.data;
  const remove = async () => {
    setConfirmDelete(false);
    try {
      await call('DELETE', '/v1/recurringinvoices/{id}', { path: { id: Number(id) } });
      go('/recurring');
    } catch (err) {
      setDeleteError(err);
    }
  };

  if (model && !editing)
    return (
      <>
        <p>
          <a href="#/recurring">← {t('recurring')}</a>
        </p>
        <div class="page-head">
          <h1 tabIndex={-1}>{t('recurringModel', { n: model.id })}</h1>
          {!readOnly && (
            <div class="actions">
              <button
                type="button"
                onClick={() => {
                  setEditing(true);
                }}
              >
                {t('edit')}
              </button>
              <button
                type="button"
                class="danger"
                onClick={() => {
                  setConfirmDelete(true);
                }}
              >
                {t('delete')}
              </button>
            </div>
          )}
        </div>
        {deleteError !== null && <ErrorBox error={deleteError} />}
        {confirmDelete && (
          <Confirm
            title={t('deleteRecurringTitle')}
            text={t('deleteRecurringText')}
            confirmLabel={t('delete')}
            danger
            onConfirm={() => void remove()}
            onClose={() => {
              setConfirmDelete(false);
            }}
          />
        )}
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
        <section aria-labelledby="model-lines-title">
          <h2 id="model-lines-title">{t('recurringLines')}</h2>
          <ul data-testid="model-lines">
            {(model.invoice.lines ?? []).map((l, i) => (
              <li key={i}>
                {l.description ?? ''} · {l.quantity ?? 1} × {money(l.taxExcludedPrice ?? 0)}
              </li>
            ))}
          </ul>
        </section>
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
    <ModelForm
      model={model}
      customers={loaded.data.customers}
      vats={loaded.data.vats}
      readOnly={readOnly}
      onDone={(saved) => {
        if (model) {
          setEditing(false);
          loaded.reload();
        } else go(`/recurring/${saved.id}`);
      }}
      onCancel={
        model
          ? () => {
              setEditing(false);
            }
          : undefined
      }
    />
  );
}

/** The model's form: a new one (POST) or an existing one replaced (PUT); several lines, each kept whole where the form does not show a field. */
function ModelForm(props: {
  model: Model | null;
  customers: Customer[];
  vats: { rate: number; label: string }[];
  readOnly: boolean;
  onDone: (saved: Model) => void;
  onCancel?: () => void;
}) {
  const { model } = props;
  const [form, setForm] = useState(() => formOf(model));
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: Exclude<keyof typeof form, 'lines'>) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
  };
  const setLine = (i: number, key: Exclude<keyof LineForm, 'original'>) => (value: string) => {
    setForm((f) => ({ ...f, lines: f.lines.map((l, j) => (j === i ? { ...l, [key]: value } : l)) }));
  };
  const err = (...names: string[]) => fieldErrors(error, ...names);
  const several = form.lines.length > 1;
  const lineLabel = (label: string, i: number) => (several ? `${label} (${t('lineN', { n: i + 1 })})` : label);

  const save = async (e: Event) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    const problems: Record<string, string[]> = {};
    if (!form.customerId) problems.customerId = ['is required'];
    form.lines.forEach((l, i) => {
      if (Number.isNaN(numberOf(l.quantity || '1'))) problems[`invoice.lines[${i}].quantity`] = ['must be a number'];
      if (Number.isNaN(numberOf(l.price || '0'))) problems[`invoice.lines[${i}].taxExcludedPrice`] = ['must be a number'];
    });
    if (Object.keys(problems).length) {
      setError(refuse(problems));
      setBusy(false);
      return;
    }
    const body: BodyOf<'/v1/recurringinvoices', 'POST'> = {
      customerId: Number(form.customerId),
      frequency: form.frequency,
      ...(form.frequency === 'EveryNDays' ? { intervalDays: Number.parseInt(form.intervalDays, 10) || null } : {}),
      startDate: form.startDate,
      endDate: form.endDate || null,
      count: form.count ? Number.parseInt(form.count, 10) || null : null,
      // Not in the form: kept as the API set it.
      ...(model?.dayOfIssue ? { dayOfIssue: model.dayOfIssue } : {}),
      mode: form.mode,
      invoice: {
        ...(model?.invoice ?? {}),
        lines: form.lines.map((l) => ({
          ...l.original,
          // The select offers the schema's line types only.
          type: l.type as LineType,
          description: l.description || null,
          quantity: numberOf(l.quantity || '1'),
          taxExcludedPrice: numberOf(l.price || '0'),
          vat: { ...(l.original.vat ?? {}), rate: Number(l.vatRate) },
        })),
      },
    };
    try {
      const answer = model
        ? await call('PUT', '/v1/recurringinvoices/{id}', { path: { id: model.id }, body })
        : await call('POST', '/v1/recurringinvoices', { body });
      props.onDone(asModel(answer.data));
    } catch (err) {
      setError(err);
    }
    setBusy(false);
  };

  return (
    <>
      <p>
        <a href="#/recurring">← {t('recurring')}</a>
      </p>
      <h1 tabIndex={-1}>{model ? t('editRecurring', { n: model.id }) : t('newRecurring')}</h1>
      <form class="grid-form" onSubmit={(e) => void save(e)} noValidate>
        {error !== null && Object.keys((error as { fields?: object }).fields ?? {}).length === 0 && <ErrorBox error={error} />}
        <Select
          label={t('customer')}
          value={form.customerId}
          onValue={set('customerId')}
          options={[['', t('chooseCustomer')], ...props.customers.map((c): [string, string] => [String(c.id), c.name ?? ''])]}
          error={err('customerId')}
        />
        {form.lines.map((l, i) => (
          <fieldset key={i} class="model-line" data-testid="model-line">
            <legend>{t('lineN', { n: i + 1 })}</legend>
            <Field
              label={lineLabel(t('description'), i)}
              value={l.description}
              onValue={setLine(i, 'description')}
              error={err(`invoice.lines[${i}].description`)}
            />
            <Select
              label={lineLabel(t('lineType'), i)}
              value={l.type}
              onValue={setLine(i, 'type')}
              options={[
                ['Service', t('Service')],
                ['Product', t('Product')],
              ]}
            />
            <Field
              label={lineLabel(t('quantity'), i)}
              inputMode="decimal"
              value={l.quantity}
              onValue={setLine(i, 'quantity')}
              error={err(`invoice.lines[${i}].quantity`)}
            />
            <Field
              label={lineLabel(t('unitPrice'), i)}
              inputMode="decimal"
              value={l.price}
              onValue={setLine(i, 'price')}
              error={err(`invoice.lines[${i}].taxExcludedPrice`)}
            />
            <Select
              label={lineLabel(t('vat'), i)}
              value={l.vatRate}
              onValue={setLine(i, 'vatRate')}
              options={props.vats.map((v) => [String(v.rate), v.label])}
            />
            {several && (
              <button
                type="button"
                onClick={() => {
                  setForm((f) => ({ ...f, lines: f.lines.filter((_, j) => j !== i) }));
                }}
              >
                {t('removeLineN', { n: i + 1 })}
              </button>
            )}
          </fieldset>
        ))}
        <div class="actions">
          <button
            type="button"
            onClick={() => {
              setForm((f) => ({ ...f, lines: [...f.lines, emptyLine()] }));
            }}
          >
            {t('addLine')}
          </button>
        </div>
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
        {!props.readOnly && (
          <div class="actions">
            <button type="submit" class="primary" disabled={busy}>
              {model ? t('save') : t('create')}
            </button>
            {props.onCancel && (
              <button type="button" onClick={props.onCancel}>
                {t('cancel')}
              </button>
            )}
          </div>
        )}
      </form>
    </>
  );
}
