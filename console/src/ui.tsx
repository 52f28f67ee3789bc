// Small building blocks shared by the pages: labelled fields with their error message, loading and
// error states, a confirmation dialog (native <dialog>: focus trapped, Escape closes), paging.
import type { ComponentChildren, JSX } from 'preact';
import { useCallback, useEffect, useId, useRef, useState } from 'preact/hooks';
import { ApiError } from './api';
import { t } from './i18n';
import { localMessage } from './messages';

export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.status === 0 ? t('networkError') : localMessage(error.message);
  return error instanceof Error ? error.message : String(error);
}

/** Loads data for a page; `reload` runs it again. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]) {
  // `of`: the deps the data (or the error) was loaded for.
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean; of?: unknown[] }>({ loading: true });
  const run = useCallback(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true, error: undefined }));
    load().then(
      (data) => {
        if (live) setState({ data, loading: false, of: deps });
      },
      (error: unknown) => {
        if (live) setState({ error, loading: false, of: deps });
      },
    );
    return () => {
      live = false;
    };
  }, deps);
  useEffect(run, [run]);
  // Between a change of the deps (the next page asked for) and the effect that loads for them, the
  // data is still the previous deps' one: loading, so that no page shows "Page 2" over page 1's rows.
  const current = state.of !== undefined && state.of.length === deps.length && state.of.every((d, i) => Object.is(d, deps[i]));
  return {
    ...state,
    loading: state.loading || !current,
    reload: run,
    setData: (data: T) => {
      setState({ data, loading: false, of: deps });
    },
  };
}

export function Loading() {
  return (
    <p class="loading" role="status" aria-live="polite">
      <span class="spinner" aria-hidden="true" /> {t('loading')}
    </p>
  );
}

export function ErrorBox({ error, retry }: { error: unknown; retry?: () => void }) {
  return (
    <div class="error" role="alert">
      <p>{messageOf(error)}</p>
      {retry && (
        <button type="button" onClick={retry}>
          {t('retry')}
        </button>
      )}
    </div>
  );
}

export function Notice({ children }: { children: ComponentChildren }) {
  return (
    <p class="notice" role="status" aria-live="polite">
      {children}
    </p>
  );
}

/** Field errors of an ApiError for one field (and the fields under it). */
export function fieldErrors(error: unknown, ...names: string[]): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const found: string[] = [];
  for (const [field, messages] of Object.entries(error.fields)) {
    if (names.some((n) => field.toLowerCase() === n.toLowerCase())) found.push(...messages.map(localMessage));
  }
  return found.length ? found.join(' ') : undefined;
}

interface FieldProps {
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string;
  hint?: string;
  type?: 'text' | 'email' | 'password' | 'tel' | 'date' | 'search';
  class?: string;
  autocomplete?: string;
  required?: boolean;
  maxLength?: number;
  inputMode?: 'decimal' | 'numeric';
}

