// Owns the call to an external e-invoicing validator (EINVOICING_VALIDATOR_URL), contract in
// docs/einvoicing.md: POST the CII XML, read `{ findings: [...] }`. Any transport failure, timeout,
// non-2xx or unreadable answer is a 503: never a false verdict, never a silent fallback.
import { type CheckResult, type Finding, isValidVerdict } from '../../einvoicing/check.js';
import { UnavailableError } from '../../errors.js';

const MAX_ANSWER_BYTES = 5 * 1024 * 1024;

function unavailable(why: string): UnavailableError {
  return new UnavailableError(`The e-invoicing validator is unavailable (${why}); try again later.`);
}

const optionalString = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

function toFinding(raw: unknown): Finding | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const f = raw as Record<string, unknown>;
  if (typeof f.ruleId !== 'string' || typeof f.message !== 'string') return null;
  if (f.severity !== 'Error' && f.severity !== 'Warning') return null;
  return {
    ruleId: f.ruleId,
    severity: f.severity,
    message: f.message,
    businessTerm: optionalString(f.businessTerm),
    location: optionalString(f.location),
  };
}

export async function validateRemotely(url: string, xml: string, timeoutMs = 10_000): Promise<CheckResult> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/xml', accept: 'application/json' },
      body: xml,
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await response.text();
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    throw unavailable(timedOut ? `no answer within ${timeoutMs / 1000} s` : 'it could not be reached');
  }
  if (!response.ok) throw unavailable(`it answered HTTP ${response.status}`);
  if (text.length > MAX_ANSWER_BYTES) throw unavailable('its answer is too large');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw unavailable('its answer is not JSON');
  }
  const list = typeof body === 'object' && body !== null ? (body as { findings?: unknown }).findings : undefined;
  if (!Array.isArray(list)) throw unavailable('its answer has no findings array');
  const findings: Finding[] = [];
  for (const raw of list) {
    const finding = toFinding(raw);
    if (!finding) throw unavailable('its answer has a malformed finding');
    findings.push(finding);
  }
  return { isValid: isValidVerdict(findings), findings };
}
