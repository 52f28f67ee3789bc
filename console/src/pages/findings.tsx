// The e-invoicing check's findings in the user's words (issue #31): each finding says which field of
// which record to fix, in French, with a link to it; the official rule id and text stay, small, for
// the expert. Findings are grouped by field: several rules about one field are one thing to do.
import type { Schemas } from '../api-types';
import { t, type Key } from '../i18n';

/** A finding of the API's e-invoicing check (EInvoicingFinding). */
export type Finding = Pick<Schemas['EInvoicingFinding'], 'ruleId' | 'severity' | 'message' | 'businessTerm'>;

type Where = 'customer' | 'company' | 'bank' | 'document' | 'lines';

/** EN 16931 business terms → the field the user fills, and where. */
const FIELDS: Record<string, [Key, Where]> = {
  'BT-1': ['fieldNumber', 'document'],
  'BT-2': ['fieldDate', 'document'],
  'BT-3': ['fieldDocumentType', 'document'],
  'BT-9': ['fieldDueDate', 'document'],
  'BT-20': ['fieldPaymentTerms', 'document'],
  'BT-22': ['fieldNote', 'document'],
  'BT-25': ['fieldCorrectedInvoice', 'document'],
  'BT-26': ['fieldCorrectedInvoice', 'document'],
  'BT-27': ['fieldCompanyName', 'company'],
  'BT-29': ['fieldCompanySiret', 'company'],
  'BT-30': ['fieldCompanySiret', 'company'],
  'BT-31': ['fieldCompanyVat', 'company'],
  'BT-32': ['fieldCompanyTaxId', 'company'],
  'BT-34': ['fieldCompanyAddressE', 'company'],
  'BT-35': ['fieldCompanyAddress', 'company'],
  'BT-37': ['fieldCompanyAddress', 'company'],
  'BT-38': ['fieldCompanyAddress', 'company'],
  'BT-40': ['fieldCompanyAddress', 'company'],
  'BT-44': ['fieldCustomerName', 'customer'],
  'BT-46': ['fieldCustomerSiret', 'customer'],
  'BT-47': ['fieldCustomerSiret', 'customer'],
  'BT-48': ['fieldCustomerVat', 'customer'],
  'BT-49': ['fieldCustomerAddressE', 'customer'],
  'BT-50': ['fieldCustomerAddress', 'customer'],
  'BT-52': ['fieldCustomerAddress', 'customer'],
  'BT-53': ['fieldCustomerAddress', 'customer'],
  'BT-55': ['fieldCustomerAddress', 'customer'],
  'BT-81': ['fieldPaymentMeans', 'document'],
  'BT-84': ['fieldIban', 'bank'],
  'BT-86': ['fieldIban', 'bank'],
  'BT-118': ['fieldVatCategory', 'lines'],
  'BT-119': ['fieldVatRate', 'lines'],
  'BT-120': ['fieldVatExemption', 'lines'],
  'BT-121': ['fieldVatExemption', 'lines'],
  'BT-151': ['fieldVatCategory', 'lines'],
  'BT-152': ['fieldVatRate', 'lines'],
  'BT-153': ['fieldLineDescription', 'lines'],
};

const termOf = (f: Finding) => f.businessTerm ?? /BT-\d+/.exec(`${f.ruleId} ${f.message}`)?.[0] ?? null;

function hrefOf(where: Where, customerId: number | null): string | null {
  if (where === 'customer') return customerId ? `#/customers/${customerId}` : null;
  if (where === 'company' || where === 'bank') return '#/settings';
  return null;
}

/** One line per field to fix: what to do in French, a link to the form, the official rules small. */
export function FindingList({ findings, customerId = null }: { findings: Finding[]; customerId?: number | null }) {
  const groups = new Map<string, Finding[]>();
  for (const f of findings) {
    const term = termOf(f);
    const key = term && FIELDS[term] ? FIELDS[term][0] : `rule:${f.ruleId}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  return (
    <ul class="finding-list">
      {[...groups].map(([key, group]) => {
        const first = group[0];
        const field = key.startsWith('rule:') ? null : FIELDS[termOf(first)!];
        const href = field ? hrefOf(field[1], customerId) : null;
        const error = group.some((f) => f.severity === 'Error');
        return (
          <li key={key} class={error ? 'sev-error' : 'sev-warning'} data-testid="finding">
            <strong>
              {field ? t('findingField', { field: t(field[0]), where: t(`findingWhere_${field[1]}` as Key) }) : t('findingOther')}
            </strong>{' '}
            {href && <a href={href}>{t('findingFix')}</a>}
            <details>
              <summary>{t('findingRules', { n: group.length })}</summary>
              <ul>
                {group.map((f, i) => (
                  <li key={i}>
                    <code>{f.ruleId}</code> {f.message}
                  </li>
                ))}
              </ul>
            </details>
          </li>
        );
      })}
    </ul>
  );
}
