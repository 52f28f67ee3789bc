// The e-invoicing platform in the console (issue #26, docs/einvoicing-platform.md): where a sale
// document stands on the plateforme agréée and its lifecycle timeline, with "transmit" when it waits
// or was refused; the supplier invoices received, their timeline and the buyer's answers (take in,
// approve, dispute, refuse, payment sent). Every action is the API's own.
import { useState } from 'preact/hooks';
import { BUYER_REASON_CODES } from '../../../src/domain/lifecycle';
import { call, getPage } from '../api';
import type { paths, Schemas } from '../api-types';
import { date, money } from '../format';
import { t, type Key } from '../i18n';
import { Dialog, ErrorBox, Field, fieldErrors, ListTable, Loading, Select, Table, useLoad } from '../ui';
import { PurchaseCorrect, PurchaseFacts, PurchaseUpload, type PurchaseDetails } from './purchases';
import { PurchasePayments } from './supplier-payments';

/** An entry of a document's lifecycle on the platform (EInvoicingStatusEntry). */
export type StatusEntry = Schemas['EInvoicingStatusEntry'];

/** Where a document stands on the plateforme agréée (EInvoicingStatus). */
export type EInvoicingStatus = Schemas['EInvoicingStatus'];

const dateTime = (iso: string) => `${date(iso.slice(0, 10))} ${iso.slice(11, 16)}`;

/** The short state shown in a list: the status in force, else where the transmission stands. */
export function einvoicingLabel(status: EInvoicingStatus | null | undefined): string {
  if (!status) return '';
  if (status.code) return `${status.code} ${status.label ?? ''}`.trim();
  return t(`transmission${status.transmission}` as Key);
}

export function Timeline({ entries }: { entries: StatusEntry[] }) {
  return (
    <Table
      rows={entries}
      testId="einvoicing-timeline"
      caption={t('timeline')}
      empty={t('timelineEmpty')}
      rowClass={(e) => (e.applied ? undefined : 'set-aside')}
      columns={[
        {
          label: t('statusCode'),
          cell: (e) => (
            <>
              <strong>{e.code}</strong> {e.label}
              {e.applied ? '' : ` (${t('setAside')})`}
            </>
          ),
        },
        { label: t('date'), cell: (e) => dateTime(e.statusAt) },
        { label: t('emitter'), cell: (e) => t(`emitter${e.emitter}` as Key) },
        {
          label: t('reason'),
          cell: (e) => (
            <>
              {[e.reasonCode, e.reason, e.note].filter(Boolean).join(' — ')}
              {e.amounts?.length
                ? ` ${e.amounts.map((a) => `${a.amount ?? '?'} ${a.currency ?? ''} (${a.percent ?? '?'} %)`).join(', ')}`
                : ''}
            </>
          ),
        },
      ]}
    />
  );
}

