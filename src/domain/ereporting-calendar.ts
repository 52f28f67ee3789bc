// The e-reporting calendar (PPF Flux 10): which periods an account reports and by when, from its VAT
// regime. Pure functions on ISO dates ("YYYY-MM-DD"), no clock and no I/O. Sources and what could not
// be checked are in docs/ereporting.md, "The calendar":
// - normal regime, monthly returns: transactions per décade (1–10, 11–20, 21–end of month), each due
//   10 days after its end (no official text found for these deadlines); payments per calendar month,
//   due on the 10th of the following month;
// - normal regime, quarterly returns: transactions and payments per month, due on the 10th of the following month;
// - simplified regime (RSI): transactions and payments per month, due "between the 25th and the 30th"
//   of the following month: the 25th, the earliest day of that window, so that "on time" is never wrong;
// - franchise en base: transactions and payments per two months (Jan–Feb, Mar–Apr, …), due likewise on
//   the 25th of the month that follows the period.

export type VatRegime = 'NormalMonthly' | 'NormalQuarterly' | 'Simplified' | 'Franchise';
export const VAT_REGIMES: readonly VatRegime[] = ['NormalMonthly', 'NormalQuarterly', 'Simplified', 'Franchise'];

/** Sales and Purchases are transaction reports (TB-2, issuer seller resp. buyer); Payments are TB-3. */
export type ReportKind = 'Sales' | 'Purchases' | 'Payments';
export const REPORT_KINDS: readonly ReportKind[] = ['Sales', 'Purchases', 'Payments'];

export interface ReportingPeriod {
  kind: ReportKind;
  /** First and last day, inclusive. */
  start: string;
  end: string;
  /** Last day the report may be transmitted. */
  deadline: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** A real date "YYYY-MM-DD" of the years Flux 10 accepts (2000 to 2099, rule G1.36). */
export function isIsoDate(value: string): boolean {
  const m = /^(20\d{2})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return mo >= 1 && mo <= 12 && d >= 1 && d <= daysIn(y, mo);
}

export function addDays(date: string, days: number): string {
  const t = new Date(`${date}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + days);
  return t.toISOString().slice(0, 10);
}

function parts(date: string): [number, number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
}

/** The given day of the month after the month of `date`. */
function dayOfNextMonth(date: string, day: number): string {
  const [y, m] = parts(date);
  return m === 12 ? iso(y + 1, 1, day) : iso(y, m + 1, day);
}

/** The period of `kind` containing `date`, under `regime`. */
export function periodContaining(regime: VatRegime, kind: ReportKind, date: string): ReportingPeriod {
  const [y, m, d] = parts(date);
  const last = daysIn(y, m);
  if (regime === 'NormalMonthly' && kind !== 'Payments') {
    const [start, end] = d <= 10 ? [1, 10] : d <= 20 ? [11, 20] : [21, last];
    const e = iso(y, m, end);
    return { kind, start: iso(y, m, start), end: e, deadline: addDays(e, 10) };
  }
  if (regime === 'Franchise') {
    const first = m % 2 === 1 ? m : m - 1;
    const e = iso(y, first + 1, daysIn(y, first + 1));
    return { kind, start: iso(y, first, 1), end: e, deadline: dayOfNextMonth(e, 25) };
  }
  const e = iso(y, m, last);
  const deadline = dayOfNextMonth(e, regime === 'Simplified' ? 25 : 10);
  return { kind, start: iso(y, m, 1), end: e, deadline };
}

/** Every period of `kind` that overlaps [from, to], in order. */
export function periodsBetween(regime: VatRegime, kind: ReportKind, from: string, to: string): ReportingPeriod[] {
  const out: ReportingPeriod[] = [];
  let day = from;
  while (day <= to) {
    const p = periodContaining(regime, kind, day);
    out.push(p);
    day = addDays(p.end, 1);
  }
  return out;
}

/** The regime an account's VAT settings imply when none is chosen: not liable → franchise; else by its return period. */
export function regimeFromVatSettings(vat: { liableToVat: boolean; vatPeriod: 'Monthly' | 'Quarterly' | 'Annually' }): VatRegime {
  if (!vat.liableToVat) return 'Franchise';
  return vat.vatPeriod === 'Monthly' ? 'NormalMonthly' : vat.vatPeriod === 'Quarterly' ? 'NormalQuarterly' : 'Simplified';
}

/**
 * Where a period stands on `today`: Open while it runs, Due once it ended, Late after its deadline.
 * (Sent, accepted and rejected come from its transmission, not from the calendar.)
 */
export function calendarState(period: Pick<ReportingPeriod, 'end' | 'deadline'>, today: string): 'Open' | 'Due' | 'Late' {
  if (today <= period.end) return 'Open';
  return today > period.deadline ? 'Late' : 'Due';
}

const KIND_LETTER: Record<ReportKind, string> = { Sales: 'S', Purchases: 'A', Payments: 'P' };

/** The stable id of a period: S (sales), A (achats: purchases) or P (payments), start and end ("S-20260901-20260910"). */
export function periodId(p: Pick<ReportingPeriod, 'kind' | 'start' | 'end'>): string {
  return `${KIND_LETTER[p.kind]}-${p.start.replaceAll('-', '')}-${p.end.replaceAll('-', '')}`;
}

/** Reads a period id back; null when it is not one. It is checked against the calendar by the caller. */
export function parsePeriodId(id: string): { kind: ReportKind; start: string; end: string } | null {
  const m = /^([SPA])-(\d{4})(\d{2})(\d{2})-(\d{4})(\d{2})(\d{2})$/.exec(id);
  if (!m) return null;
  const kind = m[1] === 'S' ? 'Sales' : m[1] === 'P' ? 'Payments' : 'Purchases';
  const start = `${m[2]}-${m[3]}-${m[4]}`;
  const end = `${m[5]}-${m[6]}-${m[7]}`;
  if (!isIsoDate(start) || !isIsoDate(end)) return null;
  return { kind, start, end };
}
