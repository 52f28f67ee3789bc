// Colleagues (issue #31, /v1/colleagues): the people of the company whose expense reports the
// console keeps, listed with their contact details and number; a new colleague, a change to one, a
// deletion, each through the same API integrators use (the API numbers them COL-… when no number is given).
import { useId, useState } from 'preact/hooks';
import { call, getPage } from '../api';
import type { Schemas } from '../api-types';
import { dictionary } from '../dict';
import { Confirm, ErrorBox, Field, fieldErrors, focusFirstError, FormDialog, ListTable, Notice, SearchBox, useLoad } from '../ui';
import '../tools.css';

export const tc = dictionary(
  {
    colleagues: 'Collaborateurs',
    colleaguesHelp: 'Les personnes de l’entreprise : leurs notes de frais, leurs coordonnées.',
    search: 'Rechercher un collaborateur',
    none: 'Aucun collaborateur pour l’instant.',
    name: 'Nom',
    title: 'Civilité (facultatif)',
    firstName: 'Prénom',
    lastName: 'Nom de famille',
    email: 'E-mail',
    phone: 'Téléphone',
    cellPhone: 'Mobile',
    number: 'Numéro',
    numberHint: 'Laissé vide : attribué automatiquement (COL-…).',
    isPartner: 'Associé de l’entreprise',
    partner: 'associé',
    create: 'Ajouter le collaborateur',
    newColleague: 'Nouveau collaborateur',
    created: 'Collaborateur {name} ajouté.',
    edit: 'Modifier',
    editTitle: 'Modifier {name}',
    save: 'Enregistrer',
    cancel: 'Annuler',
    remove: 'Supprimer',
    removeTitle: 'Supprimer le collaborateur',
    removeText: 'Supprimer {name} ? Ses notes de frais, s’il en a, empêchent la suppression.',
    actions: 'Actions',
  },
  {
    colleagues: 'Colleagues',
    colleaguesHelp: 'The people of the company: their expense reports, their contact details.',
    search: 'Search a colleague',
    none: 'No colleague yet.',
    name: 'Name',
    title: 'Title (optional)',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'E-mail',
    phone: 'Phone',
    cellPhone: 'Mobile',
    number: 'Number',
    numberHint: 'Left empty: given automatically (COL-…).',
    isPartner: 'Partner of the company',
    partner: 'partner',
    create: 'Add the colleague',
    newColleague: 'New colleague',
    created: 'Colleague {name} added.',
    edit: 'Edit',
    editTitle: 'Edit {name}',
    save: 'Save',
    cancel: 'Cancel',
    remove: 'Delete',
    removeTitle: 'Delete the colleague',
    removeText: 'Delete {name}? Their expense reports, if any, prevent the deletion.',
    actions: 'Actions',
  },
);

/** A colleague (Colleague). */
type Colleague = Pick<
  Schemas['Colleague'],
  'id' | 'name' | 'title' | 'firstName' | 'lastName' | 'email' | 'phone' | 'cellPhone' | 'number' | 'isPartner'
>;

interface ColleagueForm {
  title: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  cellPhone: string;
  number: string;
  isPartner: boolean;
}

const FIELDS = ['title', 'firstName', 'lastName', 'email', 'phone', 'cellPhone', 'number', 'isPartner'];

const empty = (): ColleagueForm => ({
  title: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  cellPhone: '',
  number: '',
  isPartner: false,
});

const formOf = (c: Colleague): ColleagueForm => ({
  title: c.title ?? '',
  firstName: c.firstName ?? '',
  lastName: c.lastName ?? '',
  email: c.email ?? '',
  phone: c.phone ?? '',
  cellPhone: c.cellPhone ?? '',
  number: c.number ?? '',
  isPartner: c.isPartner,
});

/** What POST and PUT /v1/colleagues take; an empty number is left to the API (given on creation, kept on a change). */
const bodyOf = (f: ColleagueForm) => ({
  title: f.title.trim() || null,
  firstName: f.firstName.trim() || null,
  lastName: f.lastName.trim() || null,
  email: f.email.trim() || null,
  phone: f.phone.trim() || null,
  cellPhone: f.cellPhone.trim() || null,
  ...(f.number.trim() ? { number: f.number.trim() } : {}),
  isPartner: f.isPartner,
});

function ColleagueFields({ form, set, error }: { form: ColleagueForm; set: (patch: Partial<ColleagueForm>) => void; error: unknown }) {
  const partnerId = useId();
  const text = (key: Exclude<keyof ColleagueForm, 'isPartner'>) => (value: string) => {
    set({ [key]: value });
  };
  return (
    <div class="grid-form">
      <Field
        label={tc('firstName')}
        value={form.firstName}
        onValue={text('firstName')}
        maxLength={100}
        error={fieldErrors(error, 'firstName')}
      />
      <Field
        label={tc('lastName')}
        value={form.lastName}
        onValue={text('lastName')}
        maxLength={100}
        error={fieldErrors(error, 'lastName')}
      />
      <Field label={tc('title')} value={form.title} onValue={text('title')} maxLength={20} error={fieldErrors(error, 'title')} />
      <Field
        label={tc('email')}
        type="email"
        value={form.email}
        onValue={text('email')}
        maxLength={254}
        autocomplete="off"
        error={fieldErrors(error, 'email')}
      />
      <Field label={tc('phone')} type="tel" value={form.phone} onValue={text('phone')} maxLength={40} error={fieldErrors(error, 'phone')} />
      <Field
        label={tc('cellPhone')}
        type="tel"
        value={form.cellPhone}
        onValue={text('cellPhone')}
        maxLength={40}
        error={fieldErrors(error, 'cellPhone')}
      />
      <Field
        label={tc('number')}
        value={form.number}
        onValue={text('number')}
        maxLength={50}
        hint={tc('numberHint')}
        error={fieldErrors(error, 'number')}
      />
      <div class="field checkbox">
        <input
          id={partnerId}
          type="checkbox"
          checked={form.isPartner}
          onChange={(e) => {
            set({ isPartner: e.currentTarget.checked });
          }}
        />
        <label for={partnerId}>{tc('isPartner')}</label>
      </div>
    </div>
  );
}

