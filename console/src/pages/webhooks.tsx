// Webhooks (issue #31, /v1/webhooks, docs/delivery.md): the account's subscriptions with their URL and
// event types, a new one (its signing secret shown once, as the API answers it only then), a deletion;
// on a subscription, its name, URL and event types changed in place (PUT /v1/webhooks/{id}, a Facturier
// extension: the secret kept), its deliveries with their attempts and a redelivery. Every action is the API's own.
import { useId, useState } from 'preact/hooks';
import { call, get, getPage } from '../api';
import type { Schemas } from '../api-types';
import { dictionary } from '../dict';
import { date } from '../format';
import { Confirm, Dialog, ErrorBox, Field, fieldErrors, focusFirstError, ListTable, Loading, Notice, useLoad } from '../ui';
import '../tools.css';

export const tw = dictionary(
  {
    webhooks: 'Webhooks',
    webhooksHelp:
      'Vos autres outils sont prévenus à chaque événement choisi (une facture créée, un paiement reçu…) par un appel signé à leur adresse.',
    none: 'Aucun webhook pour l’instant.',
    name: 'Nom',
    url: 'Adresse (URL) à appeler',
    urlHint: 'Adresse complète, https://…',
    types: 'Événements',
    typesCount: '{n} événement(s)',
    newWebhook: 'Nouveau webhook',
    create: 'Créer le webhook',
    chooseTypes: 'Événements à envoyer',
    all: 'Tout cocher',
    noneChecked: 'Tout décocher',
    remove: 'Supprimer',
    removeTitle: 'Supprimer le webhook',
    removeText: 'Supprimer le webhook « {name} » ({url}) ? Les envois en attente sont abandonnés.',
    deliveries: 'Envois',
    actions: 'Actions',
    secretTitle: 'Clé de signature du webhook « {name} »',
    secretOnce:
      'Copiez cette clé maintenant : elle ne sera plus jamais affichée. Elle signe chaque envoi (en-tête X-Signature) ; votre outil la vérifie.',
    copy: 'Copier',
    copied: 'Copiée',
    close: 'Fermer',
    back: 'Tous les webhooks',
    noDelivery: 'Aucun envoi pour l’instant.',
    event: 'Événement',
    createdAt: 'Créé le',
    status: 'État',
    attempts: 'Tentatives',
    lastAnswer: 'Dernière réponse',
    Pending: 'En attente',
    Delivered: 'Livré',
    Failed: 'Échec',
    redeliver: 'Renvoyer',
    notFound: 'Ce webhook n’existe pas (ou plus).',
    noAnswer: 'pas de réponse',
    nextAttempt: 'prochain essai {at}',
    edit: 'Modifier le webhook',
    editHelp:
      'L’adresse, le nom et les événements changent ; la clé de signature reste la même, les envois en attente partent vers la nouvelle adresse.',
    save: 'Enregistrer les modifications',
    saved: 'Webhook enregistré.',
  },
  {
    webhooks: 'Webhooks',
    webhooksHelp:
      'Your other tools are told of each chosen event (an invoice created, a payment received…) by a signed call to their address.',
    none: 'No webhook yet.',
    name: 'Name',
    url: 'Address (URL) to call',
    urlHint: 'Full address, https://…',
    types: 'Events',
    typesCount: '{n} event(s)',
    newWebhook: 'New webhook',
    create: 'Create the webhook',
    chooseTypes: 'Events to send',
    all: 'Check all',
    noneChecked: 'Uncheck all',
    remove: 'Delete',
    removeTitle: 'Delete the webhook',
    removeText: 'Delete the webhook “{name}” ({url})? Pending deliveries are dropped.',
    deliveries: 'Deliveries',
    actions: 'Actions',
    secretTitle: 'Signing key of the webhook “{name}”',
    secretOnce: 'Copy this key now: it will never be shown again. It signs each delivery (X-Signature header); your tool checks it.',
    copy: 'Copy',
    copied: 'Copied',
    close: 'Close',
    back: 'All webhooks',
    noDelivery: 'No delivery yet.',
    event: 'Event',
    createdAt: 'Created on',
    status: 'Status',
    attempts: 'Attempts',
    lastAnswer: 'Last answer',
    Pending: 'Pending',
    Delivered: 'Delivered',
    Failed: 'Failed',
    redeliver: 'Deliver again',
    notFound: 'This webhook does not exist (any more).',
    noAnswer: 'no answer',
    nextAttempt: 'next attempt {at}',
    edit: 'Edit the webhook',
    editHelp: 'The address, name and events change; the signing key stays the same, pending deliveries go to the new address.',
    save: 'Save the changes',
    saved: 'Webhook saved.',
  },
);

