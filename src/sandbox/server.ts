// `facturier pa-sandbox`: a plateforme agréée for integrators and tests. It serves the AFNOR XP Z12-013
// Flow Service under /flow-service and the Directory Service under /directory-service, checks every
// request and every answer against the official OpenAPI documents (src/afnor), keeps the flows of each
// bearer token apart (one token = one business), answers each invoice submitted with the statuses of
// the chosen use case (UC1..UC5, as CDAR flows to search and download), plays the buyer, and holds
// supplier invoices to receive. Its own controls (use case, faults, buyer statuses, directory lines)
// live under /sandbox: they are not part of the standard (docs/einvoicing-platform.md).
import { createHash, randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  checkParameters,
  checkRequestBody,
  checkResponse,
  checkWebhookCallback,
  declaresBody,
  findOperation,
  type AfnorApiName,
} from '../afnor/api.js';
import { readCdar } from '../einvoicing/cdar.js';
import { parseXml, type XmlElement } from '../einvoicing/xml.js';
import { writeStatusCdar } from '../einvoicing/cdar-status.js';
import { extractEmbeddedInvoiceXml, PdfReadError } from '../modules/purchases/index.js';
import { readInvoiceFacts, type InvoiceFacts } from './invoice-facts.js';
import { SAMPLE_SUPPLIERS, supplierInvoiceCii } from './supplier-invoices.js';
import { DUPLICATE_STATUSES, USE_CASE_STATUSES, USE_CASES, type PlayedStatus, type UseCase } from './use-cases.js';

/** A flow as the Flow Service describes it (schema Flow). */
export interface FlowMetadata {
  flowId: string;
  trackingId?: string;
  submittedAt: string;
  updatedAt: string;
  flowType: string;
  processingRule?: string;
  processingRuleSource?: 'Input' | 'Computed';
  flowDirection: 'In' | 'Out';
  flowSyntax: string;
  flowProfile?: string;
  acknowledgement: {
    status: 'Pending' | 'Ok' | 'Error';
    details?: { level: 'Error' | 'Warning'; item: string; reasonCode: string; reasonMessage: string }[];
  };
}

interface StoredFlow {
  meta: FlowMetadata;
  name: string;
  content: Buffer;
  /** The invoice an Out invoice flow carries. */
  facts?: InvoiceFacts | null;
  /** An e-reporting flow: its acknowledgement, given when it is first read after submission. */
  laterAck?: FlowMetadata['acknowledgement'];
}

export interface SandboxOptions {
  /** The use case played for each invoice submitted (default UC1). */
  useCase?: UseCase;
  /** Supplier invoices each business finds waiting at its first search (default none; the CLI holds 2). */
  supplierInvoices?: number;
  /** Milliseconds since the epoch (tests move it). */
  clock?: () => number;
  logger?: boolean;
}

interface Behaviour {
  useCase: UseCase;
  /** InOrder, or Reversed: the status flows are published latest first (statuses apply by their own date). */
  order: 'InOrder' | 'Reversed';
  /** Each status flow is published twice. */
  duplicates: boolean;
  /** Immediate: all statuses at once; OnAdvance: one more per POST /sandbox/advance. */
  release: 'Immediate' | 'OnAdvance';
  /** E-reporting flows (FRR): Accept, or Reject (acknowledgement Error), given at their first reading. */
  reports: 'Accept' | 'Reject';
}

interface Fault {
  status: number;
  /** The flow is created, then the answer fails (an acknowledgement lost on the way). */
  afterAccept: boolean;
}

interface Business {
  flows: StoredFlow[];
  behaviour: Behaviour;
  faults: Fault[];
  /** Status flows waiting for POST /sandbox/advance. */
  pending: StoredFlow[];
  identity: { siren: string; name: string } | null;
  supplierInvoicesMade: boolean;
  /** Where each new incoming flow is announced (WebhookCallbackContent), set by PUT /sandbox/webhook. */
  webhook: string | null;
  /** The webhook calls made, in order: the flow announced and the receiver's HTTP status (or the error). */
  webhookCalls: { flowId: string; status: number | null; error: string | null }[];
}

interface DirectoryLine {
  addressingIdentifier: string;
  siren: string;
  siret?: string;
  name: string;
}

const FLOW_TYPES = ['CustomerInvoice', 'SupplierInvoice', 'CustomerInvoiceLC', 'SupplierInvoiceLC'];

