// E-reporting use cases (docs/ereporting.md): the account's periods and where each stands, the Flux 10
// file of a period, its transmission through the account's plateforme agréée (the same connection and
// client as e-invoicing, an outbox-like schedule: never twice, retried while the PA is down), the PA's
// acknowledgement, rectifying reports, and "what the tax office sees" beside the books.
import { createHash, randomUUID } from 'node:crypto';
import Big from 'big.js';
import type { AppContext } from '../../context.js';
import { transaction } from '../../db/transaction.js';
import { todayIn } from '../../domain/dates.js';
import {
  addDays,
  calendarState,
  isIsoDate,
  parsePeriodId,
  periodContaining,
  periodId,
  periodsBetween,
  regimeFromVatSettings,
  type ReportingPeriod,
  type VatRegime,
} from '../../domain/ereporting-calendar.js';
import { writeFlux10 } from '../../einvoicing/flux10.js';
import { InvalidStateError, NotFoundError, ValidationError } from '../../errors.js';
import { backoffMs, RETRY_WINDOW_MS } from '../../jobs/runner.js';
import { clientFor, PlatformError, type Flow } from '../platform/index.js';
import { purchaseInvoiceBatches } from '../purchases/index.js';
import { getAccountSettings, readPlatformConnection } from '../settings/index.js';
import {
  collectionsOf,
  contentOf,
  documentsOf,
  vatOnReceipt,
  purchasesContent,
  type Declarant,
  type DeclaredTotals,
  type PeriodContent,
} from './build.js';
import * as repo from './repo.js';

export interface EReportingContext {
  ctx: AppContext;
  clock: () => number;
}

const KINDS = ['Sales', 'Purchases', 'Payments'] as const;

interface AccountView {
  regime: VatRegime;
  regimeSource: 'Settings' | 'DerivedFromVat';
  registration: string | null;
  me: Declarant;
  today: string;
}

async function accountView(p: EReportingContext, accountId: number): Promise<AccountView> {
  const s = await getAccountSettings(p.ctx.db.kysely, accountId);
  const chosen = s.einvoicing.ereporting.vatRegime;
  const siret = s.company.siret?.replace(/\s/g, '') ?? '';
  return {
    regime: chosen ?? regimeFromVatSettings(s.vat),
    regimeSource: chosen ? 'Settings' : 'DerivedFromVat',
    registration: s.einvoicing.ereporting.platformRegistrationNumber,
    me: {
      siren: /^\d{9}(\d{5})?$/.test(siret) ? siret.slice(0, 9) : null,
      name: s.company.name?.trim() || 'Déclarant',
      vatNumber: s.company.vatNumber?.replace(/\s/g, '').toUpperCase() || null,
      countryIso: (s.company.invoicingAddress?.countryIso || 'FR').toUpperCase(),
    },
    today: todayIn(s.general.timezone || 'Europe/Paris', new Date(p.clock())),
  };
}

/** The period an id names, checked against the account's calendar. */
function periodOf(view: AccountView, id: string): ReportingPeriod {
  const parsed = parsePeriodId(id);
  if (!parsed) throw new NotFoundError('E-reporting period', id);
  const period = periodContaining(view.regime, parsed.kind, parsed.start);
  if (period.start !== parsed.start || period.end !== parsed.end) throw new NotFoundError('E-reporting period', id);
  return period;
}

async function content(p: EReportingContext, accountId: number, view: AccountView, period: ReportingPeriod) {
  const c = await contentOf(p.ctx.db.kysely, accountId, view.me, period.kind, period.start, period.end);
  if (!view.registration)
    c.blocking.unshift({
      document: null,
      reason:
        "the PA's registration number is not set (einvoicing.ereporting.platformRegistrationNumber): it is the sender of every Flux 10 report",
    });
  return c;
}

/** What a report declares, without its header: two builds of the same books give the same key. */
function contentKey(c: PeriodContent): string {
  return createHash('sha256').update(JSON.stringify(c.report)).digest('hex');
}