type Webhook = Pick<Schemas['Webhook'], 'id' | 'name' | 'url' | 'types' | 'secretKey'>;
type EventType = Schemas['WebhookType'];
type Delivery = Pick<
  Schemas['WebhookDelivery'],
  'id' | 'eventId' | 'eventType' | 'status' | 'attempts' | 'nextAttemptAt' | 'lastStatusCode' | 'lastError' | 'createdAt' | 'deliveredAt'
>;

/**
 * Every event type the API accepts, grouped by what it is about. A Record over the schema's union:
 * a type added to the API without being listed here fails the console's build.
 */
const SUBJECTS: Record<EventType, [string, string]> = {
  CustomerCreated: ['Customer', 'Created'],
  CustomerUpdated: ['Customer', 'Updated'],
  CustomerDeleted: ['Customer', 'Deleted'],
  ContactCreated: ['Contact', 'Created'],
  ContactUpdated: ['Contact', 'Updated'],
  ContactDeleted: ['Contact', 'Deleted'],
  ProductCreated: ['Product', 'Created'],
  ProductUpdated: ['Product', 'Updated'],
  ProductDeleted: ['Product', 'Deleted'],
  QuoteCreated: ['Quote', 'Created'],
  QuoteUpdated: ['Quote', 'Updated'],
  QuoteDeleted: ['Quote', 'Deleted'],
  InvoiceCreated: ['Invoice', 'Created'],
  InvoiceUpdated: ['Invoice', 'Updated'],
  InvoiceDeleted: ['Invoice', 'Deleted'],
  InvoiceFinalized: ['Invoice', 'Finalized'],
  InvoiceCancelled: ['Invoice', 'Cancelled'],
  InvoicePaid: ['Invoice', 'Paid'],
  InvoiceSent: ['Invoice', 'Sent'],
  InvoiceReminded: ['Invoice', 'Reminded'],
  InvoiceEInvoicingStatusChanged: ['Invoice', 'EInvoicingStatusChanged'],
  CreditCreated: ['Credit', 'Created'],
  CreditUpdated: ['Credit', 'Updated'],
  CreditDeleted: ['Credit', 'Deleted'],
  CreditFinalized: ['Credit', 'Finalized'],
  CreditSent: ['Credit', 'Sent'],
  CreditEInvoicingStatusChanged: ['Credit', 'EInvoicingStatusChanged'],
  RecurringInvoiceCreated: ['RecurringInvoice', 'Created'],
  RecurringInvoiceUpdated: ['RecurringInvoice', 'Updated'],
  RecurringInvoiceDeleted: ['RecurringInvoice', 'Deleted'],
  RecurringInvoiceIssued: ['RecurringInvoice', 'Issued'],
  RecurringInvoiceStopped: ['RecurringInvoice', 'Stopped'],
  ReceiptCreated: ['Receipt', 'Created'],
  ReceiptUpdated: ['Receipt', 'Updated'],
  ReceiptDeleted: ['Receipt', 'Deleted'],
  EmailSent: ['Email', 'Sent'],
  EmailFailed: ['Email', 'Failed'],
  SupplierCreated: ['Supplier', 'Created'],
  SupplierUpdated: ['Supplier', 'Updated'],
  SupplierDeleted: ['Supplier', 'Deleted'],
  PurchaseInvoiceCreated: ['PurchaseInvoice', 'Created'],
  PurchaseInvoiceUpdated: ['PurchaseInvoice', 'Updated'],
  PurchaseInvoiceDeleted: ['PurchaseInvoice', 'Deleted'],
  PurchaseInvoicePaid: ['PurchaseInvoice', 'Paid'],
  PurchaseInvoiceReceived: ['PurchaseInvoice', 'Received'],
  PurchaseInvoiceEInvoicingStatusChanged: ['PurchaseInvoice', 'EInvoicingStatusChanged'],
  SupplierPaymentCreated: ['SupplierPayment', 'Created'],
  SupplierPaymentUpdated: ['SupplierPayment', 'Updated'],
  SupplierPaymentDeleted: ['SupplierPayment', 'Deleted'],
  ColleagueCreated: ['Colleague', 'Created'],
  ColleagueUpdated: ['Colleague', 'Updated'],
  ColleagueDeleted: ['Colleague', 'Deleted'],
  ExpenseReportCreated: ['ExpenseReport', 'Created'],
  ExpenseReportUpdated: ['ExpenseReport', 'Updated'],
  ExpenseReportDeleted: ['ExpenseReport', 'Deleted'],
  ExpenseReportSubmitted: ['ExpenseReport', 'Submitted'],
  ExpenseReportApproved: ['ExpenseReport', 'Approved'],
  ExpenseReportReimbursed: ['ExpenseReport', 'Reimbursed'],
  ExpenseReportReimbursementCancelled: ['ExpenseReport', 'ReimbursementCancelled'],
  BankAccountCreated: ['BankAccount', 'Created'],
  BankAccountUpdated: ['BankAccount', 'Updated'],
  BankAccountDeleted: ['BankAccount', 'Deleted'],
  BankStatementImported: ['BankAccount', 'StatementImported'],
  BankTransactionCreated: ['BankTransaction', 'Created'],
  BankTransactionUpdated: ['BankTransaction', 'Updated'],
  BankTransactionDeleted: ['BankTransaction', 'Deleted'],
  BankTransactionMatched: ['BankTransaction', 'Matched'],
  BankTransactionUnmatched: ['BankTransaction', 'Unmatched'],
};