/** What the sandbox reads of a Flux 10 report: its id and flow type, or why it is not one. */
function readFlux10Facts(text: string): { id: string; flowType: string } | string {
  let root: XmlElement;
  try {
    root = parseXml(text).documentElement;
  } catch (error) {
    return `not well-formed XML: ${(error as Error).message}`;
  }
  if (root.localName !== 'Report' || root.namespaceURI) return `the root element is ${root.nodeName}, not the Flux 10 Report`;
  const child = (e: XmlElement | undefined, name: string): XmlElement | undefined => {
    for (let c = e?.firstChild ?? null; c; c = c.nextSibling) if (c.nodeType === 1 && c.localName === name) return c;
    return undefined;
  };
  const doc = child(root, 'ReportDocument');
  const id = child(doc, 'Id')?.textContent.trim();
  const type = child(doc, 'TypeCode')?.textContent.trim();
  if (!id) return 'no ReportDocument/Id (TT-1)';
  if (type !== 'IN' && type !== 'RE') return 'ReportDocument/TypeCode (TT-4) is neither IN nor RE';
  const transactions = child(root, 'TransactionsReport');
  const payments = child(root, 'PaymentsReport');
  if (!transactions === !payments) return 'a Flux 10 file holds exactly one report, of transactions or of payments (G6.29)';
  const report = transactions ?? payments;
  const aggregated = Boolean(child(report, 'Transactions'));
  const single = Boolean(child(report, 'Invoice'));
  if (aggregated && single) return { id, flowType: 'MultiFlowReport' };
  if (transactions) return { id, flowType: aggregated ? 'AggregatedCustomerTransactionReport' : 'IndividualCustomerTransactionReport' };
  return { id, flowType: aggregated ? 'AggregatedCustomerPaymentReport' : 'UnitaryCustomerPaymentReport' };
}
const FLOW_SYNTAXES = ['CII', 'UBL', 'Factur-X', 'CDAR'];

/** The CII XML a Factur-X PDF embeds, or why there is none. */
function embeddedCii(pdf: Buffer): { text: string } | { problem: string } {
  try {
    const found = extractEmbeddedInvoiceXml(pdf);
    return found
      ? { text: found.xml }
      : { problem: 'a Factur-X flow is a PDF that embeds its CII XML (factur-x.xml): this one embeds none' };
  } catch (error) {
    if (error instanceof PdfReadError) return { problem: `not a readable PDF: ${error.message}` };
    throw error;
  }
}

class AnswerError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`answer ${status}`);
  }
}

const flowError = (status: number, errorCode: string, errorMessage: string) => new AnswerError(status, { errorCode, errorMessage });
const directoryError = (status: number, message: string) => new AnswerError(status, { type: 'about:blank', status, message });

export class Sandbox {
  readonly businesses = new Map<string, Business>();
  readonly directory: DirectoryLine[] = [
    { addressingIdentifier: '100000009', siren: '100000009', name: 'VENDEUR' },
    { addressingIdentifier: '200000008', siren: '200000008', name: 'ACHETEUR' },
  ];
  private lastTime = 0;
  private readonly clock: () => number;

  constructor(private readonly options: SandboxOptions = {}) {
    this.clock = options.clock ?? Date.now;
  }

  /** A strictly increasing time, so that `updatedAfter` pages never skip a flow. */
  now(): string {
    this.lastTime = Math.max(this.lastTime + 1, this.clock());
    return new Date(this.lastTime).toISOString();
  }

  business(token: string): Business {
    let b = this.businesses.get(token);
    if (!b) {
      b = {
        flows: [],
        behaviour: { useCase: this.options.useCase ?? 'UC1', order: 'InOrder', duplicates: false, release: 'Immediate', reports: 'Accept' },
        faults: [],
        pending: [],
        identity: null,
        supplierInvoicesMade: false,
        webhook: null,
        webhookCalls: [],
      };
      this.businesses.set(token, b);
    }
    return b;
  }

  private addFlow(b: Business, flow: StoredFlow): StoredFlow {
    b.flows.push(flow);
    if (b.webhook && flow.meta.flowDirection === 'In') this.callBack(b, b.webhook, flow.meta);
    return flow;
  }

  private calls: Promise<void> = Promise.resolve();

