// Account settings: reading them with defaults applied, and changing them by partial update
// (deep merge; null or "" resets a field to its default). The company name is the account name,
// so /hello and every document show the same one. The logo is stored as bytes beside the JSON.
import { transaction } from '../../db/transaction.js';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import { DomainValidationError } from '../../domain/errors.js';
import {
  frenchVatNumberProblem,
  ibanProblem,
  bicProblem,
  normalizeIdentifier,
  sirenProblem,
  siretProblem,
  vatNumberProblem,
} from '../../domain/identifiers.js';
import { validateNumberPattern } from '../../domain/numbering.js';
import { REMINDER_PLACEHOLDERS, unknownPlaceholders } from '../../domain/reminders.js';
import { describeSettlementTerm } from '../../domain/settlement.js';
import { NotFoundError, type FieldError } from '../../errors.js';
import { checkIfMatch, type IfMatch, type Versioned } from '../../app/versioning.js';
import { reencodeImage } from '../../images/reencode.js';
import { classificationById } from '../reference/index.js';
import { checkAddress, throwIfAny, toAddress } from '../../app/input/address.js';
import { defaultSettings } from './defaults.js';
import * as repo from './repo.js';
import type { AccountSettings, SettingsPatchT, SettlementTermT } from './schemas.js';

export type { AccountSettings } from './schemas.js';

export const MAX_LOGO_BYTES = 1024 * 1024;
const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Applies a patch to the sparse stored document: objects merge, arrays and scalars replace,
 * strings are trimmed, and null or "" removes the field (so its default applies again).
 */
function mergePatch(target: Json, patch: Json): Json {
  // Names from the client's patch are keys of an object without a prototype (`__proto__`, `constructor`).
  const out: Json = Object.assign(Object.create(null) as Json, target);
  for (const [key, raw] of Object.entries(patch)) {
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (value === null || value === undefined || value === '') delete out[key];
    else if (isObject(value)) {
      const old = Object.hasOwn(out, key) ? out[key] : undefined;
      const merged = mergePatch(isObject(old) ? old : {}, value);
      if (Object.keys(merged).length) out[key] = merged;
      else delete out[key];
    } else out[key] = value;
  }
  return out;
}

/** Defaults overlaid with the stored document (which holds no nulls). */
function overlay<T>(base: T, doc: Json): T {
  if (!isObject(base)) return doc as T;
  const out: Json = Object.assign(Object.create(null) as Json, base);
  for (const [key, value] of Object.entries(doc)) {
    const old = Object.hasOwn(out, key) ? out[key] : undefined;
    out[key] = isObject(value) && isObject(old) ? overlay(old, value) : value;
  }
  return out as T;
}

function at(doc: Json, path: string): Json | undefined {
  let node: unknown = doc;
  for (const part of path.split('.')) node = isObject(node) ? node[part] : undefined;
  return isObject(node) ? node : undefined;
}

