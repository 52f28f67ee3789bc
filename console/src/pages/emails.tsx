// E-mails sent (issue #31, docs/delivery.md): every message the send endpoints queued, newest first,
// with its document, recipients, subject and what became of it (queued, sent, failed and why), from
// GET /v1/emails, filtered by status as the API filters.
import { useState } from 'preact/hooks';
import { getPage } from '../api';
import type { paths, Schemas } from '../api-types';
import { dictionary } from '../dict';
import { date } from '../format';
import { Filters, ListTable, useLoad } from '../ui';
import '../tools.css';

type EmailStatus = NonNullable<NonNullable<paths['/v1/emails']['get']['parameters']['query']>['Status']>;

export const tm = dictionary(
  {
    emails: 'E-mails envoyés',
    emailsHelp: 'Les factures, avoirs et devis envoyés par e-mail depuis la console ou par l’API, les plus récents d’abord.',
    all: 'Tous',
    Queued: 'En attente',
    Sent: 'Envoyé',
    Failed: 'Échec',
    filter: 'Filtrer par état',
    date: 'Date',
    document: 'Document',
    to: 'Destinataires',
    subject: 'Objet',
    status: 'État',
    attachment: 'Pièce jointe',
    attempts: '{n} tentative(s) · {error}',
    Invoice: 'Facture',
    Credit: 'Avoir',
    Quote: 'Devis',
    none: 'Aucun e-mail.',
  },
  {
    emails: 'E-mails sent',
    emailsHelp: 'Invoices, credit notes and quotes sent by e-mail from the console or the API, newest first.',
    all: 'All',
    Queued: 'Queued',
    Sent: 'Sent',
    Failed: 'Failed',
    filter: 'Filter by status',
    date: 'Date',
    document: 'Document',
    to: 'Recipients',
    subject: 'Subject',
    status: 'Status',
    attachment: 'Attachment',
    attempts: '{n} attempt(s) · {error}',
    Invoice: 'Invoice',
    Credit: 'Credit note',
    Quote: 'Quote',
    none: 'No e-mail.',
  },
);

/** An e-mail sent (EmailMessage). */
type EmailMessage = Pick<
  Schemas['EmailMessage'],
  | 'id'
  | 'documentId'
  | 'documentNumber'
  | 'status'
  | 'to'
  | 'cc'
  | 'subject'
  | 'attachment'
  | 'attempts'
  | 'lastError'
  | 'createdAt'
  | 'sentAt'
> & {
  // The schema declares documentType as any string; the console deliberately narrows it to the three
  // kinds it links to (the API sends no other).
  documentType: 'Invoice' | 'Credit' | 'Quote';
} & Pick<Schemas['EmailMessage'], 'documentType'>;

const SECTION = { Invoice: 'invoices', Credit: 'credits', Quote: 'quotes' } as const;
const PAGE_SIZE = 20;
const STATUSES: readonly ('' | EmailStatus)[] = ['', 'Queued', 'Sent', 'Failed'];

export function EmailsPage() {
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('');
  const [page, setPage] = useState(1);
  const list = useLoad(
    () =>
      getPage('/v1/emails', { query: { PageIndex: page, PageSize: PAGE_SIZE, ...(status ? { Status: status } : {}) } }).then(
        // documentType narrowed to the three kinds (EmailMessage above).
        (p) => ({ ...p, items: p.items as EmailMessage[] }),
      ),
    [page, status],
  );
  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>{tm('emails')}</h1>
      </div>
      <p>{tm('emailsHelp')}</p>
      <Filters
        label={tm('filter')}
        href="#/emails"
        value={status}
        options={STATUSES.map((s) => [s, s ? tm(s) : tm('all')] as const)}
        onValue={(s) => {
          setStatus(s);
          setPage(1);
        }}
      />
      <ListTable
        load={list}
        testId="emails"
        caption={tm('emails')}
        empty={tm('none')}
        page={page}
        onPage={setPage}
        columns={[
          { label: tm('date'), cell: (m: EmailMessage) => date(m.sentAt ?? m.createdAt) },
          {
            label: tm('document'),
            cell: (m) => (
              <a href={`#/${SECTION[m.documentType]}/${m.documentId}`}>
                {tm(m.documentType)} {m.documentNumber ?? `#${m.documentId}`}
              </a>
            ),
          },
          { label: tm('to'), cell: (m) => [...m.to, ...m.cc].join(', ') },
          {
            label: tm('subject'),
            cell: (m) => (
              <>
                {m.subject}
                {m.attachment && <span class="hint"> · {m.attachment}</span>}
              </>
            ),
          },
          {
            label: tm('status'),
            cell: (m) => (
              <>
                <span class={`badge${m.status === 'Sent' ? ' paid' : m.status === 'Queued' ? ' draft' : ' failed'}`}>{tm(m.status)}</span>
                {m.lastError && <span class="hint"> {tm('attempts', { n: m.attempts, error: m.lastError })}</span>}
              </>
            ),
          },
        ]}
      />
    </>
  );
}