  /** Announces a new incoming flow to the business's webhook, in order, one call at a time; never throws. */
  private callBack(b: Business, url: string, flowInfo: FlowMetadata): void {
    const body = { flowInfo };
    const problems = checkWebhookCallback(body);
    this.calls = this.calls.then(async () => {
      const call = { flowId: flowInfo.flowId, status: null as number | null, error: null as string | null };
      b.webhookCalls.push(call);
      if (problems.length) {
        call.error = `not sent: the call would not conform to WebhookCallbackContent: ${problems.join('; ')}`;
        return;
      }
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(5000),
        });
        call.status = res.status;
        await res.arrayBuffer();
      } catch (error) {
        call.error = (error as Error).message;
      }
    });
  }

  /** Resolves once every webhook call made so far has been answered (tests, and the CLI's shutdown). */
  webhooksSettled(): Promise<void> {
    return this.calls;
  }

  /** A flow put in the business's mailbox as is (integrators' tests: a malformed status, an invoice of their own). */
  inFlowFor(b: Business, flowType: string, flowSyntax: string, name: string, content: string): StoredFlow {
    const f = this.inFlow(b, flowType, flowSyntax, name, content);
    if (flowSyntax === 'CII') f.facts = readInvoiceFacts(content);
    return this.addFlow(b, f);
  }

  private inFlow(b: Business, flowType: string, flowSyntax: string, name: string, content: string): StoredFlow {
    const at = this.now();
    return {
      meta: {
        flowId: randomUUID(),
        submittedAt: at,
        updatedAt: at,
        flowType,
        processingRule: 'B2B',
        processingRuleSource: 'Computed',
        flowDirection: 'In',
        flowSyntax,
        ...(flowSyntax === 'CII' ? { flowProfile: 'CIUS' } : {}),
        acknowledgement: { status: 'Ok' },
      },
      name,
      content: Buffer.from(content),
    };
  }

  /** The status flows of one invoice, published as the business's behaviour says. */
  private play(b: Business, facts: InvoiceFacts, receivedAt: string, statuses: PlayedStatus[], firstAt: number): void {
    const flows = statuses.map((s, i) => {
      const statusAt = new Date(firstAt + i * 1000).toISOString();
      const xml = writeStatusCdar({
        code: s.code,
        emitter: s.emitter,
        seller: facts.seller,
        buyer: { siren: facts.buyer.siren ?? '000000000', name: facts.buyer.name || 'Acheteur', address: facts.buyer.address },
        invoice: { number: facts.number, typeCode: facts.typeCode, issueDate: facts.issueDate },
        statusAt,
        receivedAt,
        reasonCode: s.reasonCode,
        reason: s.reason,
      });
      return this.inFlow(b, 'CustomerInvoiceLC', 'CDAR', `${facts.number}-CDV-${s.code}.xml`, xml);
    });
    if (b.behaviour.order === 'Reversed') flows.reverse();
    const published = b.behaviour.duplicates ? flows.flatMap((f) => [f, { ...f, meta: { ...f.meta, flowId: randomUUID() } }]) : flows;
    if (b.behaviour.release === 'OnAdvance') b.pending.push(...published);
    else for (const f of published) this.publish(b, f);
  }

  private publish(b: Business, f: StoredFlow): void {
    const at = this.now();
    this.addFlow(b, { ...f, meta: { ...f.meta, submittedAt: at, updatedAt: at } });
  }

  advance(token: string, count = 1): number {
    const b = this.business(token);
    const next = b.pending.splice(0, count);
    for (const f of next) this.publish(b, f);
    return next.length;
  }

  /** The buyer (played by the sandbox) sends a status about an invoice of the business. */
  buyerStatus(token: string, number: string, code: string, reasonCode?: string, reason?: string): void {
    const b = this.business(token);
    const invoice = b.flows.find((f) => f.facts?.number === number && f.meta.acknowledgement.status === 'Ok');
    if (!invoice?.facts) throw directoryError(404, `no invoice ${number} was submitted by this business`);
    this.play(b, invoice.facts, invoice.meta.submittedAt, [{ code, emitter: 'Buyer', reasonCode, reason }], this.clock());
  }

  private ensureSupplierInvoices(b: Business): void {
    if (b.supplierInvoicesMade) return;
    b.supplierInvoicesMade = true;
    const count = this.options.supplierInvoices ?? 0;
    if (count) this.holdSupplierInvoices(b, count);
  }

  holdSupplierInvoices(b: Business, count: number): StoredFlow[] {
    const buyer = b.identity ?? { siren: '200000008', name: 'ACHETEUR' };
    const made: StoredFlow[] = [];
    const day = new Date(this.clock()).toISOString().slice(0, 10);
    for (let i = 0; i < count; i++) {
      const supplier = SAMPLE_SUPPLIERS[(b.flows.length + i) % SAMPLE_SUPPLIERS.length];
      const number = `${supplier.name.slice(0, 3).toUpperCase()}-${day.replace(/-/g, '')}-${String(b.flows.length + i + 1).padStart(4, '0')}`;
      const xml = supplierInvoiceCii({
        supplier,
        buyer,
        number,
        issueDate: day,
        net: (120 + 35 * i).toFixed(2),
        description: 'Prestation de service',
      });
      const f = { ...this.inFlow(b, 'SupplierInvoice', 'CII', `${number}.xml`, xml), facts: readInvoiceFacts(xml) };
      made.push(this.addFlow(b, f));
    }
    return made;
  }

  // --- Flow Service ---------------------------------------------------------------------------------

  createFlow(token: string, flowInfo: Record<string, unknown>, file: Buffer, fileName: string): FlowMetadata {
    const b = this.business(token);
    const fault = b.faults.shift();
    if (fault && !fault.afterAccept)
      throw flowError(
        fault.status,
        fault.status === 503 ? 'SERVICE_UNAVAILABLE' : 'REFUSED',
        `the sandbox was told to answer ${fault.status}`,
      );
    const sha = createHash('sha256').update(file).digest('hex');
    if (typeof flowInfo.sha256 === 'string' && flowInfo.sha256 !== sha)
      throw flowError(422, 'ChecksumMismatch', `sha256 ${flowInfo.sha256} is not the file's (${sha})`);
    if (!file.length) throw flowError(422, 'EmptyFlow', 'the file is empty');
    const at = this.now();
    const syntax = String(flowInfo.flowSyntax);
    const meta: FlowMetadata = {
      flowId: randomUUID(),
      ...(typeof flowInfo.trackingId === 'string' ? { trackingId: flowInfo.trackingId } : {}),
      submittedAt: at,
      updatedAt: at,
      flowType: 'CustomerInvoice',
      processingRule: typeof flowInfo.processingRule === 'string' ? flowInfo.processingRule : 'B2B',
      processingRuleSource: typeof flowInfo.processingRule === 'string' ? 'Input' : 'Computed',
      flowDirection: 'Out',
      flowSyntax: syntax,
      ...(typeof flowInfo.flowProfile === 'string' ? { flowProfile: flowInfo.flowProfile } : {}),
      acknowledgement: { status: 'Ok' },
    };
    const stored: StoredFlow = { meta, name: fileName, content: file };
    const text = file.toString('utf8');
    if (syntax === 'CDAR') {
      const read = readCdar(text);
      if (!read.ok) {
        meta.acknowledgement = {
          status: 'Error',
          details: read.problems.map((p) => ({ level: 'Error' as const, item: 'file', reasonCode: 'InvalidSchema', reasonMessage: p })),
        };
      } else {
        meta.flowType = read.message.issuer?.role === 'BY' ? 'SupplierInvoiceLC' : 'CustomerInvoiceLC';
      }
    } else if (syntax === 'CII' || syntax === 'Factur-X') {
      // A Factur-X flow is the PDF: its invoice is the CII XML it embeds (kept as the flow's file, as sent).
      const xml = syntax === 'CII' ? { text } : embeddedCii(file);
      const facts = 'text' in xml ? readInvoiceFacts(xml.text) : null;
      stored.facts = facts;
      if (!facts) {
        meta.acknowledgement = {
          status: 'Error',
          details: [
            {
              level: 'Error',
              item: 'file',
              reasonCode: 'InvalidSchema',
              reasonMessage: 'problem' in xml ? xml.problem : 'not a CII invoice with a number, type, date and seller SIREN',
            },
          ],
        };
      } else {
        b.identity ??= { siren: facts.seller.siren, name: facts.seller.name };
        const earlier = b.flows.find(
          (f) =>
            f.meta.flowDirection === 'Out' &&
            f.facts?.number === facts.number &&
            f.facts.seller.siren === facts.seller.siren &&
            f.meta.acknowledgement.status === 'Ok',
        );
        this.addFlow(b, stored);
        this.play(b, facts, at, earlier ? DUPLICATE_STATUSES : USE_CASE_STATUSES[b.behaviour.useCase].statuses, Date.parse(at) + 1000);
        if (fault) throw flowError(fault.status, 'SERVICE_UNAVAILABLE', 'the sandbox accepted the flow and then failed to answer');
        return meta;
      }
    } else if (syntax === 'FRR') {
      const report = readFlux10Facts(text);
      meta.acknowledgement = { status: 'Pending' };
      if (typeof report === 'string') {
        stored.laterAck = {
          status: 'Error',
          details: [{ level: 'Error', item: 'file', reasonCode: 'InvalidSchema', reasonMessage: report }],
        };
      } else {
        meta.flowType = report.flowType;
        stored.laterAck =
          b.behaviour.reports === 'Reject'
            ? {
                status: 'Error',
                details: [
                  {
                    level: 'Error',
                    item: 'file',
                    reasonCode: 'REJECTED',
                    reasonMessage: `the sandbox was told to reject report ${report.id}`,
                  },
                ],
              }
            : { status: 'Ok' };
      }
    } else {
      meta.acknowledgement = {
        status: 'Error',
        details: [
          {
            level: 'Error',
            item: 'flowSyntax',
            reasonCode: 'FlowTypeError',
            reasonMessage: `the sandbox reads CII and Factur-X invoices, CDAR statuses and Flux 10 reports, not ${syntax}`,
          },
        ],
      };
    }
    this.addFlow(b, stored);
    if (fault) throw flowError(fault.status, 'SERVICE_UNAVAILABLE', 'the sandbox accepted the flow and then failed to answer');
    return meta;
  }

  searchFlows(
    token: string,
    params: { limit?: number; where: Record<string, unknown> },
  ): { limit: number; filters: Record<string, unknown>; results: FlowMetadata[] } {
    const b = this.business(token);
    this.ensureSupplierInvoices(b);
    const w = params.where;
    const criteria = ['updatedAfter', 'updatedBefore', 'processingRule', 'flowType', 'flowDirection', 'trackingId', 'ackStatus'].filter(
      (k) => w[k] !== undefined,
    );
    if (!criteria.length) throw flowError(400, 'MISSING_CRITERION', 'at least one search criterion is required');
    const limit = params.limit ?? 25;
    const inList = (list: unknown, value: string | undefined) =>
      !Array.isArray(list) || (value !== undefined && (list as string[]).includes(value));
    const results = b.flows
      .map((f) => f.meta)
      .filter(
        (m) =>
          (w.updatedAfter === undefined || Date.parse(m.updatedAt) > Date.parse(w.updatedAfter as string)) &&
          (w.updatedBefore === undefined || Date.parse(m.updatedAt) < Date.parse(w.updatedBefore as string)) &&
          inList(w.processingRule, m.processingRule) &&
          inList(w.flowType, m.flowType) &&
          inList(w.flowDirection, m.flowDirection) &&
          (w.trackingId === undefined || m.trackingId === w.trackingId) &&
          (w.ackStatus === undefined || m.acknowledgement.status === w.ackStatus),
      )
      .sort((a, b2) => (a.updatedAt < b2.updatedAt ? -1 : a.updatedAt > b2.updatedAt ? 1 : 0))
      .slice(0, limit);
    return { limit, filters: w, results };
  }

  getFlow(token: string, flowId: string): StoredFlow {
    const f = this.business(token).flows.find((x) => x.meta.flowId === flowId);
    if (!f) throw flowError(404, 'NOT_FOUND', `no flow ${flowId}`);
    if (f.laterAck) {
      f.meta.acknowledgement = f.laterAck;
      f.meta.updatedAt = this.now();
      delete f.laterAck;
    }
    return f;
  }

  // --- Directory Service ----------------------------------------------------------------------------

  directoryLines(filters: Record<string, { op?: string; value?: string } | undefined>): DirectoryLine[] {
    const matches = (value: string | undefined, filter: { op?: string; value?: string } | undefined) =>
      !filter?.value || (value !== undefined && (filter.op === 'strict' ? value === filter.value : value.includes(filter.value)));
    return this.directory.filter(
      (l) =>
        matches(l.siren, filters.siren) && matches(l.siret, filters.siret) && matches(l.addressingIdentifier, filters.addressingIdentifier),
    );
  }

  directoryLinePayload(l: DirectoryLine) {
    return {
      addressingIdentifier: l.addressingIdentifier,
      siren: l.siren,
      ...(l.siret ? { siret: l.siret } : {}),
      platform: { platformType: 'WK', platformStatus: 'Enabled' },
      legalUnit: { businessName: l.name.slice(0, 150), entityType: 'PrivateVatRegistered', administrativeStatus: 'A' },
    };
  }
}