function checkIdentifiers(doc: Json, errors: FieldError[]): void {
  const company = at(doc, 'company');
  if (company) {
    let siren: string | null = null;
    if (typeof company.siret === 'string') {
      const siret = normalizeIdentifier(company.siret);
      company.siret = siret;
      const problem = siret.length === 9 ? sirenProblem(siret) : siretProblem(siret);
      if (problem) errors.push({ field: 'company.siret', message: problem });
      else siren = siret.slice(0, 9);
    }
    if (typeof company.vatNumber === 'string') {
      const vat = normalizeIdentifier(company.vatNumber);
      company.vatNumber = vat;
      const problem = vat.startsWith('FR') ? frenchVatNumberProblem(vat) : vatNumberProblem(vat);
      if (problem) errors.push({ field: 'company.vatNumber', message: problem });
      else if (siren && vat.startsWith('FR') && /^\d{9}$/.test(vat.slice(4)) && vat.slice(4) !== siren) {
        errors.push({ field: 'company.vatNumber', message: `vatNumber does not belong to the SIREN ${siren} of company.siret` });
      }
    }
    if (typeof company.taxRegistrationId === 'string') {
      const id = company.taxRegistrationId.replace(/\s/g, '');
      company.taxRegistrationId = id || null;
      if (id && !/^[A-Za-z0-9][A-Za-z0-9./-]*$/.test(id)) {
        errors.push({
          field: 'company.taxRegistrationId',
          message: 'taxRegistrationId may only contain letters, digits, ".", "/" and "-"',
        });
      }
    }
    if (typeof company.ape === 'string') {
      const ape = company.ape.toUpperCase().replace(/\s/g, '');
      const match = /^(\d{2})\.?(\d{2})([A-Z])$/.exec(ape);
      if (match) company.ape = `${match[1]}.${match[2]}${match[3]}`;
      else errors.push({ field: 'company.ape', message: 'ape must look like 62.01Z' });
    }
    if (
      typeof company.website === 'string' &&
      !/^(https?:\/\/)?[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+(:\d+)?([/?#]\S*)?$/iu.test(company.website)
    ) {
      errors.push({ field: 'company.website', message: 'website must be a web address such as https://example.fr' });
    }
    for (const name of ['headOfficeAddress', 'invoicingAddress']) {
      const address = company[name];
      if (isObject(address)) {
        checkAddress(address, `company.${name}`, errors);
        if (typeof address.countryIso === 'string') address.countryIso = address.countryIso.toUpperCase();
      }
    }
  }
  const bank = at(doc, 'bankDetails');
  if (bank) {
    for (const [field, problemOf] of [
      ['iban', ibanProblem],
      ['bic', bicProblem],
    ] as const) {
      if (typeof bank[field] !== 'string') continue;
      bank[field] = normalizeIdentifier(bank[field]);
      const problem = problemOf(bank[field] as string);
      if (problem) errors.push({ field: `bankDetails.${field}`, message: problem });
    }
  }
}

/** Literal characters of a number pattern that the French rules refuse in an invoice number (BR-FR-02). */
const NOT_IN_INVOICE_NUMBERS = /[^A-Za-z0-9+\-_/]/;

function checkNumbering(doc: Json, errors: FieldError[], patch: Json = {}): void {
  const numbering = at(doc, 'numbering');
  if (!numbering) return;
  for (const field of ['invoicePattern', 'creditPattern', 'quotePattern']) {
    if (typeof numbering[field] !== 'string') continue;
    const problem = validateNumberPattern(numbering[field]);
    if (problem) errors.push({ field: `numbering.${field}`, message: problem });
    // BR-FR-02: only letters, digits and + - _ / in BT-1 (tokens produce digits). Checked when the
    // pattern is saved; a pattern stored before this rule is judged at finalization.
    const literal = numbering[field].replace(/\{[^}]*\}/g, '');
    const bad = NOT_IN_INVOICE_NUMBERS.exec(literal);
    if (!problem && bad && at(patch, 'numbering')?.[field] !== undefined) {
      errors.push({
        field: `numbering.${field}`,
        message: `BR-FR-02: an invoice number may hold only letters, digits and + - _ / (no spaces); "${bad[0]}" would make every number refused`,
      });
    }
  }
  for (const field of ['customerPrefix', 'supplierPrefix', 'productPrefix']) {
    const value = numbering[field];
    if (typeof value === 'string' && !/^[A-Za-z0-9\-_/.]{1,10}$/.test(value)) {
      errors.push({ field: `numbering.${field}`, message: 'a prefix is 1 to 10 letters, digits or - _ / .' });
    }
  }
}

/** Completes each condition (single condition: 100 %; delay 0; Days; Net) and checks the term. */
/**
 * Seller settings that can only produce failing e-invoices, judged when the fields involved are
 * saved: a seller liable to VAT needs its VAT number (BR-S-02 and the other categories' -02 rules);
 * a seller under the franchise needs its VAT number or a tax registration identifier (BR-E-02).
 */
function checkSellerVat(doc: Json, patch: Json, errors: FieldError[]): void {
  const touched =
    at(patch, 'vat')?.liableToVat !== undefined ||
    at(patch, 'company')?.vatNumber !== undefined ||
    at(patch, 'company')?.taxRegistrationId !== undefined;
  if (!touched) return;
  const company = at(doc, 'company') ?? {};
  const liable = at(doc, 'vat')?.liableToVat !== false;
  const vatNumber = typeof company.vatNumber === 'string' && company.vatNumber.trim() !== '';
  const taxId = typeof company.taxRegistrationId === 'string' && company.taxRegistrationId.trim() !== '';
  if (liable && !vatNumber) {
    errors.push({
      field: 'company.vatNumber',
      message:
        'BR-S-02: a seller liable to VAT must give its VAT number (company.vatNumber); without it no invoice with VAT can be issued. ' +
        'A seller under the franchise en base sets vat.liableToVat to false.',
    });
  } else if (!liable && !vatNumber && !taxId) {
    errors.push({
      field: 'company.taxRegistrationId',
      message: 'BR-E-02: a seller not liable to VAT must give its VAT number or a tax registration identifier (company.taxRegistrationId)',
    });
  }
}

function checkSettlementTerm(doc: Json, path: string, errors: FieldError[]): void {
  const term = at(doc, path);
  if (!term || !Array.isArray(term.conditions)) return;
  const conditions = term.conditions as Json[];
  term.conditions = conditions.map((c, i) => ({
    dayOfMonth: c.dayOfMonth ?? null,
    delay: c.delay ?? 0,
    delayType: c.delayType ?? 'Days',
    percent: c.percent ?? (conditions.length === 1 ? 100 : undefined),
    type: c.type ?? 'Net',
    id: i + 1,
  }));
  (term.conditions as Json[]).forEach((c, i) => {
    if (c.percent === undefined)
      errors.push({ field: `${path}.conditions[${i}].percent`, message: 'is required when a term has several conditions' });
  });
  if (errors.length) return;
  try {
    describeSettlementTerm(term);
  } catch (e) {
    if (!(e instanceof DomainValidationError)) throw e;
    errors.push({ field: `${path}.${e.field}`, message: e.message });
  }
}

/** An absolute http(s) URL without query or fragment, its trailing slashes dropped; null when it is not one. */
function serviceUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash || url.username || url.password) return null;
    return url.href.replace(/\/+$/, '');
  } catch {
    return null;
  }
}