function fileOf(view: AccountView, c: PeriodContent, pid: string, sequence: number, typeCode: 'IN' | 'RE', issuedAt: string) {
  const role = pid.startsWith('A-') ? 'BY' : 'SE';
  const reportId = `${view.me.siren}-${pid}-${sequence}`;
  const xml = writeFlux10(
    {
      id: reportId,
      issuedAt,
      typeCode,
      platform: { id: view.registration ?? '', name: `Plateforme agréée ${view.registration ?? ''}`.trim() },
      declarant: { siren: view.me.siren ?? '', name: view.me.name, role },
    },
    c.report,
  );
  return { reportId, xml };
}

/** Has a report of these been received by the PA (acknowledged or not yet answered)? Then the next one rectifies it. */
const received = (r: repo.ReportRow) => r.state === 'Submitted' && r.ackStatus !== 'Error';

export type PeriodStatus = 'Open' | 'Due' | 'NothingToReport' | 'Queued' | 'Sent' | 'Accepted' | 'Rejected';

function transmissionOf(r: repo.ReportRow) {
  return {
    reportId: r.reportId,
    sequence: r.sequence,
    typeCode: r.typeCode,
    state: r.state === 'Pending' ? 'WaitingForTransmission' : r.state === 'Submitted' ? 'Transmitted' : 'TransmissionRefused',
    flowId: r.flowId,
    acknowledgement: r.ackStatus,
    message: r.state === 'Submitted' ? r.ackMessage : r.lastError,
    createdAt: r.createdAt,
    submittedAt: r.submittedAt,
  };
}

function present(view: AccountView, period: ReportingPeriod, c: PeriodContent, reports: repo.ReportRow[]) {
  const latest = reports.at(-1) ?? null;
  const calendar = calendarState(period, view.today);
  let status: PeriodStatus;
  if (!latest) status = calendar === 'Open' ? 'Open' : c.entries === 0 && !c.blocking.length ? 'NothingToReport' : 'Due';
  else if (latest.state === 'Pending') status = 'Queued';
  else if (latest.state === 'Failed' || latest.ackStatus === 'Error') status = 'Rejected';
  else status = latest.ackStatus === 'Ok' ? 'Accepted' : 'Sent';
  const key = contentKey(c);
  const lastReceived = [...reports].reverse().find(received);
  return {
    id: periodId(period),
    kind: period.kind,
    start: period.start,
    end: period.end,
    deadline: period.deadline,
    status,
    late:
      view.today > period.deadline &&
      !(lastReceived && lastReceived.createdAt.slice(0, 10) <= period.deadline) &&
      status !== 'NothingToReport',
    entries: c.entries,
    totals: c.totals.rates,
    blocking: c.blocking,
    rectificationDue: Boolean(lastReceived && lastReceived.contentKey !== key),
    transmission: latest ? transmissionOf(latest) : null,
    reports: reports.map(transmissionOf),
  };
}

export async function listPeriods(p: EReportingContext, accountId: number, query: { from?: string; to?: string }) {
  const view = await accountView(p, accountId);
  const errors = [];
  if (query.from !== undefined && !isIsoDate(query.from)) errors.push({ field: 'from', message: 'a date YYYY-MM-DD, years 2000 to 2099' });
  if (query.to !== undefined && !isIsoDate(query.to)) errors.push({ field: 'to', message: 'a date YYYY-MM-DD, years 2000 to 2099' });
  if (errors.length) throw new ValidationError(errors);
  const to = query.to ?? view.today;
  // Default: from the first day of the month before `to`'s month.
  const from = query.from ?? `${addDays(`${to.slice(0, 8)}01`, -1).slice(0, 8)}01`;
  if (from > to) throw ValidationError.field('from', `${from} is after to (${to})`);
  if (addDays(from, 400) < to) throw ValidationError.field('to', 'at most 400 days from from');
  const periods = KINDS.flatMap((kind) => periodsBetween(view.regime, kind, from, to));
  periods.sort((a, b) => (a.deadline === b.deadline ? a.kind.localeCompare(b.kind) : a.deadline.localeCompare(b.deadline)));
  const reports = await repo.reportsOf(p.ctx.db.kysely, accountId, periods.map(periodId));
  const out = [];
  for (const period of periods) {
    const c = await content(p, accountId, view, period);
    out.push(
      present(
        view,
        period,
        c,
        reports.filter((r) => r.periodId === periodId(period)),
      ),
    );
  }
  return { regime: view.regime, regimeSource: view.regimeSource, today: view.today, periods: out };
}

