// The client of a plateforme agréée's AFNOR XP Z12-013 API (Flow Service and Directory Service), as
// the official OpenAPI documents describe it, and nothing vendor-specific. Every request it sends is
// checked against those documents first (a non-conforming request is our bug: it is never sent),
// and every answer it accepts too (a non-conforming answer is the PA's fault: refused as such).
// Errors say what happened in words a user can act on, with the PA's own text.
import { randomUUID } from 'node:crypto';
import { checkParameters, checkRequestBody, checkResponse, type AfnorApiName } from '../../afnor/api.js';

export interface PlatformConnection {
  flowServiceUrl: string;
  directoryServiceUrl: string | null;
  token: string;
}

/** A flow as the Flow Service describes it (schema Flow). */
export interface Flow {
  flowId?: string;
  trackingId?: string;
  submittedAt?: string;
  updatedAt?: string;
  flowType?: string;
  processingRule?: string;
  flowDirection?: 'In' | 'Out';
  flowSyntax?: string;
  flowProfile?: string;
  acknowledgement?: {
    status: 'Pending' | 'Ok' | 'Error';
    details?: { level: string; item: string; reasonCode: string; reasonMessage: string }[];
  };
}

export interface FlowInfo {
  flowSyntax: 'CII' | 'UBL' | 'Factur-X' | 'CDAR' | 'FRR';
  trackingId?: string;
  name?: string;
  processingRule?: 'B2B' | 'B2BInt' | 'B2C' | 'OutOfScope' | 'ArchiveOnly' | 'NotApplicable';
  flowProfile?: 'Basic' | 'CIUS' | 'Extended-CTC-FR';
  sha256?: string;
}

export interface SearchFilters {
  updatedAfter?: string;
  updatedBefore?: string;
  processingRule?: string[];
  flowType?: string[];
  flowDirection?: ('In' | 'Out')[];
  trackingId?: string;
  ackStatus?: 'Pending' | 'Ok' | 'Error';
}

/**
 * What went wrong talking to the PA. `retryable`: the PA was unreachable, slow, or answered 5xx,
 * 408 or 429 (try again later); otherwise it refused the request (4xx) and trying again changes nothing.
 */
export class PlatformError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryable: boolean,
    /** The PA's own errorCode / errorMessage, when it gave one. */
    readonly platformText: string | null = null,
  ) {
    super(message);
    this.name = 'PlatformError';
  }
}

/** Every exchange, for the tests that check them against the official documents. */
export interface Exchange {
  api: AfnorApiName;
  operationId: string;
  request: { path: Record<string, string>; query: Record<string, string>; contentType: string | null; body: unknown };
  response: { status: number; contentType: string | null; body: unknown };
}

export interface ClientOptions {
  timeoutMs?: number;
  /** Called with every exchange whose answer was accepted (tests). */
  onExchange?: (exchange: Exchange) => void;
  fetch?: typeof fetch;
}

const RETRYABLE = (status: number) => status >= 500 || status === 408 || status === 429;

function platformText(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  const parts = [b.errorCode, b.errorMessage, b.message, b.details].filter((p): p is string => typeof p === 'string' && p.length > 0);
  return parts.length ? parts.join(': ') : null;
}

export class PlatformClient {
  private readonly timeoutMs: number;
  private readonly doFetch: typeof fetch;

  constructor(
    readonly connection: PlatformConnection,
    private readonly options: ClientOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.doFetch = options.fetch ?? fetch;
  }