/** einvoicing.platform: both URLs absolute http(s), and a token once a Flow Service is set. */
function checkPlatform(doc: Json, errors: FieldError[]): void {
  const platform = at(doc, 'einvoicing.platform');
  if (!platform) return;
  const flow = serviceUrl(platform.flowServiceUrl);
  if (!flow)
    errors.push({
      field: 'einvoicing.platform.flowServiceUrl',
      message: 'the Flow Service base URL must be an absolute http(s) URL, without query',
    });
  else platform.flowServiceUrl = flow;
  if (platform.directoryServiceUrl !== undefined) {
    const directory = serviceUrl(platform.directoryServiceUrl);
    if (!directory)
      errors.push({
        field: 'einvoicing.platform.directoryServiceUrl',
        message: 'the Directory Service base URL must be an absolute http(s) URL, without query',
      });
    else platform.directoryServiceUrl = directory;
  }
  if (typeof platform.token !== 'string' || !platform.token)
    errors.push({ field: 'einvoicing.platform.token', message: 'the bearer token the platform gave is required with its URLs' });
}

/** The account's platform connection, token included (never answered by the API), or null. */
export async function readPlatformConnection(
  db: Kysely<Database>,
  accountId: number,
): Promise<{ flowServiceUrl: string; directoryServiceUrl: string | null; token: string } | null> {
  const found = await repo.readAccountWithSettings(db, accountId);
  if (!found?.settings) return null;
  const platform = at(JSON.parse(found.settings.data) as Json, 'einvoicing.platform');
  if (!platform || typeof platform.flowServiceUrl !== 'string' || typeof platform.token !== 'string') return null;
  return {
    flowServiceUrl: platform.flowServiceUrl,
    directoryServiceUrl: typeof platform.directoryServiceUrl === 'string' ? platform.directoryServiceUrl : null,
    token: platform.token,
  };
}

/**
 * reminders.steps: each step complete, in increasing days, its templates using only known
 * placeholders (a misspelt one would be sent as written: it is refused here, named).
 */
