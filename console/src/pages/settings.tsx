// Settings: company identity (the API's SIRET/VAT messages beside the fields), logo upload with
// preview, bank details, numbering patterns with a live example (the server's own pure numbering
// functions, bundled), invoicing defaults, e-mail templates per document kind with a live preview
// (the server's own renderTemplate, bundled). One PUT /v1/settings with If-Match.
import { PlatformSettings } from './einvoicing';
import { RemindersSettings, type ReminderSettings } from './reminders';
import { useId, useState } from 'preact/hooks';
import { formatDocumentNumber, validateNumberPattern } from '../../../src/domain/numbering';
import { DEFAULT_SUBJECT, defaultBody, formatAmount, formatDate, renderTemplate } from '../../../src/modules/mailing/templates';
import { ApiError } from '../api';
import type { Schemas } from '../api-types';
import { call, refuse } from '../api';
import { inputNumber, parseNumber } from '../format';
import { t } from '../i18n';
import { ErrorBox, Field, fieldErrors, focusFirstError, Loading, Notice, Select, useLoad } from '../ui';

/** The API's settings, the sections this page shows. */
type Settings = Pick<
  Schemas['Settings'],
  'company' | 'bankDetails' | 'numbering' | 'documentDefaults' | 'vat' | 'einvoicing' | 'emailing' | 'reminders'
>;

/** The document kinds the API sends by e-mail (POST /v1/saleinvoices/send/{id}, /v1/salecredits/send/{id}, /v1/salequotes/send/{id}). */
const MAIL_KINDS = ['invoices', 'credits', 'quotes'] as const;
const MAIL_TITLES: Record<MailKind, string> = { invoices: 'Facture', credits: 'Avoir', quotes: 'Devis' };
type MailKind = (typeof MAIL_KINDS)[number];

/** The e-mail defaults of one document kind (settings.emailing.invoices, …). */
type DocumentEmail = Schemas['Settings']['emailing'][MailKind];

interface MailForm {
  subject: string;
  body: string;
  cc: string;
  bcc: string;
  attach: boolean;
  showAmount: boolean;
}

function mailFormOf(s: Settings): Record<MailKind, MailForm> {
  const one = (e: DocumentEmail): MailForm => ({
    subject: e.defaultObjectTemplate ?? '',
    body: e.defaultContentTemplate ?? '',
    cc: (e.defaultCcEmails ?? []).join(', '),
    bcc: (e.defaultBccEmails ?? []).join(', '),
    attach: e.includeDocumentAttachment,
    showAmount: e.showAmount,
  });
  return { invoices: one(s.emailing.invoices), credits: one(s.emailing.credits), quotes: one(s.emailing.quotes) };
}

const addresses = (value: string) =>
  value
    .split(/[,;\s]+/)
    .map((a) => a.trim())
    .filter(Boolean);

