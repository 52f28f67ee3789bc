// The conformance check on a 5,000-line invoice judges exactly as on a 50-line one: the same
// document-level findings, and on each line what the same line gets in the small document. It guards
// the check's shortcuts for large documents (document order by the parser's numbers, the leading parts
// of paths walked once), not its speed: nothing here is timed (bench: `npm run bench -- einvoicing`).
import { describe, expect, it } from 'vitest';
import { checkEInvoice, type Finding } from '../../src/einvoicing/check.js';
import { buildCii } from '../../src/rendering/cii.js';
import type { IssuedDocument } from '../../src/rendering/model.js';
import { LEGAL_NOTES, baseInvoice, line, totals } from '../fixtures/einvoicing/documents.js';

const money = (cents: number) => (cents / 100).toFixed(2);

/**
 * n lines of 10.00 at 20 %, every tenth without a name (BR-25, a line-level error), and no PMD note
 * (BR-FR-05, document-level). Without the whitespace between elements: as indented, 5,000 lines are
 * over the check's 5 MB limit on XML.
 */
function invoice(n: number): string {
  const lines = Array.from({ length: n }, (_, i) =>
    line(i + 1, i % 10 === 9 ? '' : `Prestation ${i + 1}`, '1', '10.00', '10.00', 'S', '20'),
  );
  const net = money(n * 1000);
  const vat = money(n * 200);
  const ttc = money(n * 1200);
  const doc: IssuedDocument = baseInvoice({
    lines,
    vats: [{ category: 'S', rate: '20', taxableAmount: net, taxAmount: vat }],
    totals: totals(net, net, vat, ttc),
    paymentTerms: [{ dueDate: '2024-04-14', amount: ttc }],
    notes: LEGAL_NOTES.filter((note) => note.subjectCode !== 'PMD'),
  });
  return buildCii(doc).replace(/>\s+</g, '><');
}

const LINE = /\/ram:IncludedSupplyChainTradeLineItem(?:\[(\d+)\])?/;
/** The line a finding is on (1-based), or null for a document-level finding. */
const lineOf = (f: Finding): number | null => {
  const m = f.location ? LINE.exec(f.location) : null;
  return m ? Number(m[1] ?? 1) : null;
};
/** A finding without the line's position in its location. */
const onLine = (f: Finding) => ({ ...f, location: f.location?.replace(LINE, '/ram:IncludedSupplyChainTradeLineItem[#]') ?? null });

describe('the check on a large invoice', () => {
  it('a 5,000-line invoice gets the 50-line one’s findings: the same on the document, the same on each line', () => {
    const small = checkEInvoice(invoice(50));
    const large = checkEInvoice(invoice(5000));
    expect(invoice(5000).length).toBeLessThan(5 * 1024 * 1024);

    const docLevel = (fs: Finding[]) => fs.filter((f) => lineOf(f) === null);
    expect(docLevel(small.findings).map((f) => f.ruleId)).toEqual(['BR-FR-05_BT-22_PMD']);
    expect(docLevel(large.findings)).toEqual(docLevel(small.findings));

    // Line k of either document is line ((k - 1) mod 10) + 1 of the pattern: its findings are those of
    // the small document's line of the same pattern, in the same order.
    const byLine = (fs: Finding[]) => {
      const map = new Map<number, ReturnType<typeof onLine>[]>();
      for (const f of fs) {
        const k = lineOf(f);
        if (k !== null) map.set(k, [...(map.get(k) ?? []), onLine(f)]);
      }
      return map;
    };
    const smallLines = byLine(small.findings);
    const largeLines = byLine(large.findings);
    expect([...smallLines.keys()]).toEqual([10, 20, 30, 40, 50]);
    expect(smallLines.get(10)!.map((f) => f.ruleId)).toContain('BR-25');
    expect([...largeLines.keys()]).toEqual(Array.from({ length: 500 }, (_, i) => 10 * (i + 1)));
    for (const [k, fs] of largeLines) expect(fs, `line ${k}`).toEqual(smallLines.get(((k - 1) % 50) + 1));
    // In document order, as the small one.
    expect(large.findings.filter((f) => lineOf(f) !== null && lineOf(f)! <= 50)).toEqual(small.findings.filter((f) => lineOf(f) !== null));
    expect(large.isValid).toBe(false);
    expect(large.findings).toHaveLength(docLevel(small.findings).length + 100 * (small.findings.length - docLevel(small.findings).length));
  });
});