export async function getPeriod(p: EReportingContext, accountId: number, id: string) {
  const view = await accountView(p, accountId);
  const period = periodOf(view, id);
  const c = await content(p, accountId, view, period);
  return present(view, period, c, await repo.reportsOf(p.ctx.db.kysely, accountId, [id]));
}

function refuseBlocked(c: PeriodContent, id: string) {
  if (!c.blocking.length) return;
  throw new InvalidStateError(
    `Period ${id} cannot be reported until these are resolved: ${c.blocking.map((b) => (b.document ? `${b.document}: ${b.reason}` : b.reason)).join('; ')}`,
  );
}

/**
 * The Flux 10 file of a period: the one last sent when the books have not changed since, otherwise
 * the one that sending would transmit now (a rectifying report once a report was received).
 */
export async function periodFile(p: EReportingContext, accountId: number, id: string, sequence?: number) {
  const view = await accountView(p, accountId);
  const period = periodOf(view, id);
  const reports = await repo.reportsOf(p.ctx.db.kysely, accountId, [id]);
  if (sequence !== undefined) {
    const r = reports.find((x) => x.sequence === sequence);
    if (!r) throw new NotFoundError(`Report ${sequence} of period`, id);
    return { xml: r.content, reportId: r.reportId };
  }
  const c = await content(p, accountId, view, period);
  refuseBlocked(c, id);
  const latest = reports.at(-1);
  if (latest && latest.contentKey === contentKey(c) && latest.state !== 'Failed' && latest.ackStatus !== 'Error')
    return { xml: latest.content, reportId: latest.reportId };
  const sequence0 = latest ? latest.sequence + (latest.state === 'Pending' ? 0 : 1) : 0;
  return fileOf(view, c, id, sequence0, reports.some(received) ? 'RE' : 'IN', new Date(p.clock()).toISOString());
}

/** POST …/send: queues the period's report (idempotent: the same content is never queued twice) and tries at once. */
export async function sendPeriod(p: EReportingContext, accountId: number, id: string) {
  const view = await accountView(p, accountId);
  const period = periodOf(view, id);
  if (view.today <= period.end) throw new InvalidStateError(`Period ${id} runs until ${period.end}: it is reported once it has ended`);
  if (!(await readPlatformConnection(p.ctx.db.kysely, accountId)))
    throw new InvalidStateError(
      'No e-invoicing platform is set: PUT /v1/settings with einvoicing.platform = { flowServiceUrl, directoryServiceUrl, token }',
    );
  const c = await content(p, accountId, view, period);
  refuseBlocked(c, id);
  const key = contentKey(c);
  const db = p.ctx.db.kysely;
  const now = p.clock();
  for (let attempt = 0; attempt < 3; attempt++) {
    const reports = await repo.reportsOf(db, accountId, [id]);
    const latest = reports.at(-1);
    if (latest && latest.contentKey === key && latest.state !== 'Failed' && latest.ackStatus !== 'Error') break;
    const typeCode = reports.some(received) ? 'RE' : 'IN';
    if (latest?.state === 'Pending' && latest.lockedUntil && Number(latest.lockedUntil) > now)
      throw new InvalidStateError(
        `A report of period ${id} is being transmitted right now and the books changed since: send again once it is (GET the period)`,
      );
    if (latest?.state === 'Pending') {
      // Never sent yet: it carries the books as they are now.
      const file = fileOf(view, c, id, latest.sequence, typeCode, new Date(now).toISOString());
      await repo.updateReport(db, latest.id, { content: file.xml, contentKey: key, totals: JSON.stringify(c.totals), typeCode });
      break;
    }
    const sequence = latest ? latest.sequence + 1 : 0;
    const file = fileOf(view, c, id, sequence, typeCode, new Date(now).toISOString());
    const inserted = await repo.insertReport(db, {
      accountId,
      periodId: id,
      kind: period.kind,
      periodStart: period.start,
      periodEnd: period.end,
      sequence,
      typeCode,
      reportId: file.reportId,
      content: file.xml,
      contentKey: key,
      totals: JSON.stringify(c.totals),
      trackingId: randomUUID(),
      state: 'Pending',
      nextAttemptAt: now,
      createdAt: new Date(now).toISOString(),
      updatedAt: new Date(now).toISOString(),
    });
    if (inserted) break;
  }
  const latest = (await repo.reportsOf(db, accountId, [id])).at(-1);
  if (latest?.state === 'Pending') await runReports(p, now, { accountId, id: latest.id });
  return getPeriod(p, accountId, id);
}

