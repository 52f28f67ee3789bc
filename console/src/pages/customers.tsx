// Customers: list with search and paging, create and edit (POST / PUT with If-Match).
import { useState } from 'preact/hooks';
import { call, getPage } from '../api';
import type { Schemas } from '../api-types';
import { t } from '../i18n';
import { tc } from './csvimport';
import { go } from '../router';
import { ErrorBox, Field, fieldErrors, Loading, Notice, Pager, SearchBox, Select, useLoad } from '../ui';

/** The API's Customer, as far as the console reads it. */
export type Customer = Pick<
  Schemas['Customer'],
  | 'id'
  | 'number'
  | 'name'
  | 'companyName'
  | 'firstName'
  | 'lastName'
  | 'type'
  | 'email'
  | 'phone'
  | 'companyInformations'
  | 'billingAddress'
>;

const PAGE_SIZE = 20;

export function CustomersPage() {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const list = useLoad(() => getPage('/v1/customers', { query: { PageIndex: page, PageSize: PAGE_SIZE, query } }), [page, query]);
  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>{t('customers')}</h1>
        <a class="button primary" href="#/customers/new">
          {t('newCustomer')}
        </a>
        <a class="button" href="#/import/customers">
          {tc('importCustomers')}
        </a>
      </div>
      <SearchBox
        label={t('search')}
        onSearch={(q) => {
          setQuery(q);
          setPage(1);
        }}
      />
      {list.loading && <Loading />}
      {list.error !== undefined && <ErrorBox error={list.error} retry={list.reload} />}
      {list.data && !list.loading && (
        <>
          {list.data.items.length === 0 ? (
            <p>{t('empty')}</p>
          ) : (
            <div class="table-wrap">
              <table>
                <caption class="visually-hidden">{t('customers')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('number')}</th>
                    <th scope="col">{t('name')}</th>
                    <th scope="col">{t('email')}</th>
                    <th scope="col">{t('type')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.items.map((c) => (
                    <tr key={c.id}>
                      <td data-label={t('number')}>{c.number}</td>
                      <td data-label={t('name')}>
                        <a href={`#/customers/${c.id}`}>{c.name}</a>
                      </td>
                      <td data-label={t('email')}>{c.email}</td>
                      <td data-label={t('type')}>{t(c.type as 'Business')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager page={page} pages={list.data.pages} total={list.data.total} onPage={setPage} />
        </>
      )}
    </>
  );
}

const s = (v: string | null | undefined) => v ?? '';
const n = (v: string) => (v.trim() ? v.trim() : null);

/** Adds or removes the customer from the reminders' exclusions (a customer paying by direct debit). */
async function setReminded(customerId: number, reminded: boolean): Promise<void> {
  const settings = await call('GET', '/v1/settings');
  const excluded = settings.data.reminders.excludedCustomerIds;
  if (excluded.includes(customerId) === !reminded) return;
  const next = reminded ? excluded.filter((x) => x !== customerId) : [...excluded, customerId];
  await call('PUT', '/v1/settings', { body: { reminders: { ...settings.data.reminders, excludedCustomerIds: next } } });
}

export function CustomerEdit({ id }: { id: string }) {
  const isNew = id === 'new';
  const [form, setForm] = useState<Record<string, string>>({ type: 'Business', countryIso: 'FR' });
  const [etag, setEtag] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  // Reminders of this customer's invoices (Settings.reminders.excludedCustomerIds): null until read.
  const [reminded, setRemindedState] = useState<boolean | null>(isNew ? true : null);
  const load = useLoad(async () => {
    if (isNew) return null;
    const settings = await call('GET', '/v1/settings');
    setRemindedState(!settings.data.reminders.excludedCustomerIds.includes(Number(id)));
    const answer = await call('GET', '/v1/customers/{id}', { path: { id: Number(id) } });
    const c = answer.data;
    setEtag(answer.etag);
    setForm({
      companyName: s(c.companyName),
      firstName: s(c.firstName),
      lastName: s(c.lastName),
      type: c.type,
      email: s(c.email),
      phone: s(c.phone),
      siret: s(c.companyInformations?.siret),
      vatNumber: s(c.companyInformations?.vatNumber),
      street: s(c.billingAddress?.street),
      zipcode: s(c.billingAddress?.zipcode),
      city: s(c.billingAddress?.city),
      countryIso: s(c.billingAddress?.countryIso) || 'FR',
    });
    return c;
  }, [id]);
  const set = (key: string) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
  };
  const f = (key: string) => form[key] ?? '';

  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setSaved(false);
    const body = {
      companyName: n(f('companyName')),
      firstName: n(f('firstName')),
      lastName: n(f('lastName')),
      // The select offers the schema's types only.
      type: f('type') as Schemas['Customer']['type'],
      email: n(f('email')),
      phone: n(f('phone')),
      // The e-invoicing address the form does not show (found in the directory, or set through the
      // API) is sent back as it is: saving here never erases it.
      companyInformations: {
        siret: n(f('siret')),
        vatNumber: n(f('vatNumber')),
        electronicAddress: load.data?.companyInformations?.electronicAddress ?? null,
      },
      billingAddress: { street: n(f('street')), zipcode: n(f('zipcode')), city: n(f('city')), countryIso: n(f('countryIso')) },
    };
    try {
      const answer = isNew
        ? await call('POST', '/v1/customers', { body })
        : await call('PUT', '/v1/customers/{id}', { path: { id: Number(id) }, body, ifMatch: etag });
      if (reminded !== null) await setReminded(answer.data.id, reminded);
      setEtag(answer.etag);
      setSaved(true);
      if (isNew) go(`/customers/${answer.data.id}`);
    } catch (err) {
      setError(err);
    }
    setBusy(false);
  };

  if (load.loading) return <Loading />;
  if (load.error !== undefined) return <ErrorBox error={load.error} retry={load.reload} />;
  const err = (...names: string[]) => fieldErrors(error, ...names);
  return (
    <>
      <p>
        <a href="#/customers">← {t('customers')}</a>
      </p>
      <h1 tabIndex={-1}>{isNew ? t('newCustomer') : (load.data?.name ?? t('customer'))}</h1>
      {!isNew && (
        <p>
          <a href={`#/customers/${id}/account`}>{t('customerAccount')}</a>
        </p>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate class="grid-form">
        {saved && <Notice>{t('saved')}</Notice>}
        {error !== null && <ErrorBox error={error} />}
        <Select
          label={t('type')}
          value={f('type')}
          onValue={set('type')}
          options={['Business', 'Consumer', 'Government'].map((v) => [v, t(v as 'Business')])}
        />
        <Field label={t('companyName')} value={f('companyName')} onValue={set('companyName')} error={err('companyName', 'name')} />
        <Field label={t('firstName')} value={f('firstName')} onValue={set('firstName')} error={err('firstName')} />
        <Field label={t('lastName')} value={f('lastName')} onValue={set('lastName')} error={err('lastName')} />
        <Field label={t('email')} type="email" value={f('email')} onValue={set('email')} error={err('email')} />
        <Field label={t('phone')} type="tel" value={f('phone')} onValue={set('phone')} error={err('phone')} />
        <Field
          label={t('siret')}
          inputMode="numeric"
          value={f('siret')}
          onValue={set('siret')}
          error={err('companyInformations.siret', 'siret')}
        />
        <Field
          label={t('vatNumber')}
          value={f('vatNumber')}
          onValue={set('vatNumber')}
          error={err('companyInformations.vatNumber', 'vatNumber')}
        />
        <fieldset>
          <legend>{t('billingAddress')}</legend>
          <Field label={t('street')} value={f('street')} onValue={set('street')} error={err('billingAddress.street')} />
          <Field label={t('zipcode')} value={f('zipcode')} onValue={set('zipcode')} error={err('billingAddress.zipcode')} />
          <Field label={t('city')} value={f('city')} onValue={set('city')} error={err('billingAddress.city')} />
          <Field
            label={t('country')}
            value={f('countryIso')}
            onValue={set('countryIso')}
            maxLength={2}
            error={err('billingAddress.countryIso')}
          />
        </fieldset>
        {reminded !== null && (
          <div class="field check">
            <input
              id="customer-reminded"
              type="checkbox"
              checked={!reminded}
              onChange={(e) => {
                setRemindedState(!e.currentTarget.checked);
              }}
            />
            <label for="customer-reminded">{t('noReminders')}</label>
          </div>
        )}
        <div class="actions">
          <button type="submit" class="primary" disabled={busy}>
            {busy ? t('saving') : t('save')}
          </button>
        </div>
      </form>
    </>
  );
}