// --- HTTP ---------------------------------------------------------------------------------------------

interface Answer {
  status: number;
  body?: unknown;
  bytes?: Buffer;
  fileName?: string;
}

function bearer(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  const m = typeof h === 'string' ? /^Bearer\s+(\S+)$/i.exec(h) : null;
  return m ? m[1] : null;
}

async function multipartBody(
  request: FastifyRequest,
): Promise<{ fields: Record<string, unknown>; file: Buffer | null; fileName: string; problems: string[] }> {
  const fields: Record<string, unknown> = {};
  const problems: string[] = [];
  let file: Buffer | null = null;
  let fileName = 'flow';
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (part.fieldname === 'file') {
        file = bytes;
        fileName = part.filename || fileName;
      } else fields[part.fieldname] = bytes.toString('utf8');
    } else fields[part.fieldname] = part.value;
  }
  if (typeof fields.flowInfo === 'string') {
    try {
      fields.flowInfo = JSON.parse(fields.flowInfo);
    } catch {
      problems.push('flowInfo is not JSON');
    }
  }
  return { fields, file, fileName, problems };
}

function stats(s: Sandbox) {
  return [...s.businesses.entries()].map(([token, b]) => ({
    token: token.length > 8 ? `${token.slice(0, 4)}…` : token,
    flows: b.flows.length,
    pending: b.pending.length,
    behaviour: b.behaviour,
  }));
}