const SUBJECT_NAMES = dictionary(
  {
    Customer: 'Clients',
    Contact: 'Contacts',
    Product: 'Produits',
    Quote: 'Devis',
    Invoice: 'Factures',
    Credit: 'Avoirs',
    RecurringInvoice: 'Factures récurrentes',
    Receipt: 'Encaissements',
    Email: 'E-mails',
    Supplier: 'Fournisseurs',
    PurchaseInvoice: 'Factures fournisseurs',
    SupplierPayment: 'Paiements fournisseurs',
    Colleague: 'Collaborateurs',
    ExpenseReport: 'Notes de frais',
    BankAccount: 'Comptes bancaires',
    BankTransaction: 'Opérations bancaires',
  },
  {
    Customer: 'Customers',
    Contact: 'Contacts',
    Product: 'Products',
    Quote: 'Quotes',
    Invoice: 'Invoices',
    Credit: 'Credit notes',
    RecurringInvoice: 'Recurring invoices',
    Receipt: 'Receipts',
    Email: 'E-mails',
    Supplier: 'Suppliers',
    PurchaseInvoice: 'Supplier invoices',
    SupplierPayment: 'Supplier payments',
    Colleague: 'Colleagues',
    ExpenseReport: 'Expense reports',
    BankAccount: 'Bank accounts',
    BankTransaction: 'Bank transactions',
  },
);

const ACTION_NAMES = dictionary(
  {
    Created: 'création',
    Updated: 'modification',
    Deleted: 'suppression',
    Finalized: 'finalisation',
    Cancelled: 'annulation',
    Paid: 'payée',
    Sent: 'envoi',
    Failed: 'échec de l’envoi',
    Reminded: 'relance',
    EInvoicingStatusChanged: 'nouveau statut de facturation électronique',
    Issued: 'facture émise',
    Stopped: 'arrêt',
    Received: 'reçue par la plateforme',
    Submitted: 'soumission',
    Approved: 'approbation',
    Reimbursed: 'remboursement',
    ReimbursementCancelled: 'remboursement annulé',
    StatementImported: 'relevé importé',
    Matched: 'rapprochement',
    Unmatched: 'rapprochement défait',
  },
  {
    Created: 'created',
    Updated: 'updated',
    Deleted: 'deleted',
    Finalized: 'finalized',
    Cancelled: 'cancelled',
    Paid: 'paid',
    Sent: 'sent',
    Failed: 'sending failed',
    Reminded: 'reminded',
    EInvoicingStatusChanged: 'new e-invoicing status',
    Issued: 'invoice issued',
    Stopped: 'stopped',
    Received: 'received from the platform',
    Submitted: 'submitted',
    Approved: 'approved',
    Reimbursed: 'repaid',
    ReimbursementCancelled: 'repayment cancelled',
    StatementImported: 'statement imported',
    Matched: 'reconciled',
    Unmatched: 'reconciliation undone',
  },
);