  private async call(
    api: AfnorApiName,
    operationId: string,
    method: 'GET' | 'POST',
    path: string,
    options: {
      params?: Record<string, string>;
      query?: Record<string, string>;
      json?: unknown;
      form?: { fields: Record<string, unknown>; file: Buffer; fileName: string; fileType: string };
    } = {},
  ): Promise<{ status: number; contentType: string | null; body: unknown; bytes: Buffer | null }> {
    const base = api === 'flow' ? this.connection.flowServiceUrl : this.connection.directoryServiceUrl;
    if (!base)
      throw new PlatformError('No Directory Service URL is set for the e-invoicing platform (settings einvoicing.platform)', null, false);
    const requestId = randomUUID();
    // Accept-Language is said (fr, one the Directory Service allows): fetch would otherwise send "*".
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.connection.token}`,
      'x-request-id': requestId,
      accept: 'application/json',
      'accept-language': 'fr',
    };
    let body: FormData | string | undefined;
    let contentType: string | null = null;
    let checked: unknown = undefined;
    if (options.json !== undefined) {
      contentType = 'application/json';
      headers['content-type'] = contentType;
      body = JSON.stringify(options.json);
      checked = options.json;
    } else if (options.form) {
      const form = new FormData();
      for (const [name, value] of Object.entries(options.form.fields)) {
        form.append(name, new Blob([JSON.stringify(value)], { type: 'application/json' }), `${name}.json`);
      }
      form.append('file', new Blob([options.form.file], { type: options.form.fileType }), options.form.fileName);
      body = form;
      contentType = 'multipart/form-data';
      checked = { ...options.form.fields, file: '(binary)' };
    }
    const problems = [
      ...checkParameters(api, operationId, {
        path: options.params ?? {},
        query: options.query ?? {},
        headers: { 'x-request-id': requestId, 'accept-language': 'fr' },
      }),
      ...(contentType ? checkRequestBody(api, operationId, contentType, checked) : []),
    ];
    if (problems.length)
      throw new Error(
        `Facturier built a request that does not conform to the ${api} service's OpenAPI (${operationId}): ${problems.join('; ')}`,
      );
    const url = `${base}${path}${options.query && Object.keys(options.query).length ? `?${new URLSearchParams(options.query).toString()}` : ''}`;
    let res: Response;
    try {
      res = await this.doFetch(url, { method, headers, body, signal: AbortSignal.timeout(this.timeoutMs), redirect: 'error' });
    } catch (error) {
      const cause = (error as Error).name === 'TimeoutError' ? `no answer within ${this.timeoutMs / 1000} s` : (error as Error).message;
      throw new PlatformError(`The e-invoicing platform could not be reached (${cause}); Facturier tries again later`, null, true);
    }
    const type = res.headers.get('content-type');
    const raw = Buffer.from(await res.arrayBuffer());
    let parsed: unknown = undefined;
    const isJson = type?.toLowerCase().startsWith('application/json') ?? false;
    if (isJson && raw.length) {
      try {
        parsed = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new PlatformError(
          `The e-invoicing platform answered ${res.status} with JSON that does not parse`,
          res.status,
          RETRYABLE(res.status),
        );
      }
    }
    const mediaType = type ? type.split(';')[0].trim().toLowerCase() : null;
    if (res.status >= 400) {
      const text = platformText(parsed) ?? (raw.length && !isJson ? raw.toString('utf8').slice(0, 500) : null);
      const what = RETRYABLE(res.status) ? 'is unavailable' : 'refused the request';
      throw new PlatformError(
        `The e-invoicing platform ${what} (HTTP ${res.status})${text ? `: ${text}` : ''}`,
        res.status,
        RETRYABLE(res.status),
        text,
      );
    }
    const wrong = checkResponse(api, operationId, res.status, mediaType, mediaType === 'application/octet-stream' ? undefined : parsed);
    if (wrong.length && !(mediaType !== 'application/json' && operationId === 'getFlow')) {
      throw new PlatformError(
        `The e-invoicing platform's answer to ${operationId} does not conform to the AFNOR XP Z12-013 OpenAPI: ${wrong.join('; ')}`,
        res.status,
        false,
      );
    }
    this.options.onExchange?.({
      api,
      operationId,
      request: { path: options.params ?? {}, query: options.query ?? {}, contentType, body: checked },
      response: { status: res.status, contentType: mediaType, body: parsed },
    });
    return { status: res.status, contentType: mediaType, body: parsed, bytes: raw };
  }

  async health(api: AfnorApiName = 'flow'): Promise<void> {
    await this.call(api, 'getHealth', 'GET', '/v1/healthcheck');
  }

  async submitFlow(flowInfo: FlowInfo, file: Buffer, fileName: string, fileType: string): Promise<Flow> {
    const res = await this.call('flow', 'createFlow', 'POST', '/v1/flows', { form: { fields: { flowInfo }, file, fileName, fileType } });
    return res.body as Flow;
  }

  async searchFlows(where: SearchFilters, limit = 100): Promise<Flow[]> {
    const res = await this.call('flow', 'searchFlow', 'POST', '/v1/flows/search', { json: { limit, where } });
    return ((res.body as { results?: Flow[] } | undefined)?.results ?? []).filter((f) => typeof f.flowId === 'string');
  }

  async flowMetadata(flowId: string): Promise<Flow> {
    const res = await this.call('flow', 'getFlow', 'GET', `/v1/flows/${encodeURIComponent(flowId)}`, {
      params: { flowId },
      query: { docType: 'Metadata' },
    });
    return res.body as Flow;
  }

  async downloadFlow(flowId: string): Promise<Buffer> {
    const res = await this.call('flow', 'getFlow', 'GET', `/v1/flows/${encodeURIComponent(flowId)}`, {
      params: { flowId },
      query: { docType: 'Original' },
    });
    return res.bytes ?? Buffer.alloc(0);
  }

  /** The directory lines of a SIREN (Directory Service: searchDirectoryLine). */
  async directoryLines(
    siren: string,
  ): Promise<{ addressingIdentifier?: string; siren?: string; siret?: string; legalUnit?: { businessName?: string } }[]> {
    const res = await this.call('directory', 'searchDirectoryLine', 'POST', '/v1/directory-line/search', {
      json: { filters: { siren: { op: 'contains', value: siren } }, limit: 50 },
    });
    const results =
      (res.body as { results?: { addressingIdentifier?: string; siren?: string; siret?: string }[] } | undefined)?.results ?? [];
    return results.filter((r) => r.siren === siren);
  }
}