function checkReminders(doc: Json, errors: FieldError[]): void {
  const steps = at(doc, 'reminders')?.steps;
  if (!Array.isArray(steps)) return;
  let previous: number | null = null;
  (steps as Json[]).forEach((step, i) => {
    const path = `reminders.steps[${i}]`;
    for (const field of ['daysAfterDueDate', 'subject', 'body'] as const) {
      if (step[field] === undefined || step[field] === null) errors.push({ field: `${path}.${field}`, message: 'is required' });
    }
    step.formalNotice = step.formalNotice === true;
    for (const field of ['subject', 'body'] as const) {
      const unknown = typeof step[field] === 'string' ? unknownPlaceholders(step[field]) : [];
      if (unknown.length)
        errors.push({
          field: `${path}.${field}`,
          message: `unknown placeholder ${unknown.map((n) => `{${n}}`).join(', ')}; known: ${REMINDER_PLACEHOLDERS.map((n) => `{${n}}`).join(', ')}`,
        });
    }
    const days = step.daysAfterDueDate;
    if (typeof days === 'number') {
      if (previous !== null && days <= previous)
        errors.push({ field: `${path}.daysAfterDueDate`, message: `steps go in increasing days: ${days} comes after ${previous}` });
      previous = days;
    }
  });
}

function checkOthers(doc: Json, errors: FieldError[]): void {
  checkPlatform(doc, errors);
  checkReminders(doc, errors);
  const timezone = at(doc, 'general')?.timezone;
  if (typeof timezone === 'string') {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    } catch {
      errors.push({ field: 'general.timezone', message: `"${timezone}" is not an IANA time zone` });
    }
  }
  const sales = at(doc, 'sales');
  for (const field of ['defaultProductClassification', 'defaultServiceClassification', 'defaultShippingClassification']) {
    const choice = sales?.[field];
    if (!isObject(choice)) continue;
    const found = classificationById(Number(choice.id));
    if (!found || found.type !== 'Sale')
      errors.push({ field: `sales.${field}.id`, message: `${String(choice.id)} is not a Sale classification` });
    else sales![field] = { id: found.id };
  }
}

interface LogoChange {
  content: Buffer;
  contentType: string;
}

/** What company.logoUri asks for, read before the transaction (decoding an image takes milliseconds). */
type LogoRequest =
  { kind: 'unchanged' } | { kind: 'remove' } | { kind: 'ours'; token: string } | { kind: 'image'; logo: LogoChange } | { kind: 'refused' };

/**
 * A data URL or bare base64 PNG/JPEG, decoded and re-encoded (src/images): the stored logo is
 * the re-encoded one. A URL of one of our logos is resolved in the transaction ("unchanged" when
 * it names the current logo).
 */