/** The sandbox's HTTP server (not listening yet: `listen` it, or `inject` in tests) and its state. */
export async function buildSandbox(options: SandboxOptions = {}): Promise<{ app: FastifyInstance; sandbox: Sandbox }> {
  const sandbox = new Sandbox(options);
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 25 * 1024 * 1024 });
  await app.register(multipart, { limits: { fileSize: 25 * 1024 * 1024, files: 2, fields: 10 } });

  const serve = (api: AfnorApiName) => async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://sandbox');
    const path = url.pathname.replace(api === 'flow' ? /^\/flow-service/ : /^\/directory-service/, '');
    const op = findOperation(api, request.method, path);
    const fail = api === 'flow' ? flowError : (status: number, _code: string, message: string) => directoryError(status, message);
    let answer: Answer;
    let operationId = op?.operationId ?? null;
    try {
      if (!op) throw fail(404, 'NOT_FOUND', `${request.method} ${path} is not an operation of the ${api} service`);
      operationId = op.operationId;
      const token = bearer(request);
      if (!token && op.operationId !== 'getHealth') throw fail(401, 'MISSING_TOKEN', 'a bearer token is required');
      const query = Object.fromEntries(url.searchParams.entries());
      const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
      const problems = checkParameters(api, op.operationId, { path: op.params, query, headers });
      let body: unknown = request.body;
      let file: Buffer | null = null;
      let fileName = 'flow';
      const contentType = String(request.headers['content-type'] ?? '');
      if (op.operationId === 'createFlow') {
        if (!request.isMultipart()) problems.push('the body must be multipart/form-data with the parts flowInfo and file');
        else {
          const parsed = await multipartBody(request);
          problems.push(...parsed.problems);
          file = parsed.file;
          fileName = parsed.fileName;
          body = { ...parsed.fields, ...(file ? { file: '(binary)' } : {}) };
        }
      }
      if (request.method !== 'GET' && request.method !== 'DELETE' && !problems.length)
        problems.push(...checkRequestBody(api, op.operationId, contentType, body));
      if (problems.length) throw fail(400, 'INVALID_REQUEST', problems.join('; '));
      answer = handle(sandbox, api, op.operationId, token ?? '', op.params, query, body, file, fileName);
    } catch (error) {
      if (!(error instanceof AnswerError)) throw error;
      answer = { status: error.status, body: error.body };
    }
    if (operationId && answer.body !== undefined && !answer.bytes && !declaresBody(api, operationId, answer.status)) {
      // This answer has no body in the document: the reason goes to the log instead.
      request.log.info({ operationId, status: answer.status, reason: answer.body }, 'answer without a body');
      answer = { status: answer.status };
    }
    const contentType = answer.bytes ? 'application/octet-stream' : answer.body === undefined ? null : 'application/json';
    if (operationId) {
      const wrong = checkResponse(api, operationId, answer.status, contentType, answer.body);
      if (wrong.length) {
        request.log.error({ operationId, wrong }, 'the sandbox answer does not conform to the OpenAPI document');
        return reply.code(500).send({ errorCode: 'SANDBOX_NONCONFORMING_ANSWER', errorMessage: wrong.join('; ') });
      }
    }
    reply.code(answer.status);
    if (answer.bytes) {
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', `attachment;filename=${answer.fileName ?? 'flow'}`)
        .send(answer.bytes);
    }
    return answer.body === undefined ? reply.send() : reply.send(answer.body);
  };
  app.all('/flow-service/*', serve('flow'));
  app.all('/directory-service/*', serve('directory'));

  // --- the sandbox's own controls (not AFNOR) ---
  const tokenOf = (request: FastifyRequest, reply: FastifyReply) => {
    const t = bearer(request);
    if (!t) void reply.code(401).send({ message: 'a bearer token is required: the controls act on that business' });
    return t;
  };
  app.get('/sandbox', async () => ({
    useCases: USE_CASES.map((u) => ({ useCase: u, ...USE_CASE_STATUSES[u] })),
    businesses: stats(sandbox),
    directory: sandbox.directory,
  }));
  app.put<{ Body: Partial<Behaviour> }>('/sandbox/behaviour', async (request, reply) => {
    const t = tokenOf(request, reply);
    if (!t) return reply;
    const body = request.body ?? {};
    if (body.useCase !== undefined && !USE_CASES.includes(body.useCase))
      return reply.code(400).send({ message: `useCase is one of ${USE_CASES.join(', ')}` });
    if (body.order !== undefined && !['InOrder', 'Reversed'].includes(body.order))
      return reply.code(400).send({ message: 'order is InOrder or Reversed' });
    if (body.release !== undefined && !['Immediate', 'OnAdvance'].includes(body.release))
      return reply.code(400).send({ message: 'release is Immediate or OnAdvance' });
    if (body.reports !== undefined && !['Accept', 'Reject'].includes(body.reports))
      return reply.code(400).send({ message: 'reports is Accept or Reject' });
    const b = sandbox.business(t);
    Object.assign(b.behaviour, {
      ...(body.useCase ? { useCase: body.useCase } : {}),
      ...(body.order ? { order: body.order } : {}),
      ...(body.release ? { release: body.release } : {}),
      ...(body.reports ? { reports: body.reports } : {}),
      ...(typeof body.duplicates === 'boolean' ? { duplicates: body.duplicates } : {}),
    });
    return b.behaviour;
  });
  app.post<{ Body: { count?: number } }>('/sandbox/advance', async (request, reply) => {
    const t = tokenOf(request, reply);
    if (!t) return reply;
    return { published: sandbox.advance(t, Number(request.body?.count ?? 1)) };
  });
  app.post<{ Body: { status?: number; count?: number; afterAccept?: boolean } }>('/sandbox/faults', async (request, reply) => {
    const t = tokenOf(request, reply);
    if (!t) return reply;
    const { status = 503, count = 1, afterAccept = false } = request.body ?? {};
    if (![400, 403, 413, 422, 429, 500, 503].includes(status))
      return reply.code(400).send({ message: 'status is one createFlow declares: 400, 403, 413, 422, 429, 500, 503' });
    const b = sandbox.business(t);
    for (let i = 0; i < count; i++) b.faults.push({ status, afterAccept });
    return { faults: b.faults.length };
  });
  app.post<{ Body: { invoiceNumber?: string; code?: string; reasonCode?: string; reason?: string } }>(
    '/sandbox/buyer-statuses',
    async (request, reply) => {
      const t = tokenOf(request, reply);
      if (!t) return reply;
      const { invoiceNumber, code, reasonCode, reason } = request.body ?? {};
      if (!invoiceNumber || !code || !/^\d{3}$/.test(code))
        return reply.code(400).send({ message: 'invoiceNumber and a 3-digit status code are required' });
      try {
        sandbox.buyerStatus(t, invoiceNumber, code, reasonCode, reason);
      } catch (error) {
        if (error instanceof AnswerError) return reply.code(error.status).send(error.body);
        throw error;
      }
      return reply.code(201).send({ invoiceNumber, code });
    },
  );
  app.post<{ Body: { count?: number; buyer?: { siren: string; name: string } } }>('/sandbox/supplier-invoices', async (request, reply) => {
    const t = tokenOf(request, reply);
    if (!t) return reply;
    const b = sandbox.business(t);
    if (request.body?.buyer) b.identity = request.body.buyer;
    b.supplierInvoicesMade = true;
    const made = sandbox.holdSupplierInvoices(b, Math.min(20, Number(request.body?.count ?? 1)));
    return reply.code(201).send(made.map((f) => ({ flowId: f.meta.flowId, number: f.facts?.number })));
  });
  app.post<{ Body: Partial<DirectoryLine> }>('/sandbox/directory', async (request, reply) => {
    const { siren, name, addressingIdentifier, siret } = request.body ?? {};
    if (!siren || !/^\d{9}$/.test(siren) || !name) return reply.code(400).send({ message: 'siren (9 digits) and name are required' });
    sandbox.directory.push({ siren, name, addressingIdentifier: addressingIdentifier ?? siren, ...(siret ? { siret } : {}) });
    return reply.code(201).send({ siren, addressingIdentifier: addressingIdentifier ?? siren });
  });
  app.post<{ Body: { flowType?: string; flowSyntax?: string; content?: string; name?: string } }>(
    '/sandbox/inbox',
    async (request, reply) => {
      const t = tokenOf(request, reply);
      if (!t) return reply;
      const { flowType = 'CustomerInvoiceLC', flowSyntax = 'CDAR', content, name = 'flow.xml' } = request.body ?? {};
      if (typeof content !== 'string' || !content) return reply.code(400).send({ message: 'content (the file, as text) is required' });
      if (!FLOW_TYPES.includes(flowType) || !FLOW_SYNTAXES.includes(flowSyntax))
        return reply
          .code(400)
          .send({ message: `flowType is one of ${FLOW_TYPES.join(', ')}; flowSyntax one of ${FLOW_SYNTAXES.join(', ')}` });
      const b = sandbox.business(t);
      const f = sandbox.inFlowFor(b, flowType, flowSyntax, name, content);
      return reply.code(201).send({ flowId: f.meta.flowId });
    },
  );
  app.put<{ Body: { url?: string | null } }>('/sandbox/webhook', async (request, reply) => {
    const t = tokenOf(request, reply);
    if (!t) return reply;
    const url = request.body?.url ?? null;
    if (url !== null) {
      let parsed: URL | null = null;
      try {
        parsed = new URL(url);
      } catch {
        parsed = null;
      }
      if (!parsed || !['http:', 'https:'].includes(parsed.protocol))
        return reply.code(400).send({ message: 'url is an absolute http(s) URL (or null to stop the calls)' });
    }
    sandbox.business(t).webhook = url;
    return { url };
  });
  app.get('/sandbox/webhook', async (request, reply) => {
    const t = tokenOf(request, reply);
    if (!t) return reply;
    await sandbox.webhooksSettled();
    const b = sandbox.business(t);
    return { url: b.webhook, calls: b.webhookCalls };
  });
  app.get('/sandbox/flows', async (request, reply) => {
    const t = tokenOf(request, reply);
    if (!t) return reply;
    return sandbox.business(t).flows.map((f) => ({ ...f.meta, name: f.name, invoiceNumber: f.facts?.number ?? null }));
  });
  return { app, sandbox };
}