function processingRuleOf(content: string): 'B2C' | 'B2BInt' {
  return content.includes('<Transactions>') ? 'B2C' : 'B2BInt';
}

function acknowledgementOf(flow: Flow): { ackStatus: 'Pending' | 'Ok' | 'Error'; ackMessage: string | null } {
  const ack = flow.acknowledgement;
  const details = ack?.details?.map((d) => `${d.reasonCode}: ${d.reasonMessage}`).join('; ') || null;
  return { ackStatus: ack?.status ?? 'Pending', ackMessage: details };
}

/** Submits claimed reports; an attempt that follows another first asks the PA whether that one arrived. */
export async function runReports(p: EReportingContext, now: number, only?: { accountId: number; id: number }): Promise<number> {
  const db = p.ctx.db;
  const claimed = await transaction(db, (trx) => repo.claimReports(trx, now, now + p.ctx.config.outboxLeaseSeconds * 1000, 20, only));
  for (const r of claimed) {
    const connection = await readPlatformConnection(db.kysely, r.accountId);
    if (!connection) {
      await repo.updateReport(db.kysely, r.id, {
        lockedUntil: null,
        nextAttemptAt: now + backoffMs(Number(r.attempts)),
        lastError: 'Waiting for transmission: no e-invoicing platform is set in the settings (einvoicing.platform)',
      });
      continue;
    }
    const client = clientFor({ ctx: p.ctx, clock: p.clock }, connection);
    try {
      let flow: Flow | undefined;
      if (Number(r.attempts) > 1)
        flow = (await client.searchFlows({ trackingId: r.trackingId }, 10)).find((f) => f.trackingId === r.trackingId);
      const bytes = Buffer.from(r.content, 'utf8');
      flow ??= await client.submitFlow(
        {
          flowSyntax: 'FRR',
          trackingId: r.trackingId,
          name: `${r.reportId}.xml`,
          processingRule: processingRuleOf(r.content),
          sha256: createHash('sha256').update(bytes).digest('hex'),
        },
        bytes,
        `${r.reportId}.xml`,
        'application/xml',
      );
      await repo.updateReport(db.kysely, r.id, {
        state: 'Submitted',
        flowId: flow.flowId ?? null,
        submittedAt: flow.submittedAt ?? new Date(now).toISOString(),
        lockedUntil: null,
        lastError: null,
        ...acknowledgementOf(flow),
      });
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      const next = p.clock() + backoffMs(Number(r.attempts));
      const giveUp = !error.retryable || next - Number(r.firstAttemptAt ?? now) > RETRY_WINDOW_MS;
      await repo.updateReport(db.kysely, r.id, {
        state: giveUp ? 'Failed' : 'Pending',
        nextAttemptAt: next,
        lockedUntil: null,
        lastError: giveUp ? `Refused by the e-invoicing platform: ${error.message}` : `Waiting for transmission: ${error.message}`,
      });
    }
  }
  return claimed.length;
}