/** A finalized invoice's or credit's place on the platform: status, what to do next, timeline, transmit. */
export function EInvoicingPanel({
  kind,
  id,
  status,
  entries,
  readOnly,
  reload,
}: {
  kind: 'invoice' | 'credit';
  id: number;
  status: EInvoicingStatus;
  entries: StatusEntry[];
  readOnly: boolean;
  reload: () => void;
}) {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const transmit = async () => {
    setBusy(true);
    setError(null);
    try {
      await call('POST', kind === 'invoice' ? '/v1/saleinvoices/transmit/{id}' : '/v1/salecredits/transmit/{id}', { path: { id } });
      reload();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const canTransmit = !readOnly && (status.transmission === 'WaitingForTransmission' || status.transmission === 'TransmissionRefused');
  const alert = status.transmission === 'TransmissionRefused' || status.code === '210' || status.code === '213';
  return (
    <section class="einvoicing" aria-labelledby="einvoicing-title" data-testid="einvoicing-panel">
      <h2 id="einvoicing-title">{t('einvoicingTitle')}</h2>
      <dl class="facts">
        <dt>{t('transmission')}</dt>
        <dd data-testid="transmission">{t(`transmission${status.transmission}` as Key)}</dd>
        {status.code && (
          <>
            <dt>{t('einvoicingStatus')}</dt>
            <dd data-testid="einvoicing-status">
              <span class={`badge ${status.processed && !alert ? 'paid' : ''}`}>{einvoicingLabel(status)}</span>
              {status.processed ? ` · ${t('processed')}` : ''}
            </dd>
          </>
        )}
      </dl>
      {status.transmissionMessage && <p class={alert ? 'error' : 'notice'}>{status.transmissionMessage}</p>}
      {status.nextStep && (
        <p class={alert ? 'error' : 'notice'} role="status" data-testid="next-step">
          <strong>{t('nextStep')}</strong> {status.nextStep}
        </p>
      )}
      <Timeline entries={entries} />
      {error !== null && <ErrorBox error={error} />}
      {canTransmit && (
        <div class="actions">
          <button type="button" class="primary" disabled={busy} onClick={() => void transmit()}>
            {t('transmitNow')}
          </button>
        </div>
      )}
    </section>
  );
}

// --- received supplier invoices ------------------------------------------------------------------

const ACTIONS = ['TakenOver', 'Approved', 'Disputed', 'Refused', 'PaymentSent'] as const;
type Action = (typeof ACTIONS)[number];
type ReasonCode = NonNullable<paths['/v1/purchaseinvoices/einvoicingstatus/{id}']['post']['parameters']['query']['reasonCode']>;
const REASONS: Record<'Disputed' | 'Refused', readonly string[]> = {
  Disputed: BUYER_REASON_CODES['207'],
  Refused: BUYER_REASON_CODES['210'],
};

const PAGE_SIZE = 20;

/** A row of the received supplier invoices (PurchaseInvoice). */
type Purchase = PurchaseDetails & Pick<Schemas['PurchaseInvoice'], 'supplier'>;

export function ReceivedPage({ readOnly }: { readOnly: boolean }) {
  const [page, setPage] = useState(1);
  const list = useLoad(() => getPage('/v1/purchaseinvoices', { query: { PageIndex: page, PageSize: PAGE_SIZE } }), [page]);
  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>{t('received')}</h1>
      </div>
      <p>{t('receivedHelp')}</p>
      {!readOnly && <PurchaseUpload />}
      <ListTable
        load={list}
        caption={t('received')}
        empty={t('empty')}
        page={page}
        onPage={setPage}
        columns={[
          {
            label: t('number'),
            cell: (p: Purchase) => <a href={`#/received/${p.id}`}>{p.reference ?? p.subject ?? `#${p.id}`}</a>,
          },
          { label: t('date'), cell: (p) => date(p.date) },
          { label: t('supplier'), cell: (p) => p.supplier?.name },
          { label: t('total'), cell: (p) => money(p.taxIncludedAmount), num: true },
        ]}
      />
    </>
  );
}

export function ReceivedInvoicePage({ id, readOnly }: { id: string; readOnly: boolean }) {
  const loaded = useLoad(async () => {
    const [purchase, timeline] = await Promise.all([
      call('GET', '/v1/purchaseinvoices/{id}', { path: { id: Number(id) } }),
      call('GET', '/v1/purchaseinvoices/einvoicingstatuses/{id}', { path: { id: Number(id) } }),
    ]);
    return { purchase: purchase.data, timeline: timeline.data };
  }, [id]);
  const [asking, setAsking] = useState<Action | null>(null);
  // A reload after a correction or a payment keeps the page (and what its forms say) in place.
  if (loaded.loading && !loaded.data) return <Loading />;
  if (loaded.error !== undefined || !loaded.data) return <ErrorBox error={loaded.error} retry={loaded.reload} />;
  const { purchase, timeline } = loaded.data;
  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>
          {t('receivedInvoice')} {purchase.reference ?? `#${purchase.id}`}
        </h1>
        <a href="#/received">{t('backToList')}</a>
      </div>
      <dl class="facts">
        <dt>{t('supplier')}</dt>
        <dd>{purchase.supplier?.name}</dd>
        <dt>{t('date')}</dt>
        <dd>{date(purchase.date)}</dd>
        <dt>{t('total')}</dt>
        <dd>{money(purchase.taxIncludedAmount)}</dd>
      </dl>
      <PurchaseFacts purchase={purchase} />
      {!readOnly && <PurchaseCorrect key={purchase.id} purchase={purchase} onSaved={loaded.reload} />}
      {(!readOnly || purchase.taxIncludedAmount !== purchase.balance) && (
        <PurchasePayments purchase={purchase} readOnly={readOnly} onChange={loaded.reload} />
      )}
      <section aria-labelledby="received-timeline">
        <h2 id="received-timeline">{t('timeline')}</h2>
        <Timeline entries={timeline} />
      </section>
      {!readOnly && (
        <div class="actions">
          {ACTIONS.map((a) => (
            <button
              key={a}
              type="button"
              class={a === 'Refused' ? 'danger' : a === 'Approved' ? 'primary' : ''}
              onClick={() => {
                setAsking(a);
              }}
            >
              {t(`answer${a}` as Key)}
            </button>
          ))}
        </div>
      )}
      {asking && (
        <AnswerDialog
          id={purchase.id}
          action={asking}
          onDone={() => {
            setAsking(null);
            loaded.reload();
          }}
          onClose={() => {
            setAsking(null);
          }}
        />
      )}
    </>
  );
}