function handle(
  sandbox: Sandbox,
  api: AfnorApiName,
  operationId: string,
  token: string,
  params: Record<string, string>,
  query: Record<string, string>,
  body: unknown,
  file: Buffer | null,
  fileName: string,
): Answer {
  switch (operationId) {
    case 'getHealth':
      return { status: 200 };
    case 'createFlow': {
      const b = body as { flowInfo: Record<string, unknown> };
      const meta = sandbox.createFlow(token, b.flowInfo, file!, fileName);
      const { flowId, submittedAt, trackingId, flowSyntax, flowProfile, processingRule } = meta;
      return {
        status: 202,
        body: {
          flowId,
          submittedAt,
          flowSyntax,
          ...(trackingId ? { trackingId } : {}),
          ...(flowProfile ? { flowProfile } : {}),
          ...(processingRule ? { processingRule } : {}),
          ...(typeof b.flowInfo.name === 'string' ? { name: b.flowInfo.name } : {}),
          ...(typeof b.flowInfo.sha256 === 'string' ? { sha256: b.flowInfo.sha256 } : {}),
        },
      };
    }
    case 'searchFlow':
      return { status: 200, body: sandbox.searchFlows(token, body as { limit?: number; where: Record<string, unknown> }) };
    case 'getFlow': {
      const f = sandbox.getFlow(token, params.flowId);
      const docType = query.docType ?? 'Metadata';
      if (docType === 'Metadata') return { status: 200, body: f.meta };
      if (docType === 'Original') return { status: 200, bytes: f.content, fileName: f.name };
      throw flowError(404, 'NOT_FOUND', `the sandbox keeps no ${docType} file`);
    }
    case 'searchDirectoryLine': {
      const search = (body ?? {}) as { filters?: Record<string, { op?: string; value?: string }>; limit?: number; ignore?: number };
      const lines = sandbox.directoryLines(search.filters ?? {});
      const page = lines.slice(search.ignore ?? 0, (search.ignore ?? 0) + (search.limit ?? 50));
      return {
        status: 200,
        body: { search, totalNumberOfResults: lines.length, results: page.map((l) => sandbox.directoryLinePayload(l)) },
      };
    }
    case 'getDirectoryLineById': {
      const line = sandbox.directory.find((l) => l.addressingIdentifier === params['addressing-identifier']);
      if (!line) throw directoryError(404, `no directory line ${params['addressing-identifier']}`);
      return { status: 200, body: sandbox.directoryLinePayload(line) };
    }
    case 'getCompanyBySiren': {
      const line = sandbox.directory.find((l) => l.siren === params.siren);
      if (!line) throw directoryError(404, `no company ${params.siren} in the directory`);
      return {
        status: 200,
        body: { siren: line.siren, businessName: line.name.slice(0, 150), entityType: 'PrivateVatRegistered', administrativeStatus: 'A' },
      };
    }
    default:
      if (api === 'directory') throw directoryError(501, `the sandbox does not implement ${operationId}`);
      throw flowError(500, 'NOT_IMPLEMENTED', `the sandbox does not implement ${operationId}`);
  }
}