/** Reads the PA's acknowledgement of the reports it has not answered yet (GET /v1/flows/{flowId}, metadata). */
export async function refreshAcknowledgements(p: EReportingContext): Promise<number> {
  const db = p.ctx.db.kysely;
  let changed = 0;
  for (const r of await repo.awaitingAcknowledgement(db, 50)) {
    const connection = await readPlatformConnection(db, r.accountId);
    if (!connection || !r.flowId) continue;
    try {
      const flow = await clientFor({ ctx: p.ctx, clock: p.clock }, connection).flowMetadata(r.flowId);
      const ack = acknowledgementOf(flow);
      if (ack.ackStatus !== 'Pending') {
        await repo.updateReport(db, r.id, ack);
        changed++;
      }
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
    }
  }
  return changed;
}

// --- what the tax office sees -------------------------------------------------------------------------

interface RateLine {
  rate: string;
  taxableAmount: Big;
  taxAmount: Big;
  collected: Big;
}

function rateLines() {
  const map = new Map<string, RateLine>();
  return {
    add(rate: string, taxable: Big, tax: Big, collected: Big) {
      const l = map.get(rate) ?? { rate, taxableAmount: new Big(0), taxAmount: new Big(0), collected: new Big(0) };
      map.set(rate, {
        rate,
        taxableAmount: l.taxableAmount.plus(taxable),
        taxAmount: l.taxAmount.plus(tax),
        collected: l.collected.plus(collected),
      });
    },
    list() {
      return [...map.values()]
        .sort((a, b) => new Big(b.rate).cmp(a.rate))
        .map((l) => ({
          rate: l.rate,
          taxableAmount: l.taxableAmount.toFixed(2),
          taxAmount: l.taxAmount.toFixed(2),
          collected: l.collected.toFixed(2),
        }));
    },
  };
}

/**
 * For a period: what the books say (invoices and credits, or receipts), what e-invoicing and
 * e-reporting told the administration, and every difference, document by document, with its reason.
 */