async function readLogoRequest(value: string, errors: FieldError[]): Promise<LogoRequest> {
  const field = 'company.logoUri';
  const refused = (message: string): LogoRequest => {
    errors.push({ field, message });
    return { kind: 'refused' };
  };
  const ours = /^(https?:\/\/[^/]+(\/[^?#]*)?)?\/v1\/settings\/logo\/([\w-]+)$/i.exec(value);
  if (ours) return { kind: 'ours', token: ours[3] };
  if (/^https?:\/\//i.test(value)) return refused('logoUri must be a data URL or base64 PNG/JPEG image; remote URLs are not fetched');
  const dataUrl = /^data:[\w.+/-]*(;[\w-]+=[\w.-]+)*;base64,/i.exec(value);
  if (value.startsWith('data:') && !dataUrl) return refused('logoUri data URL must be base64-encoded (data:image/png;base64,...)');
  const base64 = (dataUrl ? value.slice(dataUrl[0].length) : value).replace(/\s/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64) && !/^[A-Za-z0-9_-]+={0,2}$/.test(base64)) return refused('logoUri is not valid base64');
  const content = Buffer.from(base64, base64.includes('-') || base64.includes('_') ? 'base64url' : 'base64');
  const result = await reencodeImage(content, { accept: LOGO_TYPES, maxBytes: MAX_LOGO_BYTES });
  if (!result.ok) return refused(result.problem);
  return { kind: 'image', logo: { content: result.image.content, contentType: result.image.contentType } };
}

function logoUrl(token: string | null, publicUrl: string | null | undefined): string | null {
  return token ? `${publicUrl ?? ''}/v1/settings/logo/${token}` : null;
}

function contactNames(contact: AccountSettings['company']['contact'], format: AccountSettings['general']['contactDisplayFormat']) {
  const first = contact.firstName;
  const last = contact.lastName;
  const natural = [first, last].filter(Boolean).join(' ') || null;
  const inverted = [last, first].filter(Boolean).join(' ') || null;
  return format === 'LastNameFirstName'
    ? { displayName: inverted, invertedDisplayName: natural }
    : { displayName: natural, invertedDisplayName: inverted };
}

function presentTerm(term: SettlementTermT, stored: Json | undefined): SettlementTermT {
  if (!stored) return term;
  const name = typeof stored.name === 'string' ? stored.name : describeSettlementTerm(term);
  return { ...term, isCustom: true, name };
}

/** "Atelier Numérique & Fils SAS" -> "atelier-numerique-fils-sas": the company in URLs, stable while its name is. */
export function slugOf(name: string): string | null {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
  return slug || null;
}

function present(doc: Json, name: string, logoToken: string | null, publicUrl: string | null | undefined): AccountSettings {
  const s = overlay(defaultSettings(), structuredClone(doc));
  const company = s.company;
  company.name = name;
  company.urlCompanyName ??= slugOf(name);
  company.invoicingAddress = toAddress(company.invoicingAddress);
  company.headOfficeAddress = company.useInvoicingAddressAsHeadOfficeAddress
    ? company.invoicingAddress
    : toAddress(company.headOfficeAddress);
  Object.assign(company.contact, contactNames(company.contact, s.general.contactDisplayFormat));
  company.logoUri = company.emailLogoUri = company.reportLogoUri = logoUrl(logoToken, publicUrl);
  // The token is write-only: only whether one is stored is answered.
  const platform = at(doc, 'einvoicing.platform');
  s.einvoicing.platform =
    platform && typeof platform.flowServiceUrl === 'string'
      ? {
          flowServiceUrl: platform.flowServiceUrl,
          directoryServiceUrl: typeof platform.directoryServiceUrl === 'string' ? platform.directoryServiceUrl : null,
          hasToken: typeof platform.token === 'string' && platform.token.length > 0,
        }
      : null;
  s.sales.btoBSettlementTerm = presentTerm(s.sales.btoBSettlementTerm, at(doc, 'sales.btoBSettlementTerm'));
  s.sales.btoCSettlementTerm = presentTerm(s.sales.btoCSettlementTerm, at(doc, 'sales.btoCSettlementTerm'));
  for (const field of ['defaultProductClassification', 'defaultServiceClassification', 'defaultShippingClassification'] as const) {
    const choice = s.sales[field];
    s.sales[field] = choice ? (classificationById(choice.id) ?? null) : null;
  }
  return s;
}

/**
 * The account's settings with every default applied, typed. Used by other modules for the
 * seller identity, VAT regime, number patterns and prefixes, settlement terms and
 * earlyFinalizationDuration. `publicUrl` only prefixes the logo URL.
 */
export async function getAccountSettings(
  db: Kysely<Database>,
  accountId: number,
  options: { publicUrl?: string | null } = {},
): Promise<AccountSettings> {
  return (await readAccountSettings(db, accountId, options)).settings;
}

/** The settings and the token of the current logo (null without one), which finalized documents record. */
export async function readAccountSettings(
  db: Kysely<Database>,
  accountId: number,
  options: { publicUrl?: string | null } = {},
): Promise<{ settings: AccountSettings; logoToken: string | null; version: number }> {
  const found = await repo.readAccountWithSettings(db, accountId);
  if (found === null) throw new NotFoundError('Account', accountId);
  const row = found.settings;
  const logoToken = row?.logoToken ?? null;
  // Settings never written are the defaults, version 1: the version their row starts at.
  const version = row?.version ?? 1;
  const key = { data: row?.data ?? null, name: found.name, logoToken, publicUrl: options.publicUrl ?? null };
  const known = presented.get(accountId);
  if (
    known &&
    known.data === key.data &&
    known.name === key.name &&
    known.logoToken === key.logoToken &&
    known.publicUrl === key.publicUrl
  ) {
    return { settings: known.settings, logoToken, version };
  }
  const settings = deepFreeze(present(row ? (JSON.parse(row.data) as Json) : {}, found.name, logoToken, options.publicUrl));
  if (presented.size >= 10_000) presented.clear();
  presented.set(accountId, { ...key, settings });
  return { settings, logoToken, version };
}

/**
 * The settings last presented per account, reused while the stored row reads the same (it is still
 * read on every call, so a change made by another process shows at once). Frozen: callers share it.
 */
const presented = new Map<
  number,
  { data: string | null; name: string; logoToken: string | null; publicUrl: string | null; settings: AccountSettings }
>();

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}

/** The logo bytes (for PDFs), or null. */
export async function getAccountLogo(db: Kysely<Database>, accountId: number): Promise<{ content: Buffer; contentType: string } | null> {
  return repo.readLogo(db, { accountId });
}

/** A logo the account used, by token, whether or not it is still the current one. */
export async function getLogoVersion(db: Kysely<Database>, accountId: number, token: string) {
  return repo.readLogoVersion(db, accountId, token);
}

export async function getLogoByToken(db: Db, token: string) {
  const logo = await repo.readLogo(db.kysely, { token });
  if (!logo) throw new NotFoundError('Logo');
  return logo;
}

export async function updateAccountSettings(
  db: Db,
  accountId: number,
  patch: SettingsPatchT,
  options: { publicUrl?: string | null; ifMatch?: IfMatch } = {},
): Promise<Versioned<AccountSettings>> {
  const { name, logoUri, ...companyRest } = (patch.company ?? {}) as Json;
  const logoErrors: FieldError[] = [];
  let logoRequest: LogoRequest = { kind: 'unchanged' };
  if (logoUri !== undefined) {
    logoRequest = typeof logoUri === 'string' && logoUri.trim() ? await readLogoRequest(logoUri.trim(), logoErrors) : { kind: 'remove' };
  }
  return transaction(db, async (trx) => {
    const errors: FieldError[] = [...logoErrors];
    const row = await repo.readSettingsForUpdate(trx, accountId);
    checkIfMatch(options.ifMatch ?? null, row.version, 'The settings');
    const rest = { ...(patch as Json), ...(patch.company ? { company: companyRest } : {}) };

    let newName: string | null = null;
    if ('name' in (patch.company ?? {})) {
      newName = typeof name === 'string' ? name.trim() : '';
      if (!newName) errors.push({ field: 'company.name', message: 'the company name must not be empty: it is also the account name' });
    }
    let logo: LogoChange | 'keep' | null = 'keep';
    if (logoRequest.kind === 'remove') logo = null;
    else if (logoRequest.kind === 'image') logo = logoRequest.logo;
    else if (logoRequest.kind === 'ours' && logoRequest.token !== row.logoToken) {
      errors.push({
        field: 'company.logoUri',
        message: 'logoUri names a logo that is not the current one; send the image itself as a data URL',
      });
    }

    const doc = mergePatch(JSON.parse(row.data) as Json, rest);
    checkIdentifiers(doc, errors);
    checkNumbering(doc, errors, patch);
    checkSellerVat(doc, patch, errors);
    checkSettlementTerm(doc, 'sales.btoBSettlementTerm', errors);
    checkSettlementTerm(doc, 'sales.btoCSettlementTerm', errors);
    checkOthers(doc, errors);
    throwIfAny(errors);

    const version = await repo.writeSettings(trx, accountId, JSON.stringify(doc));
    if (newName) await repo.renameAccount(trx, accountId, newName);
    let logoToken = row.logoToken;
    if (logo !== 'keep') {
      logoToken = logo ? randomBytes(24).toString('base64url') : null;
      await repo.writeLogo(trx, accountId, logo && logoToken ? { ...logo, token: logoToken } : null);
    }
    const accountName = newName ?? (await repo.accountName(trx, accountId)) ?? '';
    return { value: present(doc, accountName, logoToken, options.publicUrl), version };
  });
}
