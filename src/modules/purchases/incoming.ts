// The amounts of a purchase as an incoming e-invoice gives them, and what the notes must say about
// them: the document's own totals (BT-109 net, BT-110 VAT, BT-112 total) rather than sums of the VAT
// breakdown, the breakdown kept when readable, inconsistencies said, a credit note stored negative,
// foreign currency kept in the invoice's currency (converted to euros when the file itself gives the
// VAT in euros, BT-111, or else at a rate the user gives with the upload). Pure: no I/O.
import Big from 'big.js';
import { round2, sum, toDecimal } from '../../domain/money.js';
import type { IncomingInvoice, IncomingVat } from './cii-read.js';
import type { StoredVat } from './ledger.js';

/** Beyond what any invoice holds, and within what storage holds exactly (docs/decisions.md). */
const MAX_AMOUNT = 1e12;

/** The file's amount as an exact decimal; null when absent, unreadable or out of range. */
export function decimalOf(value: string | null): Big | null {
  if (value === null) return null;
  try {
    const d = toDecimal(value.trim());
    return d.abs().lt(MAX_AMOUNT) ? d : null;
  } catch {
    return null;
  }
}

export interface PurchaseAmounts {
  /** Stored amounts, in euros when the invoice is in euros or was converted, else in `currency`. */
  taxIncluded: Big;
  taxExcluded: Big | null;
  vat: Big | null;
  vats: StoredVat[] | null;
  /** The currency the stored amounts are in (EUR unless the invoice's own, unconverted). */
  currency: string;
  /** True when the stored amounts are in euros (the invoice's, or converted with BT-111). */
  inEuros: boolean;
  /** The totals disagree (net + VAT ≠ total, or the breakdown ≠ the totals): a person checks. */
  inconsistent: boolean;
  notes: string[];
}

const fmt = (d: Big) => d.toFixed(2);

function breakdown(lines: IncomingVat[]): { rate: Big; base: Big; vat: Big }[] | null {
  if (!lines.length) return null;
  const out: { rate: Big; base: Big; vat: Big }[] = [];
  for (const line of lines) {
    const base = decimalOf(line.taxableAmount);
    const vat = decimalOf(line.taxAmount);
    const rate = decimalOf(line.rate ?? '0');
    if (!base || !vat || !rate) return null;
    out.push({ rate, base, vat });
  }
  return out;
}

/**
 * `userRate`: euros for one unit of the invoice's currency, given with the upload; used only when the
 * file does not give its VAT in euros (the file's own BT-111 wins, and the notes say the rate was not used).
 */
export function purchaseAmounts(invoice: IncomingInvoice, userRate: string | null = null): PurchaseAmounts {
  const notes: string[] = [];
  const currency = (invoice.currency ?? 'EUR').toUpperCase();
  const lines = breakdown(invoice.vats);
  let net = decimalOf(invoice.taxExclusiveAmount) ?? (lines ? sum(lines.map((l) => l.base)) : null);
  let vat = decimalOf(invoice.taxAmount) ?? (lines ? sum(lines.map((l) => l.vat)) : null);
  let total = decimalOf(invoice.taxInclusiveAmount) ?? decimalOf(invoice.payableAmount);
  if (vat === null && net !== null && total !== null) {
    vat = total.minus(net);
    notes.push(`Pas de total de TVA dans le fichier : TVA = total TTC − total HT = ${fmt(vat)}.`);
  }
  let inconsistent = false;
  const givenTotal = invoice.taxInclusiveAmount ?? invoice.payableAmount;
  if (total === null && givenTotal !== null) {
    inconsistent = true;
    notes.push(`Total TTC illisible ou hors limites dans le fichier (« ${givenTotal.slice(0, 40)} ») : montant 0 en attendant.`);
  } else if (total === null && net !== null && vat !== null) {
    total = net.plus(vat);
    notes.push(`Pas de total TTC dans le fichier : TTC = HT + TVA = ${fmt(total)}.`);
  }

  if (net !== null && vat !== null && total !== null && !round2(net.plus(vat)).eq(round2(total))) {
    inconsistent = true;
    notes.push(
      `Totaux incohérents dans le fichier : HT ${fmt(net)} + TVA ${fmt(vat)} ≠ TTC ${fmt(total)} ; les totaux du document sont gardés.`,
    );
  }
  if (lines && net !== null && !round2(sum(lines.map((l) => l.base))).eq(round2(net))) {
    inconsistent = true;
    notes.push(`La ventilation de TVA donne une base de ${fmt(sum(lines.map((l) => l.base)))}, le total HT du document ${fmt(net)}.`);
  }
  if (lines && vat !== null && !round2(sum(lines.map((l) => l.vat))).eq(round2(vat))) {
    inconsistent = true;
    notes.push(`La ventilation de TVA totalise ${fmt(sum(lines.map((l) => l.vat)))}, le total de TVA du document ${fmt(vat)}.`);
  }

  let stored = lines;
  let storedCurrency = currency;
  let inEuros = currency === 'EUR';
  if (!inEuros) {
    const inEur = invoice.taxCurrency?.toUpperCase() === 'EUR' ? decimalOf(invoice.taxAmountInTaxCurrency) : null;
    const original = `montants d'origine : HT ${net === null ? '?' : fmt(net)}, TVA ${vat === null ? '?' : fmt(vat)}, TTC ${total === null ? '?' : fmt(total)} ${currency}`;
    let rate: Big | null = null;
    const fromFile = inEur !== null && vat !== null && !vat.eq(0);
    if (fromFile) {
      rate = inEur.div(vat!);
      notes.push(
        `Montants convertis de ${currency} en EUR au taux que donne la TVA en euros du fichier (BT-111 : ${fmt(inEur)} EUR pour ${fmt(vat!)} ${currency}, 1 ${currency} = ${rate.round(6).toFixed()} EUR) ; ${original}.`,
      );
      if (userRate) notes.push(`Le taux donné à l'envoi (1 ${currency} = ${userRate} EUR) n'est pas utilisé : le fichier donne le sien.`);
    } else if (userRate) {
      rate = new Big(userRate);
      notes.push(`Montants convertis de ${currency} en EUR au taux donné à l'envoi (1 ${currency} = ${rate.toFixed()} EUR) ; ${original}.`);
    } else {
      notes.push(`Montants en ${currency}, la devise de la facture : non convertis en euros (le fichier ne donne pas la TVA en euros).`);
    }
    if (rate) {
      const r = rate;
      net = net && round2(net.times(r));
      total = total && round2(total.times(r));
      // The file's own VAT in euros is kept exactly; a user's rate converts it like the other amounts.
      vat = fromFile ? inEur : vat && round2(vat.times(r));
      stored = lines && lines.map((l) => ({ rate: l.rate, base: round2(l.base.times(r)), vat: round2(l.vat.times(r)) }));
      storedCurrency = 'EUR';
      inEuros = true;
    }
  }

  const signed = (d: Big): Big => (invoice.isCredit ? d.abs().times(-1) : d);
  const cents = (d: Big | null): Big | null => (d === null ? null : signed(round2(d)));
  return {
    taxIncluded: cents(total) ?? new Big(0),
    taxExcluded: cents(net),
    vat: cents(vat),
    vats:
      stored &&
      stored.map((l) => ({
        rate: l.rate.toFixed(),
        taxExcludedAmount: fmt(signed(round2(l.base))),
        vatAmount: fmt(signed(round2(l.vat))),
      })),
    currency: storedCurrency,
    inEuros,
    inconsistent,
    notes,
  };
}
