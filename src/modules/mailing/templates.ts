// The e-mail of a document from the account's templates (Settings.emailing): subject and body with
// placeholders, French defaults when the account has none.

export interface TemplateValues {
  /** "Facture", "Avoir", "Devis". */
  document: string;
  number: string;
  /** Formatted ("1 234,56 €"); empty when the settings say not to show amounts. */
  amount: string;
  date: string;
  dueDate: string;
  company: string;
  customer: string;
}

/** The placeholders a template may use, as `{number}` or `{{number}}`. */
export const PLACEHOLDERS = ['document', 'number', 'amount', 'date', 'dueDate', 'company', 'customer'] as const;

const PLACEHOLDER = /\{\{?\s*([A-Za-z]+)\s*\}?\}/g;

/** Replaces known placeholders (case-insensitively); unknown ones are left as written. */
export function renderTemplate(template: string, values: TemplateValues): string {
  const byName = new Map<string, string>(PLACEHOLDERS.map((name) => [name.toLowerCase(), values[name]]));
  return template.replace(PLACEHOLDER, (whole: string, name: string): string => byName.get(name.toLowerCase()) ?? whole);
}

export const DEFAULT_SUBJECT = '{document} {number} – {company}';

export function defaultBody(showAmount: boolean, withDueDate: boolean): string {
  const amount = showAmount ? ' d’un montant de {amount}' : '';
  const due = withDueDate ? ', payable au plus tard le {dueDate}' : '';
  return `Bonjour,\n\nVeuillez trouver ci-joint notre {document} {number} du {date}${amount}${due}.\n\nCordialement,\n{company}\n`;
}

export function formatAmount(amount: string, currency = 'EUR'): string {
  return new Intl.NumberFormat('fr-FR', { style: 'currency', currency }).format(Number(amount));
}

/** "2026-11-24" -> "24/11/2026". */
export function formatDate(date: string | null): string {
  if (!date) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : date;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * The HTML part sent beside the plain text: the same words, escaped (a template cannot inject
 * markup), paragraphs on blank lines and line breaks kept, addresses and links left as text.
 */
export function textToHtml(text: string): string {
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p style="margin:0 0 1em">${escape(p).replace(/\n/g, '<br>')}</p>`);
  return (
    '<!doctype html><html lang="fr"><head><meta charset="utf-8"></head>' +
    `<body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5;color:#222">${paragraphs.join('')}</body></html>`
  );
}