const ALL_TYPES = Object.keys(SUBJECTS) as EventType[];
const GROUPS = [...new Set(ALL_TYPES.map((type) => SUBJECTS[type][0]))];

/** "Factures : finalisation" for InvoiceFinalized; the API's own name when it is not known here. */
export function eventLabel(type: string): string {
  const known = (SUBJECTS as Record<string, [string, string] | undefined>)[type];
  if (!known) return type;
  return `${SUBJECT_NAMES(known[0] as Parameters<typeof SUBJECT_NAMES>[0])} : ${ACTION_NAMES(known[1] as Parameters<typeof ACTION_NAMES>[0])}`;
}

function SecretShownOnce({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(webhook.secretKey ?? '');
    } catch {
      const node = document.getElementById('webhook-secret');
      if (node) getSelection()?.selectAllChildren(node);
    }
    setCopied(true);
  };
  return (
    <Dialog
      title={tw('secretTitle', { name: webhook.name })}
      onClose={onClose}
      actions={
        <button type="button" class="primary" onClick={onClose}>
          {tw('close')}
        </button>
      }
    >
      <p class="warning">{tw('secretOnce')}</p>
      <p class="secret">
        <code id="webhook-secret" data-testid="webhook-secret">
          {webhook.secretKey}
        </code>
      </p>
      <button type="button" onClick={() => void copy()}>
        {tw('copy')}
      </button>{' '}
      <span role="status">{copied ? tw('copied') : ''}</span>
    </Dialog>
  );
}

