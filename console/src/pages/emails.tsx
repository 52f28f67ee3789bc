// E-mails sent (issue #31, docs/delivery.md): every message the send endpoints queued, newest first,
// with its document, recipients, subject and what became of it (queued, sent, failed and why), from
// GET /v1/emails, filtered by status as the API filters.
import { useState } from 'preact/hooks';
import { getPage } from '../api';
import type { paths, Schemas } from '../api-types';

type EmailStatus = NonNullable<NonNullable<paths['/v1/emails']['get']['parameters']['query']>['Status']>;
import { dictionary } from '../dict';
import { date } from '../format';
import { ErrorBox, Loading, Pager, useLoad } from '../ui';
import '../tools.css';

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

export function EmailsPage() {
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const list = useLoad(
    () =>
      getPage('/v1/emails', { query: { PageIndex: page, PageSize: PAGE_SIZE, ...(status ? { Status: status as EmailStatus } : {}) } }).then(
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
      <nav class="filters" aria-label={tm('filter')}>
        {(['', 'Queued', 'Sent', 'Failed'] as const).map((s) => (
          <a
            key={s}
            href="#/emails"
            aria-current={status === s ? 'true' : undefined}
            onClick={(e) => {
              e.preventDefault();
              setStatus(s);
              setPage(1);
            }}
          >
            {s ? tm(s) : tm('all')}
          </a>
        ))}
      </nav>
      {list.loading && <Loading />}
      {list.error !== undefined && <ErrorBox error={list.error} retry={list.reload} />}
      {list.data && !list.loading && (
        <>
          {list.data.items.length === 0 ? (
            <p>{tm('none')}</p>
          ) : (
            <div class="table-wrap">
              <table data-testid="emails">
                <caption class="visually-hidden">{tm('emails')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{tm('date')}</th>
                    <th scope="col">{tm('document')}</th>
                    <th scope="col">{tm('to')}</th>
                    <th scope="col">{tm('subject')}</th>
                    <th scope="col">{tm('status')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.items.map((m) => (
                    <tr key={m.id}>
                      <td data-label={tm('date')}>{date(m.sentAt ?? m.createdAt)}</td>
                      <td data-label={tm('document')}>
                        <a href={`#/${SECTION[m.documentType]}/${m.documentId}`}>
                          {tm(m.documentType)} {m.documentNumber ?? `#${m.documentId}`}
                        </a>
                      </td>
                      <td data-label={tm('to')}>{[...m.to, ...m.cc].join(', ')}</td>
                      <td data-label={tm('subject')}>
                        {m.subject}
                        {m.attachment && <span class="hint"> · {m.attachment}</span>}
                      </td>
                      <td data-label={tm('status')}>
                        <span class={`badge${m.status === 'Sent' ? ' paid' : m.status === 'Queued' ? ' draft' : ' failed'}`}>
                          {tm(m.status)}
                        </span>
                        {m.lastError && <span class="hint"> {tm('attempts', { n: m.attempts, error: m.lastError })}</span>}
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