function AnswerDialog({ id, action, onDone, onClose }: { id: number; action: Action; onDone: () => void; onClose: () => void }) {
  const needsReason = action === 'Disputed' || action === 'Refused';
  const [reasonCode, setReasonCode] = useState(needsReason ? REASONS[action][0] : '');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      await call('POST', '/v1/purchaseinvoices/einvoicingstatus/{id}', {
        path: { id },
        query: {
          action,
          // One of REASONS[action], the codes of the AFNOR XP Z12-012 lists the schema enumerates.
          ...(needsReason ? { reasonCode: reasonCode as ReasonCode } : {}),
          ...(reason.trim() ? { reason: reason.trim() } : {}),
        },
      });
      onDone();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={t(`answer${action}` as Key)}
      onClose={onClose}
      actions={
        <>
          <button type="button" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="button" class="primary" disabled={busy} onClick={() => void send()}>
            {t('send')}
          </button>
        </>
      }
    >
      <p>{t(`answer${action}Help` as Key)}</p>
      {needsReason && (
        <Select
          label={t('reasonCode')}
          value={reasonCode}
          onValue={setReasonCode}
          options={REASONS[action].map((r) => [r, r] as [string, string])}
        />
      )}
      <Field label={t('reason')} value={reason} onValue={setReason} />
      {error !== null && <ErrorBox error={error} />}
    </Dialog>
  );
}

// --- the connection, in the settings -------------------------------------------------------------

/** The platform connection of the settings (settings.einvoicing.platform; the token is write-only). */
export type PlatformConnection = NonNullable<Schemas['Settings']['einvoicing']['platform']>;

/** GET /v1/einvoicing/platform/healthcheck. */
type Health = Schemas['PlatformHealth'];

/**
 * The plateforme agréée: its Flow and Directory Service URLs and the token (write-only: the field is
 * empty, and left empty keeps the stored one), saved on their own (`PUT /v1/settings` with
 * `einvoicing.platform` only), and the connection test (`GET /v1/einvoicing/platform/healthcheck`).
 */
export function PlatformSettings({ initial, onSaved }: { initial: PlatformConnection | null; onSaved: (etag: string | null) => void }) {
  const [flow, setFlow] = useState(initial?.flowServiceUrl ?? '');
  const [directory, setDirectory] = useState(initial?.directoryServiceUrl ?? '');
  const [token, setToken] = useState('');
  const [hasToken, setHasToken] = useState(initial?.hasToken ?? false);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const [health, setHealth] = useState<Health | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setSaved(false);
    setHealth(null);
    const platform = flow.trim()
      ? { flowServiceUrl: flow.trim(), directoryServiceUrl: directory.trim() || null, ...(token.trim() ? { token: token.trim() } : {}) }
      : null;
    try {
      const answer = await call('PUT', '/v1/settings', {
        body: { einvoicing: { platform } },
      });
      setHasToken(answer.data.einvoicing.platform?.hasToken ?? false);
      setToken('');
      setSaved(true);
      onSaved(answer.etag);
    } catch (err) {
      setError(err);
    }
    setBusy(false);
  };
  const test = async () => {
    setBusy(true);
    setError(null);
    setHealth(null);
    try {
      setHealth((await call('GET', '/v1/einvoicing/platform/healthcheck')).data);
    } catch (err) {
      setError(err);
    }
    setBusy(false);
  };
  const err = (name: string) => fieldErrors(error, `einvoicing.platform.${name}`);
  const check = (label: string, c: Health['flowService']) => (
    <li class={c.ok ? 'sev-ok' : 'sev-error'}>
      {label} : {c.ok ? t('connectionOk') : t('connectionFailed', { message: c.message ?? '' })}
    </li>
  );
  return (
    <form class="card" onSubmit={(e) => void save(e)} aria-labelledby="platform-title" data-testid="platform-settings" noValidate>
      <h2 id="platform-title">{t('platformSection')}</h2>
      <p>{t('platformHelp')}</p>
      <Field label={t('flowServiceUrl')} value={flow} onValue={setFlow} error={err('flowServiceUrl')} />
      <Field label={t('directoryServiceUrl')} value={directory} onValue={setDirectory} error={err('directoryServiceUrl')} />
      <Field
        label={t('platformToken')}
        type="password"
        autocomplete="off"
        value={token}
        onValue={setToken}
        hint={hasToken ? t('platformTokenSet') : undefined}
        error={err('token')}
      />
      {error !== null && !err('flowServiceUrl') && !err('directoryServiceUrl') && !err('token') && <ErrorBox error={error} />}
      {saved && <p role="status">{t('saved')}</p>}
      {health && (
        <div role="status">
          <ul data-testid="platform-health">
            {check(t('flowServiceUrl'), health.flowService)}
            {check(t('directoryServiceUrl'), health.directoryService)}
          </ul>
          <p>
            {t('webhookUrlHelp')} <code data-testid="platform-webhook-url">{health.webhookUrl}</code>
          </p>
        </div>
      )}
      <div class="actions">
        <button type="submit" class="primary" disabled={busy}>
          {t('saveConnection')}
        </button>
        <button type="button" disabled={busy || !hasToken} onClick={() => void test()}>
          {t('testConnection')}
        </button>
      </div>
    </form>
  );
}
