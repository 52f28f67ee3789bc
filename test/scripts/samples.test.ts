// The committed samples/ are what the code renders now, byte for byte (rendering is deterministic:
// docs/pdf.md), and each finalized one carries its real CII invoice as factur-x.xml.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { NS, parseXml, xpathFor } from '../../src/einvoicing/xml.js';
import { inspectPdf } from '../helpers/pdf-inspect.js';
import { SAMPLES, previewFileName } from '../../scripts/samples/fixtures.js';
import { renderSamples, type RenderedSample } from '../../scripts/samples/render.js';

const SAMPLES_DIR = path.resolve(import.meta.dirname, '../../samples');
const REGENERATE = 'run `npm run samples` and commit samples/';

const committed = (file: string): Buffer | null => {
  const full = path.join(SAMPLES_DIR, file);
  return existsSync(full) ? readFileSync(full) : null;
};

describe('samples/', () => {
  let rendered: RenderedSample[] = [];
  beforeAll(async () => {
    rendered = await renderSamples();
  }, 120_000);

  it('holds exactly the PDFs and previews the fixtures describe', () => {
    const expected = SAMPLES.flatMap((s) => [s.file, ...s.previewPages.map((p) => previewFileName(s.file, p))]).sort();
    const present = readdirSync(SAMPLES_DIR)
      .filter((f) => f.endsWith('.pdf') || f.endsWith('.png'))
      .sort();
    expect(
      present,
      `samples/ does not match scripts/samples/fixtures.ts: ${REGENERATE} (with poppler-utils installed for the PNG previews)`,
    ).toEqual(expected);
  });

  it.each(SAMPLES.map((s) => s.file))('%s is the PDF the code renders now', (file) => {
    const fresh = rendered.find((r) => r.file === file)!.pdf;
    const onDisk = committed(file);
    // Bytes, not a summary: the same input must give the same file (the stored PDF of an invoice
    // is checked by re-rendering it), so any difference is a change worth regenerating for.
    expect(onDisk !== null && fresh.equals(onDisk), `samples/${file} differs from what the code renders now: ${REGENERATE}`).toBe(true);
  });

  it.each(SAMPLES.filter((s) => s.finalize && s.kind !== 'Quote').map((s) => s.file))(
    '%s embeds its CII invoice as factur-x.xml',
    async (file) => {
      const sample = rendered.find((r) => r.file === file)!;
      const { attachments } = await inspectPdf(committed(file) ?? sample.pdf);
      expect(attachments.map((a) => a.name)).toEqual(['factur-x.xml']);
      const xml = Buffer.from(attachments[0].content).toString('utf8');
      expect(xml).not.toContain('<!--');
      const doc = parseXml(xml);
      expect([doc.documentElement.namespaceURI, doc.documentElement.localName]).toEqual([NS.rsm, 'CrossIndustryInvoice']);
      const xp = xpathFor(doc);
      // BT-1 is the number the API gave at finalization (not a placeholder), BT-3 the document kind.
      expect(sample.number).toMatch(/^(F|AV)-2026-\d{5}$/);
      expect(xp.str('/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:ID')).toBe(sample.number);
      expect(xp.str('/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:TypeCode')).toBe(sample.kind === 'Credit' ? '381' : '380');
      expect(xp.nodes('//ram:IncludedSupplyChainTradeLineItem').length).toBeGreaterThan(0);
      expect(xp.str('//ram:SpecifiedTradeSettlementHeaderMonetarySummation/ram:GrandTotalAmount')).toMatch(/^\d+\.\d{2}$/);
    },
  );

  it('the quote is a numbered devis and carries no XML', async () => {
    const sample = rendered.find((r) => r.kind === 'Quote')!;
    expect(sample.number).toMatch(/^D-2026-\d{5}$/);
    const { attachments, pageTexts } = await inspectPdf(committed(sample.file) ?? sample.pdf);
    expect(attachments).toEqual([]);
    expect(pageTexts[0]).toContain('DEVIS');
    expect(pageTexts[0]).toContain('Bon pour accord');
  });

  it('the draft carries no XML', async () => {
    const file = SAMPLES.find((s) => !s.finalize)!.file;
    expect((await inspectPdf(committed(file) ?? rendered.find((r) => r.file === file)!.pdf)).attachments).toEqual([]);
  });
});
