// Scenario (documents out): Factur-X PDF generation rate for a 10-line and a 200-line invoice
// (documents per second on one core, peak memory), and the conformance check latency per document.
import { buildCii } from '../src/rendering/cii.js';
import type { DocumentLine, IssuedDocument } from '../src/rendering/model.js';
import { renderDocumentPdf } from '../src/rendering/pdf.js';
import { computeTotals } from '../src/domain/totals.js';
import { checkEInvoice } from '../src/einvoicing/check.js';
import type { ScenarioResult } from './run.js';

export function benchInvoice(lineCount: number): IssuedDocument {
  const input = Array.from({ length: lineCount }, (_, i) => ({
    type: 'Service' as const,
    quantity: 1 + (i % 7),
    taxExcludedPrice: (1999 + i * 37) / 100,
    vatRate: i % 5 === 0 ? 5.5 : 20,
  }));
  const t = computeTotals({ lines: input });
  const lines: DocumentLine[] = t.lines.map((l, i) => ({
    kind: 'Service',
    lineNumber: i + 1,
    description: `Prestation de service numéro ${i + 1} — accompagnement et suivi`,
    quantity: l.quantity,
    unitCode: 'C62',
    unitLabel: 'u.',
    unitPrice: l.taxExcludedUnitPrice,
    netAmount: l.taxExcludedAmount,
    vatCategory: l.vatCategory,
    vatRate: l.vatRate,
  }));
  const address = { street: '12 rue des Lilas', zipcode: '75011', city: 'Paris', countryIso: 'FR' };
  return {
    kind: 'Invoice',
    isDraft: false,
    number: 'F-2026-00042',
    issueDate: '2026-11-22',
    dueDate: '2026-12-22',
    currency: 'EUR',
    seller: {
      name: 'Atelier Facturier SAS',
      siren: '732829320',
      siret: '73282932000074',
      vatNumber: 'FR44732829320',
      legalForm: 'SAS',
      shareCapital: '10 000 €',
      rcs: 'RCS Paris B 732 829 320',
      address,
      electronicAddress: { scheme: '0225', value: '732829320' },
    },
    buyer: {
      name: 'Boulangerie Dupont & Fils',
      siren: '552100554',
      siret: '55210055400013',
      vatNumber: 'FR03552100554',
      address: { ...address, city: 'Lyon', zipcode: '69002' },
      electronicAddress: { scheme: '0225', value: '552100554' },
      isBusiness: true,
    },
    lines,
    allowancesCharges: [],
    vats: t.vats.map((v) => ({ category: v.category, rate: v.rate, taxableAmount: v.taxableAmount, taxAmount: v.vatAmount })),
    totals: {
      lineTotal: t.grossTaxExcludedAmount,
      allowanceTotal: '0.00',
      chargeTotal: '0.00',
      taxExclusive: t.taxExcludedAmount,
      taxTotal: t.taxAmount,
      taxInclusive: t.taxIncludedAmount,
      prepaid: '0.00',
      payable: t.taxIncludedAmount,
    },
    payment: { meansCode: '58', iban: 'FR7630006000011234567890189', bic: 'AGRIFRPPXXX', remittanceInformation: 'F-2026-00042' },
    paymentTerms: [{ dueDate: '2026-12-22', amount: t.taxIncludedAmount }],
    paymentTermsText: '30 jours net',
    notes: [{ subjectCode: 'PMT', text: 'Indemnité forfaitaire pour frais de recouvrement : 40 €' }],
    vatReverseCharge: false,
    sellerLiableToVat: true,
  };
}

async function rate(doc: IssuedDocument, seconds: number): Promise<{ perSecond: number; peakRssMb: number; count: number }> {
  const xml = buildCii(doc);
  await renderDocumentPdf(doc, { xml }); // fonts and caches loaded before timing
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const end = Date.now() + seconds * 1000;
  const start = process.hrtime.bigint();
  let count = 0;
  while (Date.now() < end) {
    await renderDocumentPdf(doc, { xml: buildCii(doc) });
    count++;
  }
  const elapsed = Number(process.hrtime.bigint() - start) / 1e9;
  clearInterval(sampler);
  return { perSecond: Math.round((count / elapsed) * 10) / 10, peakRssMb: Math.round(peak / 2 ** 20), count };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function pdfScenario(seconds: number): Promise<ScenarioResult> {
  const ten = await rate(benchInvoice(10), seconds);
  const twoHundred = await rate(benchInvoice(200), seconds);
  const checks: Record<string, number[]> = { '10 lines': [], '200 lines': [] };
  for (const [label, doc] of [
    ['10 lines', benchInvoice(10)],
    ['200 lines', benchInvoice(200)],
  ] as const) {
    for (let i = 0; i < 1500; i++) {
      const t = process.hrtime.bigint();
      const result = checkEInvoice(buildCii(doc));
      checks[label].push(Number(process.hrtime.bigint() - t) / 1e6);
      if (i === 0 && result.findings.some((f) => f.severity === 'Error'))
        throw new Error(`bench document has errors: ${JSON.stringify(result.findings)}`);
    }
    checks[label].sort((a, b) => a - b);
  }
  const extra = [
    '| measurement (one process = one core) | value |',
    '|---|---:|',
    `| Factur-X PDF, 10 lines (CII + PDF/A-3) | ${ten.perSecond} documents/s, peak RSS ${ten.peakRssMb} MB |`,
    `| Factur-X PDF, 200 lines | ${twoHundred.perSecond} documents/s, peak RSS ${twoHundred.peakRssMb} MB |`,
    ...Object.entries(checks).map(
      ([label, t]) =>
        `| conformance check (build CII + all rules), ${label} | p50 ${percentile(t, 50).toFixed(2)} ms, p99 ${percentile(t, 99).toFixed(2)} ms |`,
    ),
    '',
  ].join('\n');
  return { results: [], extra };
}