function EditColleague({ colleague, onDone, onClose }: { colleague: Colleague; onDone: () => void; onClose: () => void }) {
  const [form, setForm] = useState(() => formOf(colleague));
  const [error, setError] = useState<unknown>(null);
  const save = async (e: Event) => {
    e.preventDefault();
    const container = e.currentTarget as HTMLElement;
    setError(null);
    try {
      await call('PUT', '/v1/colleagues/{id}', { path: { id: colleague.id }, body: bodyOf(form) });
      onDone();
    } catch (err) {
      setError(err);
      focusFirstError(container);
    }
  };
  return (
    <FormDialog
      title={tc('editTitle', { name: colleague.name ?? `#${colleague.id}` })}
      testId="edit-colleague"
      cancelLabel={tc('cancel')}
      saveLabel={tc('save')}
      fields={FIELDS}
      error={error}
      onSubmit={(e) => void save(e)}
      onClose={onClose}
    >
      <ColleagueFields
        form={form}
        set={(patch) => {
          setForm((f) => ({ ...f, ...patch }));
        }}
        error={error}
      />
    </FormDialog>
  );
}

export function ColleaguesPage({ readOnly }: { readOnly: boolean }) {
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState('');
  const list = useLoad(() => getPage('/v1/colleagues', { query: { PageIndex: page, PageSize: 20, query } }), [page, query]);
  const [form, setForm] = useState<ColleagueForm>(empty);
  const [error, setError] = useState<unknown>(null);
  const [created, setCreated] = useState<string | null>(null);
  const [editing, setEditing] = useState<Colleague | null>(null);
  const [removing, setRemoving] = useState<Colleague | null>(null);
  const [removeError, setRemoveError] = useState<unknown>(null);
  const create = async (e: Event) => {
    e.preventDefault();
    const container = e.currentTarget as HTMLElement;
    setError(null);
    setCreated(null);
    try {
      const answer = await call('POST', '/v1/colleagues', { body: bodyOf(form) });
      setCreated(answer.data.name ?? `#${answer.data.id}`);
      setForm(empty());
      list.reload();
    } catch (err) {
      setError(err);
      focusFirstError(container);
    }
  };
  const remove = async (c: Colleague) => {
    setRemoving(null);
    setRemoveError(null);
    try {
      await call('DELETE', '/v1/colleagues/{id}', { path: { id: c.id } });
      list.reload();
    } catch (err) {
      setRemoveError(err);
    }
  };
  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>{tc('colleagues')}</h1>
      </div>
      <p>{tc('colleaguesHelp')}</p>
      <SearchBox
        label={tc('search')}
        onSearch={(q) => {
          setQuery(q);
          setPage(1);
        }}
      />
      <ListTable
        load={list}
        testId="colleagues"
        caption={tc('colleagues')}
        empty={tc('none')}
        columns={[
          { label: tc('name'), cell: (c: Colleague) => <strong>{c.name}</strong> },
          { label: tc('email'), cell: (c) => c.email },
          { label: tc('phone'), cell: (c) => [c.phone, c.cellPhone].filter(Boolean).join(' · ') },
          { label: tc('number'), cell: (c) => (c.isPartner ? `${c.number ?? ''} (${tc('partner')})` : c.number) },
          ...(readOnly
            ? []
            : [
                {
                  label: tc('actions'),
                  cell: (c: Colleague) => (
                    <>
                      <button
                        type="button"
                        class="link"
                        aria-label={`${tc('edit')} ${c.name ?? ''}`}
                        onClick={() => {
                          setEditing(c);
                        }}
                      >
                        {tc('edit')}
                      </button>{' '}
                      <button
                        type="button"
                        class="link"
                        aria-label={`${tc('remove')} ${c.name ?? ''}`}
                        onClick={() => {
                          setRemoving(c);
                        }}
                      >
                        {tc('remove')}
                      </button>
                    </>
                  ),
                },
              ]),
        ]}
        onPage={setPage}
        page={page}
      />
      {removeError !== null && <ErrorBox error={removeError} />}
      {editing && (
        <EditColleague
          colleague={editing}
          onDone={() => {
            setEditing(null);
            list.reload();
          }}
          onClose={() => {
            setEditing(null);
          }}
        />
      )}
      {removing && (
        <Confirm
          title={tc('removeTitle')}
          text={tc('removeText', { name: removing.name ?? `#${removing.id}` })}
          confirmLabel={tc('remove')}
          danger
          onConfirm={() => void remove(removing)}
          onClose={() => {
            setRemoving(null);
          }}
        />
      )}
      {!readOnly && (
        <form onSubmit={(e) => void create(e)} data-testid="new-colleague" noValidate>
          <fieldset class="plain">
            <legend>{tc('newColleague')}</legend>
            <ColleagueFields
              form={form}
              set={(patch) => {
                setCreated(null);
                setForm((f) => ({ ...f, ...patch }));
              }}
              error={error}
            />
            {error !== null && !fieldErrors(error, ...FIELDS) && <ErrorBox error={error} />}
            {created && <Notice>{tc('created', { name: created })}</Notice>}
            <div class="actions">
              <button type="submit" class="primary">
                {tc('create')}
              </button>
            </div>
          </fieldset>
        </form>
      )}
    </>
  );
}