export async function comparison(p: EReportingContext, accountId: number, id: string) {
  const view = await accountView(p, accountId);
  const period = periodOf(view, id);
  const db = p.ctx.db.kysely;
  const books = rateLines();
  const einvoicing = rateLines();
  const ereporting = rateLines();
  const differences: { document: string; amount: string; reason: string }[] = [];
  const reports = await repo.reportsOf(db, accountId, [id]);
  const lastReceived = [...reports].reverse().find(received);
  const declared: DeclaredTotals | null = lastReceived ? (JSON.parse(lastReceived.totals) as DeclaredTotals) : null;
  for (const r of declared?.rates ?? []) ereporting.add(r.rate, new Big(r.taxableAmount), new Big(r.taxAmount), new Big(r.collected));
  const reported = new Set(declared?.documents ?? []);
  const reportState = !lastReceived
    ? reports.length
      ? reports.at(-1)!.state === 'Pending'
        ? 'its report waits in the outbox'
        : 'its report was rejected'
      : 'its period has not been reported yet'
    : 'it was not in the report sent (a rectifying report is due)';
  const transmissions = await repo.transmissionsOf(db, accountId);
  const rejected = await repo.rejectedDocuments(db, accountId);
  const rate = (r: string | number) => new Big(r).toString();

  if (period.kind === 'Purchases') {
    // Only purchases from abroad belong here (a French supplier's invoices are e-invoiced by the supplier).
    const current = await purchasesContent(db, accountId, view.me, period.start, period.end);
    for await (const batch of purchaseInvoiceBatches(db, accountId, { from: period.start, to: period.end })) {
      for (const pi of batch) {
        if (['FR', 'DOM', 'Corse', 'Monaco'].includes(pi.region)) continue;
        const name = pi.reference ?? `purchase ${pi.id}`;
        for (const v of pi.vats ?? []) books.add(rate(v.rate), new Big(v.taxExcludedAmount), new Big(v.vatAmount), new Big(0));
        if (reported.has(name)) continue;
        const blocked = current.blocking.find((b) => b.document === name);
        differences.push({
          document: name,
          amount: (pi.taxExcludedAmount ?? new Big(0)).toFixed(2),
          reason: blocked ? `blocking point: ${blocked.reason}` : `e-reporting: ${reportState}`,
        });
      }
    }
  } else if (period.kind === 'Sales') {
    for (const l of await documentsOf(db, accountId, period.start, period.end)) {
      const sign = l.kind === 'Credit' ? -1 : 1;
      const total = new Big(l.doc.totals.taxExclusive).times(sign).toFixed(2);
      for (const v of l.doc.vats)
        books.add(rate(v.rate), new Big(v.taxableAmount).times(sign), new Big(v.taxAmount).times(sign), new Big(0));
      const t = l.treatment;
      if (t.kind === 'Domestic') {
        const sent = transmissions.get(`${l.kind}|${l.id}`);
        if (sent === 'Submitted' && !rejected.has(`${l.kind}|${l.id}`)) {
          for (const v of l.doc.vats)
            einvoicing.add(rate(v.rate), new Big(v.taxableAmount).times(sign), new Big(v.taxAmount).times(sign), new Big(0));
        } else
          differences.push({
            document: l.number,
            amount: total,
            reason: rejected.has(`${l.kind}|${l.id}`)
              ? 'e-invoice rejected by the platform (213): the administration does not count it'
              : sent === 'Failed'
                ? 'e-invoice refused by the platform: not transmitted'
                : 'e-invoice not transmitted yet',
          });
      } else if (t.kind === 'Blocked') differences.push({ document: l.number, amount: total, reason: `blocking point: ${t.reason}` });
      else if (!reported.has(l.number)) differences.push({ document: l.number, amount: total, reason: `e-reporting: ${reportState}` });
    }
  } else {
    const { collections, unlinked } = await collectionsOf(db, accountId, period.start, period.end);
    for (const u of unlinked)
      differences.push({
        document: `receipt ${u.receiptId}`,
        amount: u.amount.toFixed(2),
        reason: 'a payment without an invoice (not allocated to a sale document): nothing to report until it is',
      });
    for (const c of collections) {
      const l = c.document;
      const shares = c.shares;
      if (!vatOnReceipt(l.doc, l.vatMode)) {
        differences.push({
          document: l.number,
          amount: c.amount.toFixed(2),
          reason: 'no VAT due on receipt (goods or mixed, the debits option, or no VAT charged by the seller): the payment is not reported',
        });
        continue;
      }
      for (const s of shares) books.add(s.rate, new Big(0), new Big(0), s.amount);
      if (l.treatment.kind === 'Domestic') {
        const sent = await repo.collectedStatusSent(db, accountId, l.id, c.receiptId);
        if (sent) for (const s of shares) einvoicing.add(s.rate, new Big(0), new Big(0), s.amount);
        else
          differences.push({
            document: l.number,
            amount: c.amount.toFixed(2),
            reason:
              'e-invoicing: no 212 Encaissée sent for this payment (the invoice was not transmitted, or the status waits in the outbox)',
          });
      } else if (l.treatment.kind === 'Blocked')
        differences.push({ document: l.number, amount: c.amount.toFixed(2), reason: `blocking point: ${l.treatment.reason}` });
      else if (!reported.has(l.number))
        differences.push({ document: l.number, amount: c.amount.toFixed(2), reason: `e-reporting: ${reportState}` });
    }
  }
  const told = rateLines();
  for (const l of [...einvoicing.list(), ...ereporting.list()])
    told.add(l.rate, new Big(l.taxableAmount), new Big(l.taxAmount), new Big(l.collected));
  return {
    id,
    kind: period.kind,
    start: period.start,
    end: period.end,
    books: books.list(),
    einvoicing: einvoicing.list(),
    ereporting: ereporting.list(),
    told: told.list(),
    report: lastReceived ? transmissionOf(lastReceived) : null,
    differences,
  };
}
