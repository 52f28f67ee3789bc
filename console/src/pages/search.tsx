// The global search: a box in the header, and a page of what matches in customers, invoices,
// credit notes and quotes — each list's own `query` of the API (a customer's name, number, e-mail…;
// a document's number, customer or exact amount), the first results of each.
import { useState } from 'preact/hooks';
import { getPage } from '../api';
import type { Schemas } from '../api-types';
import { date, money } from '../format';
import { t } from '../i18n';
import { go } from '../router';
import { ErrorBox, Loading, useLoad } from '../ui';

const SHOWN = 10;

/** A document found (Invoice, Credit or Quote: the three have these). */
type Found = Pick<
  Schemas['Invoice'] & Schemas['Credit'] & Schemas['Quote'],
  'id' | 'number' | 'date' | 'customerName' | 'taxIncludedAmount'
>;

/** The header's box: Enter opens the results page. */
export function GlobalSearch() {
  const [value, setValue] = useState('');
  return (
    <form
      class="global-search"
      role="search"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (value.trim()) go(`/search?q=${encodeURIComponent(value.trim())}`);
      }}
    >
      <label for="global-search" class="visually-hidden">
        {t('globalSearch')}
      </label>
      <input
        id="global-search"
        type="search"
        placeholder={t('globalSearch')}
        maxLength={100}
        value={value}
        onInput={(e) => {
          setValue(e.currentTarget.value);
        }}
      />
    </form>
  );
}

async function searchAll(q: string) {
  const query = { PageSize: SHOWN, query: q };
  const [customers, invoices, credits, quotes] = await Promise.all([
    getPage('/v1/customers', { query }),
    getPage('/v1/saleinvoices', { query: { ...query, Cancelled: 'All', OrderBy: 'date desc' } }),
    getPage('/v1/salecredits', { query: { ...query, Cancelled: 'All', OrderBy: 'date desc' } }),
    getPage('/v1/salequotes', { query: { ...query, OrderBy: 'date desc' } }),
  ]);
  return { customers, invoices, credits, quotes };
}

function Documents({ title, section, found }: { title: string; section: string; found: { items: Found[]; total: number } }) {
  return (
    <section aria-labelledby={`found-${section}`} data-testid={`found-${section}`}>
      <h2 id={`found-${section}`}>
        {title} ({found.total})
      </h2>
      {found.items.length === 0 ? (
        <p>{t('searchNone')}</p>
      ) : (
        <ul class="results">
          {found.items.map((d) => (
            <li key={d.id}>
              <a href={`#/${section}/${d.id}`}>{d.number ?? `${t('Draft')} #${d.id}`}</a> · {d.customerName} · {date(d.date)} ·{' '}
              {money(d.taxIncludedAmount)}
            </li>
          ))}
        </ul>
      )}
      {found.total > found.items.length && <p class="hint">{t('searchMore', { n: found.total - found.items.length })}</p>}
    </section>
  );
}

export function SearchPage({ q }: { q: string }) {
  const results = useLoad(() => searchAll(q), [q]);
  const r = results.data;
  return (
    <>
      <h1 tabIndex={-1}>{t('searchResults', { q })}</h1>
      {results.loading && <Loading />}
      {results.error !== undefined && <ErrorBox error={results.error} retry={results.reload} />}
      {r && !results.loading && (
        <div class="search-results">
          <section aria-labelledby="found-customers" data-testid="found-customers">
            <h2 id="found-customers">
              {t('customers')} ({r.customers.total})
            </h2>
            {r.customers.items.length === 0 ? (
              <p>{t('searchNone')}</p>
            ) : (
              <ul class="results">
                {r.customers.items.map((c) => (
                  <li key={c.id}>
                    <a href={`#/customers/${c.id}/account`}>{c.name}</a>
                    {c.number ? ` · ${c.number}` : ''}
                    {c.email ? ` · ${c.email}` : ''}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <Documents title={t('invoices')} section="invoices" found={r.invoices} />
          <Documents title={t('credits')} section="credits" found={r.credits} />
          <Documents title={t('quotes')} section="quotes" found={r.quotes} />
        </div>
      )}
    </>
  );
}