function TypePicker({ value, onValue, error }: { value: EventType[]; onValue: (types: EventType[]) => void; error?: string }) {
  const id = useId();
  const toggle = (type: EventType, on: boolean) => {
    onValue(on ? [...value, type] : value.filter((v) => v !== type));
  };
  return (
    <fieldset class="event-types" aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? 'true' : undefined}>
      <legend>{tw('chooseTypes')}</legend>
      {error && (
        <p class="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
      <div class="actions">
        <button
          type="button"
          onClick={() => {
            onValue([...ALL_TYPES]);
          }}
        >
          {tw('all')}
        </button>
        <button
          type="button"
          onClick={() => {
            onValue([]);
          }}
        >
          {tw('noneChecked')}
        </button>
      </div>
      <div class="event-groups">
        {GROUPS.map((group) => (
          <fieldset key={group} class="event-group">
            <legend>{SUBJECT_NAMES(group as Parameters<typeof SUBJECT_NAMES>[0])}</legend>
            {ALL_TYPES.filter((type) => SUBJECTS[type][0] === group).map((type) => (
              <div class="field checkbox" key={type}>
                <input
                  id={`${id}-${type}`}
                  type="checkbox"
                  checked={value.includes(type)}
                  onChange={(e) => {
                    toggle(type, e.currentTarget.checked);
                  }}
                />
                <label for={`${id}-${type}`}>
                  {ACTION_NAMES(SUBJECTS[type][1] as Parameters<typeof ACTION_NAMES>[0])} <code class="hint">{type}</code>
                </label>
              </div>
            ))}
          </fieldset>
        ))}
      </div>
    </fieldset>
  );
}

/** A webhook's form as typed: what POST registers and PUT changes. */
interface WebhookForm {
  name: string;
  url: string;
  types: EventType[];
}

const emptyForm: WebhookForm = { name: '', url: '', types: [] };

const bodyOf = (form: WebhookForm) => ({ name: form.name.trim(), url: form.url.trim(), types: form.types });

/** Name, URL and event types, the API's refusals beside each (or under them when they name none). */
function WebhookFields({ form, set, error }: { form: WebhookForm; set: (patch: Partial<WebhookForm>) => void; error: unknown }) {
  return (
    <>
      <div class="grid-form">
        <Field
          label={tw('name')}
          value={form.name}
          onValue={(name) => {
            set({ name });
          }}
          required
          maxLength={200}
          error={fieldErrors(error, 'name')}
        />
        <Field
          label={tw('url')}
          value={form.url}
          onValue={(url) => {
            set({ url });
          }}
          required
          maxLength={2000}
          hint={tw('urlHint')}
          autocomplete="off"
          error={fieldErrors(error, 'url')}
        />
      </div>
      <TypePicker
        value={form.types}
        onValue={(types) => {
          set({ types });
        }}
        error={fieldErrors(error, 'types')}
      />
      {error !== null && !fieldErrors(error, 'name', 'url', 'types') && <ErrorBox error={error} />}
    </>
  );
}

/** PUT /v1/webhooks/{id} (a Facturier extension): the webhook changed in place, its secret kept. */
function EditWebhook({ webhook, onSaved }: { webhook: Webhook; onSaved: () => void }) {
  const [form, setForm] = useState<WebhookForm>({ name: webhook.name, url: webhook.url, types: webhook.types });
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const save = async (e: Event) => {
    e.preventDefault();
    const container = e.currentTarget as HTMLElement;
    setError(null);
    setSaved(false);
    try {
      await call('PUT', '/v1/webhooks/{id}', { path: { id: webhook.id }, body: bodyOf(form) });
      setSaved(true);
      onSaved();
    } catch (err) {
      setError(err);
      focusFirstError(container);
    }
  };
  return (
    <form onSubmit={(e) => void save(e)} data-testid="edit-webhook" noValidate>
      <fieldset class="plain">
        <legend>{tw('edit')}</legend>
        <p class="hint">{tw('editHelp')}</p>
        <WebhookFields
          form={form}
          set={(patch) => {
            setSaved(false);
            setForm((f) => ({ ...f, ...patch }));
          }}
          error={error}
        />
        {saved && <Notice>{tw('saved')}</Notice>}
        <div class="actions">
          <button type="submit" class="primary">
            {tw('save')}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

export function WebhooksPage({ readOnly }: { readOnly: boolean }) {
  const list = useLoad(async () => {
    const items = await get('/v1/webhooks');
    return { items, total: items.length, pages: 1 };
  }, []);
  const [form, setForm] = useState<WebhookForm>(emptyForm);
  const set = (patch: Partial<WebhookForm>) => {
    setForm((f) => ({ ...f, ...patch }));
  };
  const [error, setError] = useState<unknown>(null);
  const [created, setCreated] = useState<Webhook | null>(null);
  const [removing, setRemoving] = useState<Webhook | null>(null);
  const [removeError, setRemoveError] = useState<unknown>(null);
  const create = async (e: Event) => {
    e.preventDefault();
    const container = e.currentTarget as HTMLElement;
    setError(null);
    try {
      const answer = await call('POST', '/v1/webhooks', { body: bodyOf(form) });
      setForm(emptyForm);
      if (answer.data.secretKey) setCreated(answer.data);
      list.reload();
    } catch (err) {
      setError(err);
      focusFirstError(container);
    }
  };
  const remove = async (w: Webhook) => {
    setRemoving(null);
    setRemoveError(null);
    try {
      await call('DELETE', '/v1/webhooks', { query: { id: w.id } });
      list.reload();
    } catch (err) {
      setRemoveError(err);
    }
  };
  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>{tw('webhooks')}</h1>
      </div>
      <p>{tw('webhooksHelp')}</p>
      <ListTable
        load={list}
        testId="webhooks"
        caption={tw('webhooks')}
        empty={tw('none')}
        columns={[
          { label: tw('name'), cell: (w: Webhook) => <a href={`#/webhooks/${w.id}`}>{w.name}</a> },
          { label: tw('url'), cell: (w) => <span class="break">{w.url}</span> },
          {
            label: tw('types'),
            cell: (w) => (
              <details>
                <summary>{tw('typesCount', { n: w.types.length })}</summary>
                <ul class="plain-list">
                  {w.types.map((type) => (
                    <li key={type}>{eventLabel(type)}</li>
                  ))}
                </ul>
              </details>
            ),
          },
          ...(readOnly
            ? []
            : [
                {
                  label: tw('actions'),
                  cell: (w: Webhook) => (
                    <button
                      type="button"
                      class="link"
                      aria-label={`${tw('remove')} ${w.name}`}
                      onClick={() => {
                        setRemoving(w);
                      }}
                    >
                      {tw('remove')}
                    </button>
                  ),
                },
              ]),
        ]}
      />
      {removeError !== null && <ErrorBox error={removeError} />}
      {removing && (
        <Confirm
          title={tw('removeTitle')}
          text={tw('removeText', { name: removing.name, url: removing.url })}
          confirmLabel={tw('remove')}
          danger
          onConfirm={() => void remove(removing)}
          onClose={() => {
            setRemoving(null);
          }}
        />
      )}
      {created && (
        <SecretShownOnce
          webhook={created}
          onClose={() => {
            setCreated(null);
          }}
        />
      )}
      {!readOnly && (
        <form onSubmit={(e) => void create(e)} data-testid="new-webhook" noValidate>
          <fieldset class="plain">
            <legend>{tw('newWebhook')}</legend>
            <WebhookFields form={form} set={set} error={error} />
            <div class="actions">
              <button type="submit" class="primary">
                {tw('create')}
              </button>
            </div>
          </fieldset>
        </form>
      )}
    </>
  );
}

const dateTime = (iso: string | null) => (iso ? `${date(iso.slice(0, 10))} ${iso.slice(11, 16)}` : '');

export function WebhookPage({ id, readOnly }: { id: string; readOnly: boolean }) {
  const webhook = useLoad(async () => (await get('/v1/webhooks')).find((w) => String(w.id) === id) ?? null, [id]);
  const [page, setPage] = useState(1);
  const deliveries = useLoad(
    () => getPage('/v1/webhooks/{id}/deliveries', { path: { id: Number(id) }, query: { PageIndex: page, PageSize: 20 } }),
    [id, page],
  );
  const [error, setError] = useState<unknown>(null);
  const redeliver = async (d: Delivery) => {
    setError(null);
    try {
      await call('POST', '/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver', { path: { id: Number(id), deliveryId: d.id } });
      deliveries.reload();
    } catch (err) {
      setError(err);
    }
  };
  if (webhook.loading && !webhook.data) return <Loading />;
  if (webhook.error !== undefined) return <ErrorBox error={webhook.error} retry={webhook.reload} />;
  const w = webhook.data;
  if (!w)
    return (
      <>
        <h1 tabIndex={-1}>{tw('webhooks')}</h1>
        <p>{tw('notFound')}</p>
        <a href="#/webhooks">{tw('back')}</a>
      </>
    );
  return (
    <>
      <p>
        <a href="#/webhooks">{tw('back')}</a>
      </p>
      <div class="page-head">
        <h1 tabIndex={-1}>{w.name}</h1>
      </div>
      <dl class="facts">
        <dt>{tw('url')}</dt>
        <dd class="break">{w.url}</dd>
        <dt>{tw('types')}</dt>
        <dd class="break">
          <ul class="plain-list">
            {w.types.map((type) => (
              <li key={type}>{eventLabel(type)}</li>
            ))}
          </ul>
        </dd>
      </dl>
      {!readOnly && <EditWebhook key={w.id} webhook={w} onSaved={webhook.reload} />}
      <h2>{tw('deliveries')}</h2>
      {error !== null && <ErrorBox error={error} />}
      <ListTable
        load={deliveries}
        testId="webhook-deliveries"
        caption={tw('deliveries')}
        empty={tw('noDelivery')}
        page={page}
        onPage={setPage}
        columns={[
          { label: tw('createdAt'), cell: (d: Delivery) => dateTime(d.createdAt) },
          { label: tw('event'), cell: (d) => eventLabel(d.eventType) },
          {
            label: tw('status'),
            cell: (d) => (
              <span class={`badge${d.status === 'Delivered' ? ' paid' : d.status === 'Pending' ? ' draft' : ' failed'}`}>
                {tw(d.status)}
              </span>
            ),
          },
          { label: tw('attempts'), cell: (d) => d.attempts, num: true },
          {
            label: tw('lastAnswer'),
            cell: (d) =>
              [
                d.lastStatusCode === null ? (d.attempts ? tw('noAnswer') : '') : `HTTP ${d.lastStatusCode}`,
                d.lastError,
                d.status === 'Pending' && d.nextAttemptAt ? tw('nextAttempt', { at: dateTime(d.nextAttemptAt) }) : '',
              ]
                .filter(Boolean)
                .join(' · '),
          },
          ...(readOnly
            ? []
            : [
                {
                  label: tw('actions'),
                  cell: (d: Delivery) => (
                    <button type="button" class="link" onClick={() => void redeliver(d)}>
                      {tw('redeliver')}
                    </button>
                  ),
                },
              ]),
        ]}
      />
    </>
  );
}