function TextArea(props: {
  label: string;
  value: string;
  onValue: (v: string) => void;
  placeholder?: string;
  rows?: number;
  hint?: string;
  error?: string;
}) {
  const id = useId();
  const described = [props.error ? `${id}-error` : '', props.hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div class={`field wide${props.error ? ' invalid' : ''}`}>
      <label for={id}>{props.label}</label>
      <textarea
        id={id}
        rows={props.rows ?? 6}
        value={props.value}
        placeholder={props.placeholder}
        aria-invalid={props.error ? 'true' : undefined}
        aria-describedby={described}
        onInput={(e) => {
          props.onValue(e.currentTarget.value);
        }}
      />
      {props.hint && (
        <p class="hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      )}
      {props.error && (
        <p class="field-error" id={`${id}-error`}>
          {props.error}
        </p>
      )}
    </div>
  );
}

/** Field errors whose name starts with a prefix (cc/bcc arrays: emailing.invoices.defaultCcEmails[1]). */
function errorsUnder(error: unknown, prefix: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const found = Object.entries(error.fields)
    .filter(([field]) => field.toLowerCase().startsWith(prefix.toLowerCase()))
    .flatMap(([field, messages]) => messages.map((m) => (field.length > prefix.length ? `${field.slice(prefix.length)} ${m}` : m)));
  return found.length ? found.join(' ') : undefined;
}

/** The e-mail a customer would receive, rendered with example values by the server's own function. */
function MailPreview({ kind, form, company, pattern }: { kind: MailKind; form: MailForm; company: string; pattern: string }) {
  const today = new Date().toISOString().slice(0, 10);
  const due = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const title = MAIL_TITLES[kind];
  const values = {
    document: title.toLowerCase(),
    number: validateNumberPattern(pattern) ? '' : formatDocumentNumber(pattern, today, 1),
    amount: form.showAmount ? formatAmount('1234.5') : '',
    date: formatDate(today),
    dueDate: kind === 'credits' ? '' : formatDate(due),
    company,
    customer: 'Boulangerie Exemple',
  };
  const subject = renderTemplate(form.subject || DEFAULT_SUBJECT, { ...values, document: title })
    .replace(/[\r\n]+/g, ' ')
    .trim();
  const body = renderTemplate(form.body || defaultBody(form.showAmount, kind !== 'credits'), values);
  return (
    <section class="mail-preview" aria-labelledby="mail-preview-title" aria-live="polite">
      <h3 id="mail-preview-title">{t('mailPreview')}</h3>
      <p>
        <strong>{t('mailSubject')} :</strong> <span data-testid="preview-subject">{subject}</span>
      </p>
      <pre data-testid="preview-body">{body}</pre>
      {form.attach && <p class="hint">{t('attachment', { name: `${values.number || title}.pdf` })}</p>}
    </section>
  );
}

const _FIELDS = [
  'name',
  'legalStatus',
  'siret',
  'vatNumber',
  'capital',
  'registrationNumber',
  'website',
  'email',
  'phone',
  'street',
  'zipcode',
  'city',
  'countryIso',
  'accountHolder',
  'bankName',
  'iban',
  'bic',
  'invoicePattern',
  'creditPattern',
  'quotePattern',
  'invoiceFooterNotes',
  'creditFooterNotes',
  'latePaymentPenaltyRate',
] as const;
type FormKey = (typeof _FIELDS)[number];

function formOf(s: Settings): Record<FormKey, string> {
  const c = s.company;
  const a = c.invoicingAddress;
  return {
    name: c.name ?? '',
    legalStatus: c.legalStatus ?? '',
    siret: c.siret ?? '',
    vatNumber: c.vatNumber ?? '',
    capital: inputNumber(c.capital),
    registrationNumber: c.registrationNumber ?? '',
    website: c.website ?? '',
    email: c.contact.email ?? '',
    phone: c.contact.phone ?? '',
    street: a?.street ?? '',
    zipcode: a?.zipcode ?? '',
    city: a?.city ?? '',
    countryIso: a?.countryIso ?? 'FR',
    accountHolder: s.bankDetails.accountHolder ?? '',
    bankName: s.bankDetails.bankName ?? '',
    iban: s.bankDetails.iban ?? '',
    bic: s.bankDetails.bic ?? '',
    invoicePattern: s.numbering.invoicePattern,
    creditPattern: s.numbering.creditPattern,
    quotePattern: s.numbering.quotePattern,
    invoiceFooterNotes: s.documentDefaults.invoiceFooterNotes ?? '',
    creditFooterNotes: s.documentDefaults.creditFooterNotes ?? '',
    latePaymentPenaltyRate: inputNumber(s.documentDefaults.latePaymentPenaltyRate),
  };
}

function example(pattern: string): { value?: string; error?: string } {
  const problem = validateNumberPattern(pattern);
  if (problem) return { error: problem };
  return { value: formatDocumentNumber(pattern, new Date().toISOString().slice(0, 10), 1) };
}

export function SettingsPage() {
  const [form, setForm] = useState<Record<FormKey, string> | null>(null);
  const [mail, setMail] = useState<Record<MailKind, MailForm> | null>(null);
  const [mailKind, setMailKind] = useState<MailKind>('invoices');
  const [liable, setLiable] = useState(true);
  const [frenchRules, setFrenchRules] = useState<'Warn' | 'Enforce'>('Warn');
  const [reminders, setReminders] = useState<ReminderSettings | null>(null);
  const [logo, setLogo] = useState<string | null>(null);
  const [newLogo, setNewLogo] = useState<string | null>(null);
  const [etag, setEtag] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const load = useLoad(async () => {
    const answer = await call('GET', '/v1/settings');
    setForm(formOf(answer.data));
    setMail(mailFormOf(answer.data));
    setLiable(answer.data.vat.liableToVat);
    setFrenchRules(answer.data.einvoicing.frenchRules);
    setReminders(answer.data.reminders);
    setLogo(answer.data.company.logoUri);
    setEtag(answer.etag);
    return answer.data;
  }, []);

  if (load.loading && !form) return <Loading />;
  if (load.error !== undefined || !form || !mail) return <ErrorBox error={load.error} retry={load.reload} />;
  const f = form;
  const m = mail[mailKind];
  const setM = (patch: Partial<MailForm>) => {
    setMail({ ...mail, [mailKind]: { ...m, ...patch } });
  };
  const emailing = Object.fromEntries(
    MAIL_KINDS.map((k) => [
      k,
      {
        defaultObjectTemplate: mail[k].subject.trim() || null,
        defaultContentTemplate: mail[k].body.trim() ? mail[k].body : null,
        defaultCcEmails: addresses(mail[k].cc),
        defaultBccEmails: addresses(mail[k].bcc),
        includeDocumentAttachment: mail[k].attach,
        showAmount: mail[k].showAmount,
      },
    ]),
  );
  const set = (key: FormKey) => (value: string) => {
    setForm({ ...f, [key]: value });
  };
  const n = (key: FormKey) => f[key].trim() || null;
  const err = (...names: string[]) => fieldErrors(error, ...names);
  // A number typed the French way; NaN when it is not one (the form is refused before sending).
  const num = (key: FormKey) => parseNumber(f[key]);

  const pickLogo = (file: File | undefined) => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setNewLogo(reader.result);
    };
    reader.readAsDataURL(file);
  };

  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setSaved(false);
    const notNumbers: Record<string, string[]> = {};
    if (Number.isNaN(num('capital'))) notNumbers['company.capital'] = ['must be a number (or null)'];
    if (Number.isNaN(num('latePaymentPenaltyRate'))) notNumbers['documentDefaults.latePaymentPenaltyRate'] = ['must be a number (or null)'];
    if (Object.keys(notNumbers).length) {
      setError(refuse(notNumbers));
      setBusy(false);
      return;
    }
    const body = {
      company: {
        name: n('name'),
        legalStatus: n('legalStatus'),
        siret: n('siret'),
        vatNumber: n('vatNumber'),
        capital: num('capital'),
        registrationNumber: n('registrationNumber'),
        website: n('website'),
        contact: { email: n('email'), phone: n('phone') },
        invoicingAddress: { street: n('street'), zipcode: n('zipcode'), city: n('city'), countryIso: n('countryIso') },
        ...(newLogo ? { logoUri: newLogo } : {}),
      },
      bankDetails: { accountHolder: n('accountHolder'), bankName: n('bankName'), iban: n('iban'), bic: n('bic') },
      numbering: { invoicePattern: f.invoicePattern, creditPattern: f.creditPattern, quotePattern: f.quotePattern },
      documentDefaults: {
        invoiceFooterNotes: n('invoiceFooterNotes'),
        creditFooterNotes: n('creditFooterNotes'),
        latePaymentPenaltyRate: num('latePaymentPenaltyRate'),
      },
      vat: { liableToVat: liable },
      einvoicing: { frenchRules },
      emailing,
      ...(reminders ? { reminders } : {}),
    };
    try {
      const answer = await call('PUT', '/v1/settings', { body, ifMatch: etag });
      setEtag(answer.etag);
      setForm(formOf(answer.data));
      setMail(mailFormOf(answer.data));
      setReminders(answer.data.reminders);
      setLogo(answer.data.company.logoUri);
      setNewLogo(null);
      setSaved(true);
    } catch (err) {
      setError(err);
      focusFirstError();
    }
    setBusy(false);
  };

  const inv = example(f.invoicePattern);
  const cred = example(f.creditPattern);
  const quo = example(f.quotePattern);
  return (
    <>
      <h1 tabIndex={-1}>{t('settings')}</h1>
      <form onSubmit={(e) => void submit(e)} noValidate class="settings">
        {error !== null && <ErrorBox error={error} />}
        <fieldset>
          <legend>{t('company')}</legend>
          <Field label={t('companyName')} value={f.name} onValue={set('name')} error={err('company.name')} />
          <Field label={t('legalStatus')} value={f.legalStatus} onValue={set('legalStatus')} error={err('company.legalStatus')} />
          <Field label={t('siret')} inputMode="numeric" value={f.siret} onValue={set('siret')} error={err('company.siret')} />
          <Field label={t('vatNumber')} value={f.vatNumber} onValue={set('vatNumber')} error={err('company.vatNumber')} />
          <Field label={t('capital')} inputMode="decimal" value={f.capital} onValue={set('capital')} error={err('company.capital')} />
          <Field
            label={t('registrationNumber')}
            value={f.registrationNumber}
            onValue={set('registrationNumber')}
            error={err('company.registrationNumber')}
          />
          <Field label={t('email')} type="email" value={f.email} onValue={set('email')} error={err('company.contact.email')} />
          <Field label={t('phone')} type="tel" value={f.phone} onValue={set('phone')} error={err('company.contact.phone')} />
          <Field label={t('website')} value={f.website} onValue={set('website')} error={err('company.website')} />
          <Field label={t('street')} value={f.street} onValue={set('street')} error={err('company.invoicingAddress.street')} />
          <Field label={t('zipcode')} value={f.zipcode} onValue={set('zipcode')} error={err('company.invoicingAddress.zipcode')} />
          <Field label={t('city')} value={f.city} onValue={set('city')} error={err('company.invoicingAddress.city')} />
          <Field
            label={t('country')}
            value={f.countryIso}
            onValue={set('countryIso')}
            maxLength={2}
            error={err('company.invoicingAddress.countryIso')}
          />
        </fieldset>
        <fieldset>
          <legend>{t('logo')}</legend>
          {(newLogo ?? logo) && <img class="logo-preview" src={newLogo ?? logo ?? ''} alt={t('logo')} />}
          <div class={`field${err('company.logoUri') ? ' invalid' : ''}`}>
            <label for="logo-file">{t('chooseLogo')}</label>
            <input
              id="logo-file"
              type="file"
              accept="image/png,image/jpeg"
              onChange={(e) => {
                pickLogo(e.currentTarget.files?.[0]);
              }}
            />
            {err('company.logoUri') && <p class="field-error">{err('company.logoUri')}</p>}
          </div>
        </fieldset>
        <fieldset>
          <legend>{t('bank')}</legend>
          <Field
            label={t('accountHolder')}
            value={f.accountHolder}
            onValue={set('accountHolder')}
            error={err('bankDetails.accountHolder')}
          />
          <Field label={t('bankName')} value={f.bankName} onValue={set('bankName')} error={err('bankDetails.bankName')} />
          <Field label={t('iban')} value={f.iban} onValue={set('iban')} error={err('bankDetails.iban')} />
          <Field label={t('bic')} value={f.bic} onValue={set('bic')} error={err('bankDetails.bic')} />
        </fieldset>
        <fieldset>
          <legend>{t('numbering')}</legend>
          <p class="hint">{t('patternHelp')}</p>
          <Field
            label={t('invoicePattern')}
            value={f.invoicePattern}
            onValue={set('invoicePattern')}
            error={err('numbering.invoicePattern') ?? inv.error}
            hint={inv.value ? t('example', { value: inv.value }) : undefined}
          />
          <Field
            label={t('creditPattern')}
            value={f.creditPattern}
            onValue={set('creditPattern')}
            error={err('numbering.creditPattern') ?? cred.error}
            hint={cred.value ? t('example', { value: cred.value }) : undefined}
          />
          <Field
            label={t('quotePattern')}
            value={f.quotePattern}
            onValue={set('quotePattern')}
            error={err('numbering.quotePattern') ?? quo.error}
            hint={quo.value ? t('example', { value: quo.value }) : undefined}
          />
        </fieldset>
        <fieldset>
          <legend>{t('defaults')}</legend>
          <div class="field checkbox">
            <input
              id="liable"
              type="checkbox"
              checked={liable}
              onChange={(e) => {
                setLiable(e.currentTarget.checked);
              }}
            />
            <label for="liable">{t('liableToVat')}</label>
          </div>
          <Select
            label={t('frenchRules')}
            value={frenchRules}
            onValue={(value) => {
              setFrenchRules(value === 'Enforce' ? 'Enforce' : 'Warn');
            }}
            options={[
              ['Warn', t('frenchRulesWarn')],
              ['Enforce', t('frenchRulesEnforce')],
            ]}
            error={err('einvoicing.frenchRules')}
          />
          <Field
            label={t('latePaymentPenaltyRate')}
            inputMode="decimal"
            value={f.latePaymentPenaltyRate}
            onValue={set('latePaymentPenaltyRate')}
            error={err('documentDefaults.latePaymentPenaltyRate')}
          />
          <Field
            label={t('invoiceFooterNotes')}
            value={f.invoiceFooterNotes}
            onValue={set('invoiceFooterNotes')}
            error={err('documentDefaults.invoiceFooterNotes')}
          />
          <Field
            label={t('creditFooterNotes')}
            value={f.creditFooterNotes}
            onValue={set('creditFooterNotes')}
            error={err('documentDefaults.creditFooterNotes')}
          />
        </fieldset>
        <fieldset id="mail-templates">
          <legend>{t('mailTemplates')}</legend>
          <div class="field">
            <label for="mail-kind">{t('mailTemplatesFor')}</label>
            <select
              id="mail-kind"
              value={mailKind}
              onChange={(e) => {
                setMailKind(e.currentTarget.value as MailKind);
              }}
            >
              <option value="invoices">{t('invoices')}</option>
              <option value="credits">{t('credits')}</option>
              <option value="quotes">{t('quotes')}</option>
            </select>
          </div>
          <p class="hint">{t('placeholdersHelp')}</p>
          <Field
            class="wide"
            label={t('mailSubject')}
            value={m.subject}
            onValue={(v) => {
              setM({ subject: v });
            }}
            maxLength={500}
            hint={m.subject ? undefined : t('mailDefault', { value: DEFAULT_SUBJECT })}
            error={err(`emailing.${mailKind}.defaultObjectTemplate`)}
          />
          <TextArea
            label={t('mailBody')}
            value={m.body}
            onValue={(v) => {
              setM({ body: v });
            }}
            rows={8}
            placeholder={defaultBody(m.showAmount, mailKind !== 'credits')}
            error={err(`emailing.${mailKind}.defaultContentTemplate`)}
          />
          <Field
            label={t('mailCc')}
            type="text"
            value={m.cc}
            onValue={(v) => {
              setM({ cc: v });
            }}
            hint={t('mailAddressesHelp')}
            error={errorsUnder(error, `emailing.${mailKind}.defaultCcEmails`)}
          />
          <Field
            label={t('mailBcc')}
            type="text"
            value={m.bcc}
            onValue={(v) => {
              setM({ bcc: v });
            }}
            error={errorsUnder(error, `emailing.${mailKind}.defaultBccEmails`)}
          />
          <div class="field checkbox">
            <input
              id="mail-attach"
              type="checkbox"
              checked={m.attach}
              onChange={(e) => {
                setM({ attach: e.currentTarget.checked });
              }}
            />
            <label for="mail-attach">{t('mailAttach')}</label>
          </div>
          <div class="field checkbox">
            <input
              id="mail-amount"
              type="checkbox"
              checked={m.showAmount}
              onChange={(e) => {
                setM({ showAmount: e.currentTarget.checked });
              }}
            />
            <label for="mail-amount">{t('mailShowAmount')}</label>
          </div>
          <MailPreview
            kind={mailKind}
            form={m}
            company={f.name}
            pattern={mailKind === 'invoices' ? f.invoicePattern : mailKind === 'credits' ? f.creditPattern : f.quotePattern}
          />
        </fieldset>
        {reminders && <RemindersSettings value={reminders} onChange={setReminders} error={error} />}
        {saved && <Notice>{t('settingsSaved')}</Notice>}
        <div class="actions">
          <button type="submit" class="primary" disabled={busy}>
            {busy ? t('saving') : t('save')}
          </button>
        </div>
      </form>
      {load.data && <PlatformSettings initial={load.data.einvoicing.platform} onSaved={setEtag} />}
    </>
  );
}
