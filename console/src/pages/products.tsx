// Products and services: list with search and paging, create and edit.
import { useState } from 'preact/hooks';
import { call, get, getPage, refuse } from '../api';
import type { Schemas } from '../api-types';
import { inputNumber, money, parseNumber } from '../format';
import { t } from '../i18n';
import { tc } from './csvimport';
import { go } from '../router';
import { ErrorBox, Field, fieldErrors, Loading, Notice, Pager, SearchBox, Select, useLoad } from '../ui';

/** The API's VAT rate (/v1/vats). */
export type Vat = Pick<Schemas['Vat'], 'id' | 'label' | 'rate' | 'region' | 'default'>;

/** A rate of the reference list: its rows always carry a rate and a label (the schema's Vat allows
 * null for a line's VAT), so frenchVats() narrows them once. */
export type VatRate = Vat & { rate: number; label: string };

/** A unit of measure of the reference list (/v1/units). */
export type Unit = Pick<Schemas['Unit'], 'id' | 'code' | 'name'>;

/** The API's Product, as far as the console reads it. */
export type Product = Pick<Schemas['Product'], 'id' | 'number' | 'name' | 'type' | 'unitPrice' | 'unit' | 'description' | 'vat'>;

/**
 * A unit picker's options: none, then the reference list by name; a code the list lacks (set through
 * the API) stays offered under its code, so that showing it does not change it.
 */
export function unitOptions(list: Unit[], current: string): [string, string][] {
  const options = list.map((u): [string, string] => [u.code ?? '', u.name ?? u.code ?? '']);
  if (current && !options.some(([code]) => code === current)) options.push([current, current]);
  return [['', t('noUnit')], ...options];
}

/** The units of measure of the reference list (/v1/units), loaded once: the API takes a unit by code. */
let unitsOnce: Promise<Unit[]> | null = null;
export function units(): Promise<Unit[]> {
  unitsOnce ??= get('/v1/units');
  unitsOnce.catch(() => (unitsOnce = null));
  return unitsOnce;
}

const PAGE_SIZE = 20;

/** The French VAT rates of the reference list (/v1/vats), loaded once. */
let vatsOnce: Promise<VatRate[]> | null = null;
export function frenchVats(): Promise<VatRate[]> {
  vatsOnce ??= get('/v1/vats').then((all) => all.filter((v): v is VatRate => v.region === 'FR' && v.rate !== null && v.label !== null));
  vatsOnce.catch(() => (vatsOnce = null));
  return vatsOnce;
}

export function ProductsPage() {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const list = useLoad(() => getPage('/v1/products', { query: { PageIndex: page, PageSize: PAGE_SIZE, query } }), [page, query]);
  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>{t('products')}</h1>
        <a class="button primary" href="#/products/new">
          {t('newProduct')}
        </a>
        <a class="button" href="#/import/products">
          {tc('importProducts')}
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
                <caption class="visually-hidden">{t('products')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('number')}</th>
                    <th scope="col">{t('name')}</th>
                    <th scope="col">{t('type')}</th>
                    <th scope="col" class="num">
                      {t('unitPrice')}
                    </th>
                    <th scope="col" class="num">
                      {t('vat')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.items.map((p) => (
                    <tr key={p.id}>
                      <td data-label={t('number')}>{p.number}</td>
                      <td data-label={t('name')}>
                        <a href={`#/products/${p.id}`}>{p.name}</a>
                      </td>
                      <td data-label={t('type')}>{t(p.type as 'Product')}</td>
                      <td data-label={t('unitPrice')} class="num">
                        {money(p.unitPrice)}
                      </td>
                      <td data-label={t('vat')} class="num">
                        {p.vat?.label}
                      </td>
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

export function ProductEdit({ id }: { id: string }) {
  const isNew = id === 'new';
  const [form, setForm] = useState<Record<string, string>>({ type: 'Service', vatRate: '20' });
  const [etag, setEtag] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const load = useLoad(async () => {
    const [vats, unitList] = await Promise.all([frenchVats(), units()]);
    if (isNew) return { vats, units: unitList, product: null };
    const answer = await call('GET', '/v1/products/{id}', { path: { id: Number(id) } });
    const p = answer.data;
    setEtag(answer.etag);
    setForm({
      name: p.name ?? '',
      type: p.type,
      unitPrice: inputNumber(p.unitPrice),
      unit: p.unit?.code ?? '',
      description: p.description ?? '',
      vatRate: p.vat ? String(p.vat.rate) : '20',
    });
    return { vats, units: unitList, product: p };
  }, [id]);
  const set = (key: string) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
  };
  const f = (key: string) => form[key] ?? '';
  const submit = async (e: Event) => {
    e.preventDefault();
    setError(null);
    setSaved(false);
    const price = parseNumber(f('unitPrice'));
    if (price !== null && Number.isNaN(price)) {
      // Not a number: said beside the field as the API would say it (the body is typed: a number).
      setError(refuse({ unitPrice: ['must be a number'] }));
      return;
    }
    const body = {
      name: f('name').trim() || null,
      // The select offers the schema's types only.
      type: f('type') as Schemas['Product']['type'],
      unitPrice: price,
      unit: f('unit') ? { code: f('unit') } : null,
      description: f('description').trim() || null,
      vat: { rate: Number(f('vatRate')) },
    };
    try {
      const answer = isNew
        ? await call('POST', '/v1/products', { body })
        : await call('PUT', '/v1/products/{id}', { path: { id: Number(id) }, body, ifMatch: etag });
      setEtag(answer.etag);
      setSaved(true);
      if (isNew) go(`/products/${answer.data.id}`);
    } catch (err) {
      setError(err);
    }
  };
  if (load.loading) return <Loading />;
  if (load.error !== undefined || !load.data) return <ErrorBox error={load.error} retry={load.reload} />;
  const err = (...names: string[]) => fieldErrors(error, ...names);
  return (
    <>
      <p>
        <a href="#/products">← {t('products')}</a>
      </p>
      <h1 tabIndex={-1}>{isNew ? t('newProduct') : (load.data.product?.name ?? t('Product'))}</h1>
      <form onSubmit={(e) => void submit(e)} noValidate class="grid-form">
        {saved && <Notice>{t('saved')}</Notice>}
        {error !== null && <ErrorBox error={error} />}
        <Field label={t('name')} value={f('name')} onValue={set('name')} error={err('name')} />
        <Select
          label={t('type')}
          value={f('type')}
          onValue={set('type')}
          options={['Service', 'Product'].map((v) => [v, t(v as 'Product')])}
        />
        <Field label={t('unitPrice')} inputMode="decimal" value={f('unitPrice')} onValue={set('unitPrice')} error={err('unitPrice')} />
        <Select
          label={t('vat')}
          value={f('vatRate')}
          onValue={set('vatRate')}
          options={load.data.vats.map((v) => [String(v.rate), v.label])}
          error={err('vat', 'vat.rate')}
        />
        <Select
          label={t('unit')}
          value={f('unit')}
          onValue={set('unit')}
          options={unitOptions(load.data.units, f('unit'))}
          error={err('unit', 'unit.code', 'unit.id')}
        />
        <Field label={t('description')} value={f('description')} onValue={set('description')} error={err('description')} />
        <div class="actions">
          <button type="submit" class="primary">
            {t('save')}
          </button>
        </div>
      </form>
    </>
  );
}