export function Field(props: FieldProps) {
  const { label, value, onValue, error, hint } = props;
  const id = useId();
  const described = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  // Preact's input types are a union per `type`; this component takes one of a few text-like types.
  const inputAttributes = {
    id,
    type: props.type ?? 'text',
    autocomplete: props.autocomplete,
    required: props.required,
    maxLength: props.maxLength,
    inputMode: props.inputMode,
    value,
    'aria-invalid': error ? 'true' : undefined,
    'aria-describedby': described,
    onInput: (e: Event) => {
      onValue((e.currentTarget as HTMLInputElement).value);
    },
  } as JSX.IntrinsicElements['input'];
  return (
    <div class={`field${error ? ' invalid' : ''}${props.class ? ` ${props.class}` : ''}`}>
      <label for={id}>{label}</label>
      <input {...inputAttributes} />
      {hint && (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p class="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A select; its value's type is its options' (an API enum stays one). */
export function Select<V extends string = string>(props: {
  label: string;
  value: V;
  onValue: (value: V) => void;
  options: [V, string][];
  error?: string;
  required?: boolean;
}) {
  const id = useId();
  return (
    <div class={`field${props.error ? ' invalid' : ''}`}>
      <label for={id}>{props.label}</label>
      <select
        id={id}
        value={props.value}
        required={props.required}
        aria-invalid={props.error ? 'true' : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        onChange={(e) => {
          props.onValue(e.currentTarget.value as V); // one of props.options
        }}
      >
        {props.options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      {props.error && (
        <p class="field-error" id={`${id}-error`}>
          {props.error}
        </p>
      )}
    </div>
  );
}

/** A modal asking to confirm; resolves through onConfirm / onClose. */
export function Dialog(props: { title: string; children: ComponentChildren; onClose: () => void; actions: ComponentChildren }) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog ref={ref} aria-labelledby={id} onClose={props.onClose} onCancel={props.onClose}>
      <h2 id={id}>{props.title}</h2>
      {props.children}
      <div class="actions">{props.actions}</div>
    </dialog>
  );
}

/**
 * An edit form in a dialog: Cancel and Save (the form's submit button), the API's refusal beside its
 * fields, or in a box under the form when it names none of `fields`.
 */
export function FormDialog(props: {
  title: string;
  testId: string;
  cancelLabel: string;
  saveLabel: string;
  fields: readonly string[];
  error: unknown;
  onSubmit: (e: Event) => void;
  onClose: () => void;
  children: ComponentChildren;
}) {
  const formId = useId();
  return (
    <Dialog
      title={props.title}
      onClose={props.onClose}
      actions={
        <>
          <button type="button" onClick={props.onClose}>
            {props.cancelLabel}
          </button>
          <button type="submit" form={formId} class="primary">
            {props.saveLabel}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={props.onSubmit} noValidate data-testid={props.testId}>
        {props.children}
      </form>
      {props.error !== null && !fieldErrors(props.error, ...props.fields) && <ErrorBox error={props.error} />}
    </Dialog>
  );
}

export function Confirm(props: {
  title: string;
  text: string;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      title={props.title}
      onClose={props.onClose}
      actions={
        <>
          <button type="button" onClick={props.onClose}>
            {t('cancel')}
          </button>
          <button type="button" class={props.danger ? 'danger' : 'primary'} onClick={props.onConfirm}>
            {props.confirmLabel}
          </button>
        </>
      }
    >
      <p>{props.text}</p>
    </Dialog>
  );
}

export function Pager(props: { page: number; pages: number; total: number; onPage: (page: number) => void }) {
  if (props.total === 0) return null;
  return (
    <nav class="pager" aria-label="Pagination">
      <button
        type="button"
        disabled={props.page <= 1}
        onClick={() => {
          props.onPage(props.page - 1);
        }}
      >
        {t('previous')}
      </button>
      <span>{t(props.total < 2 ? 'pageOfOne' : 'pageOf', { page: props.page, pages: Math.max(props.pages, 1), total: props.total })}</span>
      <button
        type="button"
        disabled={props.page >= props.pages}
        onClick={() => {
          props.onPage(props.page + 1);
        }}
      >
        {t('next')}
      </button>
    </nav>
  );
}

/** A search box that reports its value after the user pauses typing. */
export function SearchBox({ onSearch, label, initial = '' }: { onSearch: (query: string) => void; label: string; initial?: string }) {
  const [value, setValue] = useState(initial);
  const id = useId();
  useEffect(() => {
    const timer = setTimeout(() => {
      onSearch(value.trim());
    }, 300);
    return () => {
      clearTimeout(timer);
    };
  }, [value]);
  return (
    <div class="search" role="search">
      <label for={id}>{label}</label>
      <input
        id={id}
        type="search"
        value={value}
        onInput={(e) => {
          setValue(e.currentTarget.value);
        }}
      />
    </div>
  );
}

/** "24/11/2026" → "2026-11-24"; null when it is not a real day. */
export function parseFrenchDate(text: string): string | null {
  const m = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return d.toISOString().slice(0, 10);
}

const frenchDate = (iso: string) => (/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : iso);

/**
 * A date typed day first (24/11/2026) whatever the browser's language, where `<input type="date">`
 * follows the browser (11/24/2026 in an English one). The value in and out is the API's ISO date;
 * `onValue` is called only with a real day, and a text that is not one shows why under the field.
 */
export function DateField(props: {
  label: string;
  value: string;
  onValue: (iso: string) => void;
  error?: string;
  /** Called when the text is emptied (a filter's date taken away); without it, an empty text changes nothing. */
  onClear?: () => void;
}) {
  const [text, setText] = useState(frenchDate(props.value));
  const [typed, setTyped] = useState(false);
  useEffect(() => {
    if (!typed) setText(frenchDate(props.value));
  }, [props.value]);
  const invalid = typed && text.trim() !== '' && parseFrenchDate(text) === null;
  return (
    <Field
      label={props.label}
      value={text}
      inputMode="numeric"
      hint={t('dateHint')}
      onValue={(v) => {
        setTyped(true);
        setText(v);
        const iso = parseFrenchDate(v);
        if (iso) props.onValue(iso);
        else if (!v.trim()) props.onClear?.();
      }}
      error={invalid ? t('dateInvalid') : props.error}
    />
  );
}

/** After a refused save: the first field in error is brought into view and focused, wherever the user is. */
export function focusFirstError(container: ParentNode = document): void {
  requestAnimationFrame(() => {
    const field = container.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    field.scrollIntoView({ block: 'center' });
    field.focus({ preventScroll: true });
  });
}

/** A column of a ListTable: its header, what a row shows in it, right-aligned figures when `num`. */
export interface Column<T> {
  label: string;
  cell: (row: T) => ComponentChildren;
  num?: boolean;
}

/**
 * The pages' one table of rows already at hand: the empty text, a caption for screen readers, each cell
 * labelled for the phone layout (data-label). Rows are keyed by `rowKey` (default: their position).
 */
export function Table<T>(props: {
  rows: T[];
  caption: string;
  columns: Column<T>[];
  empty: string;
  testId?: string;
  rowClass?: (row: T) => string | undefined;
  rowKey?: (row: T, index: number) => number | string;
}) {
  if (props.rows.length === 0) return <p>{props.empty}</p>;
  return (
    <div class="table-wrap">
      <table data-testid={props.testId}>
        <caption class="visually-hidden">{props.caption}</caption>
        <thead>
          <tr>
            {props.columns.map((c) => (
              <th key={c.label} scope="col" class={c.num ? 'num' : undefined}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row, i) => (
            <tr key={props.rowKey ? props.rowKey(row, i) : i} class={props.rowClass?.(row)}>
              {props.columns.map((c) => (
                <td key={c.label} data-label={c.label} class={c.num ? 'num' : undefined}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The list pages' one table: loading and error states, then the Table of the page's rows and the pager
 * under it. `load` is a useLoad of getPage; `page`/`onPage` page it (omitted: no pager).
 */
export function ListTable<T extends { id: number | string }>(props: {
  load: { data?: { items: T[]; total: number; pages: number }; error?: unknown; loading: boolean; reload: () => void };
  caption: string;
  columns: Column<T>[];
  empty: string;
  testId?: string;
  page?: number;
  onPage?: (page: number) => void;
  rowClass?: (row: T) => string | undefined;
}) {
  const { load } = props;
  if (load.loading) return <Loading />;
  if (load.error !== undefined) return <ErrorBox error={load.error} retry={load.reload} />;
  if (!load.data) return null;
  return (
    <>
      <Table
        rows={load.data.items}
        caption={props.caption}
        columns={props.columns}
        empty={props.empty}
        testId={props.testId}
        rowClass={props.rowClass}
        rowKey={(row) => row.id}
      />
      {props.page !== undefined && props.onPage && (
        <Pager page={props.page} pages={load.data.pages} total={load.data.total} onPage={props.onPage} />
      )}
    </>
  );
}

/**
 * The filter links above a list (the current one marked aria-current); `href` (one for all, or one per
 * value) keeps them real links.
 */
export function Filters<V extends string>(props: {
  label: string;
  href: string | ((value: V) => string);
  value: V;
  options: readonly (readonly [V, string])[];
  onValue: (value: V) => void;
}) {
  return (
    <nav class="filters" aria-label={props.label}>
      {props.options.map(([value, text]) => (
        <a
          key={value}
          href={typeof props.href === 'string' ? props.href : props.href(value)}
          aria-current={props.value === value ? 'true' : undefined}
          onClick={(e) => {
            e.preventDefault();
            props.onValue(value);
          }}
        >
          {text}
        </a>
      ))}
    </nav>
  );
}

/**
 * A choice among more records than a select can hold (suppliers, a supplier's invoices): a search box
 * that asks the API as the user types (`search`, a list's `query`, after a pause), and the select of
 * what it found, the current choice kept in it. Native elements (a phone shows its own picker); the
 * count found is said in a status line for screen readers.
 */
export function SearchSelect(props: {
  label: string;
  searchLabel: string;
  value: string;
  /** The value chosen and its option's text. */
  onValue: (value: string, text: string) => void;
  /** The current choice's [value, text], shown even when the search did not find it. */
  current?: readonly [string, string] | null;
  /** The first option (no choice), when there is one. */
  none?: readonly [string, string];
  search: (query: string) => Promise<[string, string][]>;
  /** What the status line says of `n` results. */
  found: (n: number) => string;
  error?: string;
  testId?: string;
}) {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<[string, string][] | null>(null);
  const [failed, setFailed] = useState<unknown>(null);
  const searchId = useId();
  useEffect(() => {
    let live = true;
    const timer = setTimeout(
      () => {
        props.search(query.trim()).then(
          (found) => {
            if (!live) return;
            setResults(found);
            setFailed(null);
          },
          (error: unknown) => {
            if (live) setFailed(error);
          },
        );
      },
      results === null ? 0 : 250,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query]);
  const options: [string, string][] = [];
  if (props.none) options.push([props.none[0], props.none[1]]);
  const found = results ?? [];
  if (props.current && props.current[0] !== (props.none?.[0] ?? null) && !found.some(([v]) => v === props.current![0]))
    options.push([props.current[0], props.current[1]]);
  options.push(...found);
  return (
    <div class="search-select" data-testid={props.testId}>
      <div class="field">
        <label for={searchId}>{props.searchLabel}</label>
        <input
          id={searchId}
          type="search"
          maxLength={100}
          autocomplete="off"
          value={query}
          onInput={(e) => {
            setQuery(e.currentTarget.value);
          }}
        />
      </div>
      <Select
        label={props.label}
        value={props.value}
        onValue={(v) => {
          props.onValue(v, options.find(([o]) => o === v)?.[1] ?? '');
        }}
        options={options}
        error={props.error}
      />
      <p class="hint" role="status" aria-live="polite">
        {results !== null && props.found(found.length)}
      </p>
      {failed !== null && <ErrorBox error={failed} />}
    </div>
  );
}
