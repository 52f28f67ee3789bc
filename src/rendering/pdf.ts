// Renders an IssuedDocument (invoice or credit note) as an A4 French PDF with PDFKit.
// Finalized documents given their CII XML become Factur-X (PDF/A-3b + embedded factur-x.xml);
// drafts carry a BROUILLON watermark and never an XML. Output bytes depend only on the input.
import { createHash } from 'node:crypto';
import type { DocumentLine, IssuedDocument, Party, PostalAddress, VatCategory } from './model.js';
import { transferQr } from './epc-qr.js';
import { appendModifyDate, embedFacturX, writeMetadataWithoutStrayKeys } from './pdf-facturx.js';
import { loadFonts, loadPdfKit, pdfKit, sharedLayoutCache, type FontStyle, type LoadedFont } from './pdf-fonts.js';
import {
  countryLabel,
  formatAmount,
  formatDate,
  formatIban,
  formatNegativeAmount,
  formatQuantity,
  formatRate,
  formatSiret,
  formatUnitPrice,
  paymentMeansLabel,
} from './pdf-format.js';

export interface RenderPdfOptions {
  /** Factur-X CII XML; embedded only in finalized documents. */
  xml?: string;
}

/**
 * The box the logo is drawn in, in points. PDFKit decodes a PNG with alpha asynchronously, where
 * an error escapes every try/catch: callers hand it only images they decoded and re-encoded
 * themselves (src/images), shrunk to a few pixels per point of this box.
 */
export const LOGO_BOX = { width: 170, height: 52 } as const;

/** Bumped whenever the layout changes, so that the document ID of a new rendering changes too. */
const LAYOUT_VERSION = 'facturier-pdf-1';
const PRODUCER = 'Facturier';

const PAGE_W = 595.28;
const PAGE_H = 841.89;
const MARGIN_X = 42;
const TOP = 36;
const CONTENT_W = PAGE_W - 2 * MARGIN_X;
const RIGHT = MARGIN_X + CONTENT_W;
const FOOTER_TOP = PAGE_H - 60;
const BODY_BOTTOM = FOOTER_TOP - 12;

const COLOR = {
  text: '#1f2933',
  muted: '#667085',
  accent: '#1d4e89',
  headText: '#ffffff',
  panel: '#f2f5f9',
  rule: '#d5dbe3',
  subtotal: '#e9eef5',
  draft: '#b42318',
  watermark: '#f8e1e1',
};

const BODY_SIZE = 8.5;
const BODY_LH = 11;
/**
 * The payment QR code's side, quiet zone included (points: 64 pt keeps the modules of a version 7
 * symbol, 45 modules, at 0.47 mm), and the gap beside it.
 */
const QR_SIDE = 56;
const QR_GAP = 10;
const META_SIZE = 7.5;
const META_LH = 9;
const CELL_PAD = 3.5;

interface Column {
  label: string;
  width: number;
  align: 'left' | 'right';
}

const NUMERIC_COLUMNS: Column[] = [
  { label: 'Qté', width: 46, align: 'right' },
  { label: 'Unité', width: 40, align: 'left' },
  { label: 'P.U. HT', width: 70, align: 'right' },
  { label: 'TVA', width: 40, align: 'right' },
  { label: 'Montant HT', width: 74, align: 'right' },
];
const DESC_W = CONTENT_W - NUMERIC_COLUMNS.reduce((s, c) => s + c.width, 0);
const COLUMNS: Column[] = [{ label: 'Désignation', width: DESC_W, align: 'left' }, ...NUMERIC_COLUMNS];
const COLUMN_X: number[] = COLUMNS.reduce<number[]>((xs, _c, i) => {
  xs.push(i === 0 ? MARGIN_X : xs[i - 1] + COLUMNS[i - 1].width);
  return xs;
}, []);

/** The PDFKit internals this renderer relies on (no public API for them). */
interface PdfKitInternals {
  _id: Buffer;
  _font: { layoutCache?: Record<string, unknown> };
  _fontFamilies: Record<string, unknown>;
}

interface TextStyle {
  style?: FontStyle;
  size?: number;
  color?: string;
}

interface VisualLine extends TextStyle {
  text: string;
  height: number;
}

const VAT_CATEGORY_LABEL: Partial<Record<VatCategory, string>> = {
  Z: 'taux zéro',
  E: 'exonéré',
  AE: 'autoliquidation',
  K: 'livraison intracom.',
  G: 'export hors UE',
  O: 'hors champ TVA',
};

/** Renders the document; resolves with the complete PDF. */
export async function renderDocumentPdf(doc: IssuedDocument, options: RenderPdfOptions = {}): Promise<Buffer> {
  const xml = doc.isDraft ? undefined : options.xml;
  await loadPdfKit();
  const renderer = new InvoiceRenderer(doc, xml);
  return renderer.render();
}

/** Info and XMP values are written unescaped into the XMP by PDFKit: keep them XML-safe. */
function metadataText(value: string): string {
  return (
    value
      .replace(/&/g, '+')
      // eslint-disable-next-line no-control-regex -- control characters are replaced, as the format requires
      .replace(/[<>\u0000-\u001f]/g, ' ')
      .trim()
  );
}

function documentId(doc: IssuedDocument, xml: string | undefined): Buffer {
  const hash = createHash('sha256');
  hash.update(LAYOUT_VERSION);
  hash.update(JSON.stringify(doc, (key, value: unknown) => (key === 'logo' ? undefined : value)));
  if (doc.logo) hash.update(doc.logo);
  hash.update(xml === undefined ? '\u0000' : `\u0001${xml}`);
  return hash.digest().subarray(0, 16);
}

/** Noon UTC keeps the issue date's calendar day whatever the reader's time zone. */
function issueInstant(isoDate: string): Date {
  const d = new Date(`${isoDate.slice(0, 10)}T12:00:00Z`);
  return Number.isNaN(d.getTime()) ? new Date(Date.UTC(2000, 0, 1, 12)) : d;
}

function addressLines(address: PostalAddress, omitFrance = true): string[] {
  const lines: string[] = [];
  if (address.street)
    lines.push(
      ...address.street
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean),
    );
  const city = [address.zipcode, address.city].filter(Boolean).join(' ');
  if (city) lines.push(city);
  const country = countryLabel(address.countryIso, omitFrance);
  if (country) lines.push(country);
  return lines;
}

function legalIdentity(seller: Party): string[] {
  const parts: string[] = [seller.name];
  if (seller.legalForm && seller.shareCapital) parts.push(`${seller.legalForm} au capital de ${seller.shareCapital}`);
  else if (seller.legalForm) parts.push(seller.legalForm);
  else if (seller.shareCapital) parts.push(`Capital de ${seller.shareCapital}`);
  if (seller.rcs) parts.push(seller.rcs);
  if (seller.siret) parts.push(`SIRET ${formatSiret(seller.siret)}`);
  else if (seller.siren) parts.push(`SIREN ${formatSiret(seller.siren)}`);
  if (seller.vatNumber) parts.push(`TVA intracom. ${seller.vatNumber}`);
  else if (seller.taxRegistrationId) parts.push(`N° fiscal ${seller.taxRegistrationId}`);
  return parts;
}

function isZeroAmount(value: string | null | undefined): boolean {
  return !value || /^-?0*(\.0*)?$/.test(value.trim());
}

class InvoiceRenderer {
  private readonly pdf: PDFKit.PDFDocument;
  private readonly fonts: Record<FontStyle, LoadedFont>;
  private y = TOP;
  /** Where the header's left (seller) and right (title) columns ended on page 1. */
  private leftY = TOP;
  private rightY = TOP;
  /** True once the legal mentions were printed beside the VAT breakdown. */
  private mentionsDone = false;
  /** True once the footer notes were printed under the payment details. */
  private notesDone = false;
  /** The payment QR code's modules, once computed (null: none on this document). */
  private qrModules: boolean[][] | null | undefined = undefined;
  private rowsOnPage = 0;
  private readonly date: Date;
  private readonly title: string;

  constructor(
    private readonly doc: IssuedDocument,
    private readonly xml: string | undefined,
  ) {
    this.fonts = loadFonts();
    this.date = issueInstant(doc.issueDate);
    const kindLabel = doc.quote ? 'Devis' : doc.kind === 'Credit' ? 'Avoir' : doc.typeCode === '386' ? 'Facture d’acompte' : 'Facture';
    this.title = metadataText(doc.isDraft || !doc.number ? `${kindLabel} (brouillon)` : `${kindLabel} ${doc.number}`);
    const PDFDocument = pdfKit();
    this.pdf = new PDFDocument({
      size: 'A4',
      margins: { top: TOP, bottom: 20, left: MARGIN_X, right: MARGIN_X },
      autoFirstPage: false,
      bufferPages: true,
      pdfVersion: '1.7',
      subset: 'PDF/A-3b',
      lang: 'fr-FR',
      // PDFKit's default is Helvetica, a non-embedded Standard 14 font that PDF/A forbids.
      font: this.fonts.regular as unknown as string,
      info: {
        Title: this.title,
        Author: metadataText(doc.seller.name),
        Subject: metadataText(`${this.title} – ${doc.buyer.name}`),
        Creator: PRODUCER,
        Producer: PRODUCER,
        CreationDate: this.date,
        ModDate: this.date,
      },
    });
    this.useSharedFonts();
    // PDFKit derives the trailer ID from the info dictionary; ours comes from the content.
    (this.pdf as unknown as PdfKitInternals)._id = documentId(doc, xml);
    appendModifyDate(this.pdf, this.date);
    writeMetadataWithoutStrayKeys(this.pdf);
    if (xml !== undefined) embedFacturX(this.pdf, xml, this.date);
  }

  /**
   * Makes the three styles selectable by name, reusing the parsed fonts and the shared word
   * layout cache. This touches PDFKit internals (checked by the tests through the output):
   * `font(buffer)` for a font whose name is already loaded re-parses and compares it on every
   * call, so the constructor's font is registered as "regular" directly.
   */
  private useSharedFonts(): void {
    const internals = this.pdf as unknown as PdfKitInternals;
    internals._fontFamilies.regular = internals._font;
    this.pdf.registerFont('bold', this.fonts.bold as unknown as Buffer);
    this.pdf.registerFont('italic', this.fonts.italic as unknown as Buffer);
    for (const style of ['regular', 'bold', 'italic'] as const) {
      this.pdf.font(style);
      internals._font.layoutCache = sharedLayoutCache(style);
    }
  }

  async render(): Promise<Buffer> {
    const chunks: Buffer[] = [];
    const done = new Promise<Buffer>((resolve, reject) => {
      this.pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
      this.pdf.on('end', () => {
        resolve(Buffer.concat(chunks));
      });
      this.pdf.on('error', reject);
    });
    this.addPage();
    this.drawHeader();
    this.drawParties();
    this.drawIntro();
    this.drawLines();
    this.drawSummary();
    if (this.doc.quote) this.drawAcceptance(this.doc.quote);
    this.drawNotes();
    this.drawPageFurniture();
    this.pdf.end();
    return done;
  }

  // ---- primitives -------------------------------------------------------------------------

  private setFont(style: FontStyle = 'regular', size = BODY_SIZE): void {
    this.pdf.font(style).fontSize(size);
  }

  private width(text: string, style: FontStyle = 'regular', size = BODY_SIZE): number {
    this.setFont(style, size);
    return this.pdf.widthOfString(text);
  }

  /** One line of text, never wrapped, never breaking the page. */
  private text(text: string, x: number, y: number, opts: TextStyle & { width?: number; align?: 'left' | 'right' | 'center' } = {}): void {
    if (!text) return;
    // A stray line break would make PDFKit move down a line on its own.
    text = text.replace(/[\r\n\t]+/g, ' ');
    this.setFont(opts.style, opts.size);
    let left = x;
    if (opts.width !== undefined && opts.align && opts.align !== 'left') {
      const w = this.pdf.widthOfString(text);
      left = opts.align === 'right' ? x + opts.width - w : x + (opts.width - w) / 2;
    }
    this.pdf.fillColor(opts.color ?? COLOR.text).text(text, left, y, { lineBreak: false });
  }

  /** Greedy word wrap with the current font; words longer than the width are cut. */
  private wrap(text: string, width: number, style: FontStyle = 'regular', size = BODY_SIZE): string[] {
    this.setFont(style, size);
    const out: string[] = [];
    for (const paragraph of text.replace(/\r\n?/g, '\n').replace(/\t/g, ' ').split('\n')) {
      const words = paragraph.split(' ');
      let line = '';
      for (const word of words) {
        const candidate = line ? `${line} ${word}` : word;
        if (this.pdf.widthOfString(candidate) <= width) {
          line = candidate;
          continue;
        }
        if (line) out.push(line);
        line = word;
        while (line.length > 1 && this.pdf.widthOfString(line) > width) {
          let cut = line.length - 1;
          while (cut > 1 && this.pdf.widthOfString(line.slice(0, cut)) > width) cut--;
          out.push(line.slice(0, cut));
          line = line.slice(cut);
        }
      }
      out.push(line.trimEnd());
    }
    return out;
  }

  /** Joins parts with " – " into lines of `width`, breaking between parts rather than inside. */
  private wrapParts(parts: string[], width: number, size: number): string[] {
    const lines: string[] = [];
    let line = '';
    for (const part of parts) {
      const candidate = line ? `${line} – ${part}` : part;
      if (!line || this.width(candidate, 'regular', size) <= width) line = candidate;
      else {
        lines.push(line);
        line = part;
      }
    }
    if (line) lines.push(line);
    return lines.flatMap((l) => this.wrap(l, width, 'regular', size));
  }

  private rule(y: number, x1 = MARGIN_X, x2 = RIGHT, color = COLOR.rule, width = 0.5): void {
    this.pdf.moveTo(x1, y).lineTo(x2, y).lineWidth(width).strokeColor(color).stroke();
  }

  private box(x: number, y: number, w: number, h: number, color: string): void {
    this.pdf.rect(x, y, w, h).fillColor(color).fill();
  }

  // ---- pages ------------------------------------------------------------------------------

  private addPage(): void {
    this.pdf.addPage();
    this.rowsOnPage = 0;
    this.y = TOP;
    if (this.doc.isDraft) this.drawWatermark();
    if (this.pdf.bufferedPageRange().count > 1) this.drawContinuationHeader();
  }

  /** Starts a new page when `height` does not fit; returns true if it did. */
  private ensure(height: number, repeatTableHeader = false): boolean {
    if (this.y + height <= BODY_BOTTOM) return false;
    this.addPage();
    if (repeatTableHeader) this.drawTableHeader();
    return true;
  }

  private drawWatermark(): void {
    // Drawn first so the content stays on top; a solid light colour avoids transparency groups.
    const cx = PAGE_W / 2;
    const cy = PAGE_H / 2;
    this.pdf.save();
    this.pdf.rotate(-40, { origin: [cx, cy] });
    const label = 'BROUILLON';
    const size = 88;
    const w = this.width(label, 'bold', size);
    this.text(label, cx - w / 2, cy - size * 0.6, { style: 'bold', size, color: COLOR.watermark });
    this.pdf.restore();
  }

  private drawContinuationHeader(): void {
    const ref = this.doc.isDraft || !this.doc.number ? this.title : `${this.title} du ${formatDate(this.doc.issueDate)}`;
    this.text(this.doc.seller.tradingName || this.doc.seller.name, MARGIN_X, this.y, {
      style: 'bold',
      size: 9,
    });
    this.text(`${ref} (suite)`, MARGIN_X, this.y, { size: 9, color: COLOR.muted, width: CONTENT_W, align: 'right' });
    this.y += 14;
    this.rule(this.y);
    this.y += 10;
  }

  /** Footer with the seller's legal identity and page numbers; draft banner. Needs every page. */
  private drawPageFurniture(): void {
    const range = this.pdf.bufferedPageRange();
    const seller = this.doc.seller;
    const identity = this.wrapParts(legalIdentity(seller), CONTENT_W - 130, 7).slice(0, 2);
    const address = addressLines(seller.address, false).join(', ');
    const contact = [address, seller.email, seller.phone].filter(Boolean).join(' – ');
    const footerLines = [...identity, ...this.wrap(contact, CONTENT_W - 130, 'regular', 7).slice(0, 1)];
    for (let i = 0; i < range.count; i++) {
      this.pdf.switchToPage(range.start + i);
      this.rule(FOOTER_TOP);
      let y = FOOTER_TOP + 7;
      for (const line of footerLines) {
        this.text(line, MARGIN_X + 65, y, { size: 7, color: COLOR.muted, width: CONTENT_W - 130, align: 'center' });
        y += 9;
      }
      this.text(`Page ${i + 1} / ${range.count}`, MARGIN_X, FOOTER_TOP + 7, {
        size: 7.5,
        color: COLOR.muted,
        width: CONTENT_W,
        align: 'right',
      });
      if (this.doc.isDraft) {
        this.box(MARGIN_X, 12, CONTENT_W, 20, COLOR.draft);
        this.text('BROUILLON — document sans valeur', MARGIN_X, 17, {
          style: 'bold',
          size: 9,
          color: '#ffffff',
          width: CONTENT_W,
          align: 'center',
        });
      }
    }
  }

  // ---- header -----------------------------------------------------------------------------

  private drawLogo(x: number, y: number): number {
    if (!this.doc.logo || this.doc.logo.length === 0) return 0;
    const { width: maxW, height: maxH } = LOGO_BOX;
    try {
      // openImage is part of PDFKit's API but missing from @types/pdfkit.
      const opener = this.pdf as unknown as { openImage(src: Buffer): { width: number; height: number } };
      const image = opener.openImage(Buffer.from(this.doc.logo));
      const scale = Math.min(maxW / image.width, maxH / image.height, 1);
      this.pdf.image(image as unknown as Buffer, x, y, { width: image.width * scale, height: image.height * scale });
      return image.height * scale + 10;
    } catch {
      // A broken logo must not prevent issuing the document.
      return 0;
    }
  }

  private drawHeader(): void {
    const doc = this.doc;
    const seller = doc.seller;
    const leftW = 260;
    let ly = this.y + this.drawLogo(MARGIN_X, this.y);
    const sellerName = seller.tradingName || seller.name;
    for (const line of this.wrap(sellerName, leftW, 'bold', 12)) {
      this.text(line, MARGIN_X, ly, { style: 'bold', size: 12 });
      ly += 15;
    }
    if (seller.tradingName && seller.tradingName !== seller.name) {
      this.text(seller.name, MARGIN_X, ly, { size: 8, color: COLOR.muted });
      ly += 11;
    }
    const sellerLines = [
      ...addressLines(seller.address),
      [seller.email, seller.phone].filter(Boolean).join(' – '),
      seller.siret ? `SIRET ${formatSiret(seller.siret)}` : seller.siren ? `SIREN ${formatSiret(seller.siren)}` : '',
      seller.vatNumber ? `N° TVA ${seller.vatNumber}` : seller.taxRegistrationId ? `N° fiscal ${seller.taxRegistrationId}` : '',
    ].filter(Boolean);
    for (const line of sellerLines) {
      for (const wrapped of this.wrap(line, leftW)) {
        this.text(wrapped, MARGIN_X, ly);
        ly += BODY_LH;
      }
    }

    const rightW = 220;
    const rx = RIGHT - rightW;
    let ry = this.y;
    const kindTitle = doc.quote ? 'DEVIS' : doc.kind === 'Credit' ? 'AVOIR' : doc.typeCode === '386' ? 'FACTURE D’ACOMPTE' : 'FACTURE';
    this.text(kindTitle, rx, ry, {
      style: 'bold',
      size: kindTitle.length > 10 ? 17 : 22,
      color: COLOR.accent,
      width: rightW,
      align: 'right',
    });
    ry += 30;
    if (doc.isDraft || !doc.number) {
      this.text(doc.kind === 'Credit' || doc.quote ? 'Brouillon – non numéroté' : 'Brouillon – non numérotée', rx, ry, {
        style: 'bold',
        size: 10.5,
        color: COLOR.draft,
        width: rightW,
        align: 'right',
      });
    } else {
      this.text(`N° ${doc.number}`, rx, ry, { style: 'bold', size: 10.5, width: rightW, align: 'right' });
    }
    ry += 18;
    // The invoice a credit note corrects or cancels, in evidence under its title.
    const corrected = creditNoteHeadline(doc);
    if (corrected) {
      for (const line of this.wrap(corrected, rightW, 'bold')) {
        this.text(line, rx, ry, { style: 'bold', size: 10.5, color: COLOR.accent, width: rightW, align: 'right' });
        ry += 15;
      }
      ry += 3;
    }
    const facts: [string, string][] = [[doc.quote ? 'Date du devis' : "Date d'émission", formatDate(doc.issueDate)]];
    if (doc.quote?.validityDate) facts.push(['Valable jusqu’au', formatDate(doc.quote.validityDate)]);
    if (doc.quote?.stateLabel) facts.push(['État', doc.quote.stateLabel]);
    // A credit note requests no payment: no due date.
    if (doc.dueDate && !doc.quote && doc.kind !== 'Credit') facts.push(["Date d'échéance", formatDate(doc.dueDate)]);
    if (doc.kind === 'Credit' && doc.precedingInvoice) {
      const p = doc.precedingInvoice;
      facts.push(['Facture corrigée', p.date ? `${p.number} du ${formatDate(p.date)}` : p.number]);
    }
    if (doc.orderReference) facts.push(['Réf. commande', doc.orderReference]);
    if (doc.buyerReference) facts.push(['Réf. client', doc.buyerReference]);
    for (const [label, value] of facts) {
      this.text(label, rx, ry, { color: COLOR.muted });
      const valueLines = this.wrap(value, rightW - 95, 'bold');
      for (const v of valueLines) {
        this.text(v, rx + 95, ry, { style: 'bold', width: rightW - 95, align: 'right' });
        ry += BODY_LH + 1;
      }
    }
    this.leftY = ly + 12;
    this.rightY = ry + 10;
  }

  private partyLines(party: Party): VisualLine[] {
    const lines: VisualLine[] = [];
    const push = (text: string, s: TextStyle = {}, width = 230): void => {
      for (const t of this.wrap(text, width, s.style, s.size)) {
        lines.push({ text: t, height: (s.size ?? BODY_SIZE) + 2.5, ...s });
      }
    };
    push(party.name, { style: 'bold', size: 10 });
    if (party.tradingName && party.tradingName !== party.name) push(party.tradingName);
    if (party.contactName) push(`À l'attention de ${party.contactName}`);
    for (const l of addressLines(party.address)) push(l);
    const ids: string[] = [];
    if (party.siret) ids.push(`SIRET ${formatSiret(party.siret)}`);
    else if (party.siren) ids.push(`SIREN ${formatSiret(party.siren)}`);
    if (party.vatNumber) ids.push(`N° TVA ${party.vatNumber}`);
    if (ids.length) push(ids.join(' – '), { size: 7.5, color: COLOR.muted });
    return lines;
  }

  private drawParties(): void {
    const boxW = 250;
    const bx = RIGHT - boxW;
    const pad = 10;
    const buyer = this.partyLines(this.doc.buyer);
    const label = this.doc.quote ? 'DEVIS ÉTABLI POUR' : this.doc.kind === 'Credit' ? 'AVOIR ÉMIS AU NOM DE' : 'FACTURÉ À';
    const boxH = pad + 12 + buyer.reduce((s, l) => s + l.height, 0) + pad - 2;
    const top = this.rightY;
    this.box(bx, top, boxW, boxH, COLOR.panel);
    let by = top + pad;
    this.text(label, bx + pad, by, { style: 'bold', size: 7, color: COLOR.muted });
    by += 12;
    for (const l of buyer) {
      this.text(l.text, bx + pad, by, l);
      by += l.height;
    }
    let sy = Math.max(this.leftY, top + pad);
    if (this.doc.shippingAddress) {
      this.text('ADRESSE DE LIVRAISON', MARGIN_X, sy, { style: 'bold', size: 7, color: COLOR.muted });
      sy += 12;
      for (const l of addressLines(this.doc.shippingAddress)) {
        for (const w of this.wrap(l, bx - MARGIN_X - 20)) {
          this.text(w, MARGIN_X, sy);
          sy += BODY_LH;
        }
      }
    }
    this.y = Math.max(top + boxH, sy) + 16;
  }

  private drawIntro(): void {
    const doc = this.doc;
    if (doc.subject) {
      const lines = this.wrap(`Objet : ${doc.subject}`, CONTENT_W, 'bold', 10);
      for (const line of lines) {
        this.ensure(14);
        this.text(line, MARGIN_X, this.y, { style: 'bold', size: 10 });
        this.y += 14;
      }
      this.y += 4;
    }
    if (doc.headerNotes) {
      for (const line of this.wrap(doc.headerNotes, CONTENT_W)) {
        this.ensure(BODY_LH);
        this.text(line, MARGIN_X, this.y);
        this.y += BODY_LH;
      }
      this.y += 6;
    }
    if (doc.subject || doc.headerNotes) this.y += 4;
  }

  // ---- line table -------------------------------------------------------------------------

  private drawTableHeader(): void {
    const h = 18;
    this.box(MARGIN_X, this.y, CONTENT_W, h, COLOR.accent);
    COLUMNS.forEach((c, i) => {
      this.text(c.label, COLUMN_X[i] + CELL_PAD, this.y + 5, {
        style: 'bold',
        size: 7.5,
        color: COLOR.headText,
        width: c.width - 2 * CELL_PAD,
        align: c.align,
      });
    });
    this.y += h + 2;
  }

  private drawLines(): void {
    this.ensure(18 + 2 + 30);
    this.drawTableHeader();
    for (const line of this.doc.lines) {
      switch (line.kind) {
        case 'NewPage':
          if (this.rowsOnPage > 0) {
            this.addPage();
            this.drawTableHeader();
          }
          break;
        case 'Empty':
          if (!this.ensure(10, true)) this.y += 10;
          break;
        case 'Subtotal':
          this.drawSubtotalRow(line);
          break;
        case 'Text':
          this.drawRow(this.wrapStyled(line.description, CONTENT_W - 2 * CELL_PAD, {}), null);
          break;
        default:
          this.drawRow(this.pricedLines(line), line);
      }
    }
    this.y += 6;
  }

  private wrapStyled(text: string, width: number, s: TextStyle): VisualLine[] {
    const size = s.size ?? BODY_SIZE;
    const lh = size === BODY_SIZE ? BODY_LH : size + 1.5;
    return this.wrap(text, width, s.style, size).map((t) => ({ text: t, height: lh, ...s }));
  }

  private pricedLines(line: DocumentLine): VisualLine[] {
    const width = DESC_W - 2 * CELL_PAD;
    const lines = this.wrapStyled(line.description || ' ', width, {});
    const meta: string[] = [];
    if (line.productNumber) meta.push(`Réf. ${line.productNumber}`);
    if (line.discountLabel || !isZeroAmount(line.discountAmount)) {
      const amount = isZeroAmount(line.discountAmount) ? '' : formatNegativeAmount(line.discountAmount!);
      meta.push(['Remise', line.discountLabel, amount ? `(${amount})` : ''].filter(Boolean).join(' '));
    }
    if (meta.length) lines.push(...this.wrapStyled(meta.join(' · '), width, { size: META_SIZE, color: COLOR.muted }));
    return lines;
  }

  private drawPricedCells(line: DocumentLine, y: number): void {
    const cells = [
      formatQuantity(line.quantity),
      line.unitLabel ?? '',
      formatUnitPrice(line.unitPrice),
      formatRate(line.vatRate),
      formatAmount(line.netAmount),
    ];
    cells.forEach((value, k) => {
      const i = k + 1;
      const c = COLUMNS[i];
      const fitted = this.fit(value, c.width - 2 * CELL_PAD);
      this.text(fitted, COLUMN_X[i] + CELL_PAD, y, {
        style: i === COLUMNS.length - 1 ? 'bold' : 'regular',
        width: c.width - 2 * CELL_PAD,
        align: c.align,
      });
    });
  }

  /** Numeric cells never wrap: shrink-to-fit would change sizes per row, so cut with an ellipsis. */
  private fit(value: string, width: number): string {
    if (!value || this.width(value) <= width) return value;
    let v = value;
    while (v.length > 1 && this.width(`${v}…`) > width) v = v.slice(0, -1);
    return `${v}…`;
  }

  /** Draws a row of wrapped lines, moving to the next page (with the table header) as needed. */
  private drawRow(lines: VisualLine[], priced: DocumentLine | null): void {
    const total = 2 * CELL_PAD + lines.reduce((s, l) => s + l.height, 0);
    const pageCapacity = BODY_BOTTOM - (TOP + 24 + 20);
    if (this.y + total > BODY_BOTTOM && (this.rowsOnPage > 0 || total <= pageCapacity)) {
      this.addPage();
      this.drawTableHeader();
    }
    this.y += CELL_PAD;
    let first = true;
    for (const l of lines) {
      if (this.y + l.height + CELL_PAD > BODY_BOTTOM) {
        this.addPage();
        this.drawTableHeader();
        this.y += CELL_PAD;
      }
      const x = MARGIN_X + CELL_PAD;
      this.text(l.text, x, this.y, l);
      if (first && priced) this.drawPricedCells(priced, this.y);
      first = false;
      this.y += l.height;
    }
    this.y += CELL_PAD;
    this.rule(this.y);
    this.rowsOnPage++;
  }

  private drawSubtotalRow(line: DocumentLine): void {
    const h = 18;
    this.ensure(h + 2, true);
    this.box(MARGIN_X, this.y, CONTENT_W, h, COLOR.subtotal);
    const labelW = COLUMN_X[COLUMNS.length - 1] - MARGIN_X - 2 * CELL_PAD;
    const label = this.fit(line.description?.trim() || 'Sous-total', labelW);
    this.text(label, MARGIN_X + CELL_PAD, this.y + 5, { style: 'bold', width: labelW, align: 'right' });
    const last = COLUMNS.length - 1;
    this.text(formatAmount(line.subtotalAmount ?? ''), COLUMN_X[last] + CELL_PAD, this.y + 5, {
      style: 'bold',
      width: COLUMNS[last].width - 2 * CELL_PAD,
      align: 'right',
    });
    this.y += h + 2;
    this.rowsOnPage++;
  }

  // ---- totals -----------------------------------------------------------------------------

  private vatRows(): { label: string; base: string; tax: string }[] {
    return this.doc.vats.map((v) => {
      const suffix = VAT_CATEGORY_LABEL[v.category];
      return {
        label: suffix ? `${formatRate(v.rate)} (${suffix})` : formatRate(v.rate),
        base: formatAmount(v.taxableAmount),
        tax: formatAmount(v.taxAmount),
      };
    });
  }

  private totalRows(): { label: string; value: string; bold?: boolean }[] {
    const d = this.doc;
    const t = d.totals;
    const rows: { label: string; value: string; bold?: boolean }[] = [];
    if (d.allowancesCharges.length > 0) {
      rows.push({ label: 'Total HT des lignes', value: formatAmount(t.lineTotal) });
      // The e-invoice needs one allowance or charge per VAT rate; a reader wants one line per
      // discount or charge: parts with the same label are summed for print.
      const printed = new Map<string, { isCharge: boolean; cents: number }>();
      for (const ac of d.allowancesCharges) {
        const pct = ac.percent ? ` (${formatRate(ac.percent)})` : '';
        const label = `${ac.reason || (ac.isCharge ? 'Frais' : 'Remise')}${pct}`;
        const entry = printed.get(label) ?? { isCharge: ac.isCharge, cents: 0 };
        entry.cents += Math.round(Number(ac.amount) * 100);
        printed.set(label, entry);
      }
      for (const [label, { isCharge, cents }] of printed) {
        const amount = (cents / 100).toFixed(2);
        rows.push({ label, value: isCharge ? formatAmount(amount) : formatNegativeAmount(amount) });
      }
    }
    rows.push({ label: 'Total HT', value: formatAmount(t.taxExclusive), bold: true });
    rows.push({ label: 'Total TVA', value: formatAmount(t.taxTotal) });
    rows.push({ label: 'Total TTC', value: formatAmount(t.taxInclusive), bold: true });
    const deposits = d.precedingInvoices ?? [];
    if (deposits.length > 0) {
      // A final invoice: each deposit invoice it deducts, by number (BG-3), summing to BT-113.
      for (const p of deposits) rows.push({ label: `Acompte ${p.number}`, value: formatNegativeAmount(p.amount) });
    } else if (!isZeroAmount(t.prepaid)) rows.push({ label: 'Déjà réglé', value: formatNegativeAmount(t.prepaid) });
    if (d.quote?.deposit)
      rows.push({
        label: `Acompte à la commande${d.quote.deposit.percent ? ` (${formatRate(d.quote.deposit.percent)})` : ''}`,
        value: formatAmount(d.quote.deposit.amount),
      });
    return rows;
  }

  private drawSummary(): void {
    const totW = 230;
    const leftW = CONTENT_W - totW - 24;
    const tx = RIGHT - totW;
    const rowH = 15;
    const vats = this.vatRows();
    const reasons = this.doc.vats.filter((v) => v.exemptionReason).map((v) => `${formatRate(v.rate)} ${v.category} : ${v.exemptionReason}`);
    const reasonLines = reasons.flatMap((r) => this.wrap(r, leftW, 'regular', META_SIZE));
    const vatH = 18 + vats.length * rowH + (reasonLines.length ? 4 + reasonLines.length * META_LH : 0);
    const totals = this.totalRows();
    const totH = totals.length * rowH + 6 + 24;
    // Payment details sit under the VAT breakdown, beside the totals, when they fit there.
    const payment = this.paymentBlock(leftW);
    const paymentBeside = vatH + 14 + payment.height <= Math.max(totH, 260);
    const leftH = vatH + (paymentBeside ? 14 + payment.height : 0);
    // Short legal mentions go under the totals when that barely lengthens the block.
    const mentions = this.legalMentions().flatMap((t) => this.wrapStyled(t, totW, { size: 7, color: COLOR.muted }));
    const mentionsH = 12 + mentions.reduce((s, l) => s + l.height, 0);
    this.mentionsDone = mentions.length > 0 && totH + 12 + mentionsH <= leftH + 60;
    const rightH = totH + (this.mentionsDone ? 12 + mentionsH : 0);
    // Footer notes fill the left column's remaining space when they fit there.
    let notes = this.doc.footerNotes ? this.wrapStyled(this.doc.footerNotes, leftW, { style: 'italic' }) : [];
    const notesH = 12 + notes.reduce((s, l) => s + l.height, 0);
    // Short notes fit left of the payment QR code, under the payment facts.
    const room = payment.besideQr;
    const narrowNotes = room && this.doc.footerNotes ? this.wrapStyled(this.doc.footerNotes, room.width, { style: 'italic' }) : [];
    const notesBesideQr = paymentBeside && narrowNotes.length > 0 && 12 + narrowNotes.reduce((s, l) => s + l.height, 0) <= room!.height;
    if (notesBesideQr) notes = narrowNotes;
    this.notesDone = notes.length > 0 && paymentBeside && (notesBesideQr || leftH + notesH <= rightH);
    this.ensure(Math.max(leftH, rightH) + 4);
    const top = this.y + 4;

    // VAT breakdown
    const vcols = [
      { label: 'TVA', x: MARGIN_X, w: leftW - 150, align: 'left' as const },
      { label: 'Base HT', x: MARGIN_X + leftW - 150, w: 75, align: 'right' as const },
      { label: 'Montant TVA', x: MARGIN_X + leftW - 75, w: 75, align: 'right' as const },
    ];
    let vy = top;
    this.box(MARGIN_X, vy, leftW, 16, COLOR.panel);
    for (const c of vcols) {
      this.text(c.label, c.x + CELL_PAD, vy + 4.5, {
        style: 'bold',
        size: 7.5,
        color: COLOR.muted,
        width: c.w - 2 * CELL_PAD,
        align: c.align,
      });
    }
    vy += 18;
    for (const r of vats) {
      const cells = [r.label, r.base, r.tax];
      vcols.forEach((c, i) => {
        this.text(cells[i], c.x + CELL_PAD, vy + 2, { width: c.w - 2 * CELL_PAD, align: c.align });
      });
      vy += rowH;
      this.rule(vy - 1, MARGIN_X, MARGIN_X + leftW);
    }
    if (reasonLines.length) {
      vy += 4;
      for (const line of reasonLines) {
        this.text(line, MARGIN_X, vy, { size: META_SIZE, color: COLOR.muted });
        vy += META_LH;
      }
    }
    if (paymentBeside) {
      vy += 14;
      payment.draw(vy);
      vy += payment.height;
    }
    if (this.notesDone && notesBesideQr) {
      let ny = vy - payment.height + room!.top + 12;
      for (const l of notes) {
        this.text(l.text, MARGIN_X, ny, l);
        ny += l.height;
      }
    } else if (this.notesDone) {
      vy += 12;
      for (const l of notes) {
        this.text(l.text, MARGIN_X, vy, l);
        vy += l.height;
      }
    }

    // Totals
    let ty = top;
    for (const r of totals) {
      const style: FontStyle = r.bold ? 'bold' : 'regular';
      this.text(r.label, tx + CELL_PAD, ty + 2, { style });
      this.text(r.value, tx, ty + 2, { style, width: totW - CELL_PAD, align: 'right' });
      ty += rowH;
      this.rule(ty - 1, tx, RIGHT);
    }
    ty += 6;
    this.box(tx, ty, totW, 24, COLOR.accent);
    const netLabel = this.doc.quote
      ? 'Montant du devis TTC'
      : this.doc.kind === 'Credit'
        ? this.doc.cancellation
          ? 'Montant annulé'
          : 'Montant remboursé / à imputer'
        : 'Net à payer';
    // The credit note's longer label fits beside the amount in a smaller size.
    const netSize = this.doc.kind === 'Credit' && netLabel.length > 20 ? 8.5 : 10.5;
    this.text(netLabel, tx + 8, ty + (netSize === 10.5 ? 6.5 : 7.5), { style: 'bold', size: netSize, color: COLOR.headText });
    this.text(formatAmount(this.doc.totals.payable), tx, ty + 6.5, {
      style: 'bold',
      size: 10.5,
      color: COLOR.headText,
      width: totW - 8,
      align: 'right',
    });
    ty += 24;
    if (this.mentionsDone) {
      ty += 12;
      this.text('Mentions légales', tx, ty, { style: 'bold', size: 8, color: COLOR.accent });
      ty += 12;
      for (const l of mentions) {
        this.text(l.text, tx, ty, l);
        ty += l.height;
      }
    }
    this.y = Math.max(vy, ty) + 14;
    if (!paymentBeside) this.drawPaymentFullWidth();
  }

  // ---- payment, mentions, notes -----------------------------------------------------------

  private paymentFacts(): [string, string][] {
    const d = this.doc;
    if (d.kind === 'Credit') return creditNoteFacts(d);
    const p = d.payment;
    const facts: [string, string][] = [];
    if (d.paymentTermsText) facts.push(['Conditions', d.paymentTermsText]);
    if (d.paymentTerms.length > 1) {
      facts.push(['Échéances', d.paymentTerms.map((t) => `${formatDate(t.dueDate)} : ${formatAmount(t.amount)}`).join(' ; ')]);
    }
    facts.push(['Mode de règlement', paymentMeansLabel(p.meansCode)]);
    if (p.accountName) facts.push(['Titulaire', p.accountName]);
    if (p.iban) facts.push(['IBAN', formatIban(p.iban)]);
    if (p.bic) facts.push(['BIC', p.bic]);
    const reference = p.remittanceInformation || (d.isDraft ? null : d.number);
    if (reference && !d.quote) facts.push(['Référence à rappeler', reference]);
    return facts;
  }

  private drawSection(title: string, lines: VisualLine[]): void {
    if (lines.length === 0) return;
    const firstChunk = lines.slice(0, 3).reduce((s, l) => s + l.height, 0);
    this.ensure(16 + firstChunk);
    this.text(title, MARGIN_X, this.y, { style: 'bold', size: 9, color: COLOR.accent });
    this.y += 12;
    for (const l of lines) {
      this.ensure(l.height);
      this.text(l.text, MARGIN_X, this.y, l);
      this.y += l.height;
    }
    this.y += 8;
  }

  private paymentTitle(): string {
    return this.doc.quote ? 'Conditions de règlement' : this.doc.kind === 'Credit' ? 'Avoir' : 'Règlement';
  }

  /**
   * The EPC069-12 payment QR code of an issued invoice with an IBAN (docs/getting-paid.md): the
   * amount payable, the number as the reference. Null for drafts, quotes, credit notes, and when the
   * IBAN is not valid (the transfer could not be pre-filled).
   */
  private paymentQr(): boolean[][] | null {
    if (this.qrModules !== undefined) return this.qrModules;
    const d = this.doc;
    const p = d.payment;
    this.qrModules =
      d.kind === 'Invoice' && !d.isDraft && !d.quote && p.iban
        ? (transferQr({
            beneficiary: p.accountName ?? d.seller.name,
            iban: p.iban,
            bic: p.bic,
            amount: d.totals.payable,
            currency: d.currency,
            reference: p.remittanceInformation ?? d.number,
          })?.modules ?? null)
        : null;
    return this.qrModules;
  }

  /** Paints the QR code with its quiet zone (4 modules) at (x, y), `side` wide. */
  private drawQr(modules: boolean[][], x: number, y: number, side: number): void {
    const unit = side / (modules.length + 8);
    this.box(x, y, side, side, '#ffffff');
    this.pdf.fillColor('#000000');
    modules.forEach((row, r) => {
      row.forEach((dark, c) => {
        if (dark) this.pdf.rect(x + (c + 4) * unit, y + (r + 4) * unit, unit, unit);
      });
    });
    this.pdf.fill();
  }

  /** The payment facts laid out in a column of `width`; `draw` paints them from a given y. */
  private paymentBlock(width: number): {
    height: number;
    draw: (y: number) => void;
    /** The room left of the QR code under the facts (from the block's top), where short notes fit. */
    besideQr: { top: number; width: number; height: number } | null;
  } {
    const labelW = 92;
    const facts = this.paymentFacts();
    const qr = this.paymentQr();
    // The QR code sits at the right, under the IBAN (kept whole on its line): the facts after the
    // IBAN (BIC, reference) are wrapped beside it, and the block ends under it if they are shorter.
    let y = 0;
    let qrTop = 0;
    const rows = facts.map(([label, value]) => {
      const style: FontStyle = label === 'IBAN' ? 'bold' : 'regular';
      const beside = qr !== null && y >= qrTop && qrTop > 0;
      const lines = this.wrap(value, width - labelW - (beside ? QR_SIDE + QR_GAP : 0), style);
      y += lines.length * BODY_LH;
      if (label === 'IBAN') qrTop = y;
      return { label, style, lines };
    });
    const textH = y;
    const height = 13 + Math.max(textH, qr ? qrTop + QR_SIDE : 0);
    const besideQr =
      qr && height - 13 - textH > 0 ? { top: 13 + textH, width: width - QR_SIDE - QR_GAP, height: height - 13 - textH } : null;
    const draw = (top: number): void => {
      let y = top;
      this.text(this.paymentTitle(), MARGIN_X, y, { style: 'bold', size: 9, color: COLOR.accent });
      y += 13;
      if (qr) this.drawQr(qr, MARGIN_X + width - QR_SIDE, top + 13 + qrTop, QR_SIDE);
      for (const r of rows) {
        this.text(r.label, MARGIN_X, y, { color: COLOR.muted });
        for (const v of r.lines) {
          this.text(v, MARGIN_X + labelW, y, { style: r.style });
          y += BODY_LH;
        }
      }
    };
    return { height, draw, besideQr };
  }

  /** Long payment terms that do not fit beside the totals get their own full-width section. */
  private drawPaymentFullWidth(): void {
    const labelW = 105;
    const qr = this.paymentQr();
    this.ensure(16 + (qr ? QR_SIDE + 4 : BODY_LH * 3));
    this.text(this.paymentTitle(), MARGIN_X, this.y, { style: 'bold', size: 9, color: COLOR.accent });
    this.y += 13;
    const qrBottom = this.y + QR_SIDE + 4;
    if (qr) this.drawQr(qr, RIGHT - QR_SIDE, this.y, QR_SIDE);
    const valueW = CONTENT_W - labelW - (qr ? QR_SIDE + QR_GAP : 0);
    for (const [label, value] of this.paymentFacts()) {
      const style: FontStyle = label === 'IBAN' ? 'bold' : 'regular';
      const valueLines = this.wrap(value, valueW, style);
      this.ensure(BODY_LH * Math.min(valueLines.length, 3));
      this.text(label, MARGIN_X, this.y, { color: COLOR.muted });
      for (const v of valueLines) {
        this.ensure(BODY_LH);
        this.text(v, MARGIN_X + labelW, this.y, { style });
        this.y += BODY_LH;
      }
    }
    if (qr) this.y = Math.max(this.y, qrBottom);
    this.y += 10;
  }

  /**
   * A quote's acceptance: what accepting commits to (validity, deposit) on the left, and the box the
   * customer signs in, under the handwritten "Bon pour accord", on the right.
   */
  private drawAcceptance(quote: NonNullable<IssuedDocument['quote']>): void {
    const boxW = 250;
    const boxH = 92;
    const bx = RIGHT - boxW;
    const leftW = CONTENT_W - boxW - 24;
    const terms: string[] = [];
    if (quote.validityDate) terms.push(`Ce devis est valable jusqu’au ${formatDate(quote.validityDate)}.`);
    if (quote.deposit) {
      const { percent, amount } = quote.deposit;
      terms.push(
        percent
          ? `Un acompte de ${formatRate(percent)} (${formatAmount(amount)} TTC) est demandé à la commande.`
          : `Un acompte de ${formatAmount(amount)} TTC est demandé à la commande.`,
      );
    }
    terms.push('Pour accepter ce devis, retournez-le daté et signé, précédé de la mention « Bon pour accord ».');
    const lines = terms.flatMap((t) => this.wrap(t, leftW));
    this.ensure(Math.max(boxH, 14 + lines.length * BODY_LH) + 8);
    const top = this.y;
    this.text('Acceptation du devis', MARGIN_X, top, { style: 'bold', size: 9, color: COLOR.accent });
    let ly = top + 14;
    for (const line of lines) {
      this.text(line, MARGIN_X, ly);
      ly += BODY_LH;
    }
    this.pdf.rect(bx, top, boxW, boxH).lineWidth(0.75).strokeColor(COLOR.rule).stroke();
    this.text('Bon pour accord', bx + 10, top + 8, { style: 'bold', size: 10 });
    this.text('Date, nom, signature et cachet du client', bx + 10, top + 22, { size: 7.5, color: COLOR.muted });
    this.text('Le :', bx + 10, top + boxH - 16, { color: COLOR.muted });
    this.y = Math.max(ly, top + boxH) + 14;
  }

  /** Legal mentions come from `doc.notes`; the VAT mentions the law requires are added if missing. */
  private legalMentions(): string[] {
    const texts = printedNotes(this.doc)
      .map((n) => n.text.trim())
      .filter(Boolean);
    const all = texts.join('\n').toLowerCase();
    if (this.doc.vatReverseCharge && !all.includes('autoliquidation')) texts.push('Autoliquidation');
    if (!this.doc.sellerLiableToVat && !all.includes('293 b')) texts.push('TVA non applicable, art. 293 B du CGI');
    return texts;
  }

  private drawNotes(): void {
    if (!this.mentionsDone) {
      const mentions = this.legalMentions().flatMap((t) => this.wrapStyled(t, CONTENT_W, { size: META_SIZE, color: COLOR.muted }));
      this.drawSection('Mentions légales', mentions);
    }
    if (this.doc.footerNotes && !this.notesDone) {
      this.drawSection('Notes', this.wrapStyled(this.doc.footerNotes, CONTENT_W, { style: 'italic' }));
    }
  }
}

// ---- credit notes -------------------------------------------------------------------------------
// A credit note (avoir) requests no payment: it shows neither bank account, payment terms nor
// late-payment mentions, says what happens to its amount, and puts the invoice it corrects in
// evidence. One that cancels an unpaid invoice says that nothing is due.

/** Notes about paying late (penalties PMD, recovery indemnity PMT, discount AAB) concern invoices only. */
const PAYMENT_NOTE_CODES = new Set(['PMD', 'PMT', 'AAB']);

function printedNotes(doc: IssuedDocument): IssuedDocument['notes'] {
  return doc.kind === 'Credit' ? doc.notes.filter((n) => !PAYMENT_NOTE_CODES.has(n.subjectCode ?? '')) : doc.notes;
}

function invoiceReference(p: { number: string; date: string | null }): string {
  return p.date ? `${p.number} du ${formatDate(p.date)}` : p.number;
}

function creditNoteHeadline(doc: IssuedDocument): string | null {
  if (doc.kind !== 'Credit' || !doc.precedingInvoice) return null;
  return `${doc.cancellation ? 'Annule la facture' : 'Avoir sur la facture'} ${invoiceReference(doc.precedingInvoice)}`;
}

function creditNoteFacts(doc: IssuedDocument): [string, string][] {
  const facts: [string, string][] = [];
  if (doc.precedingInvoice) facts.push([doc.cancellation ? 'Facture annulée' : 'Facture corrigée', invoiceReference(doc.precedingInvoice)]);
  if (doc.cancellation) {
    const paid = doc.cancellation.paidOnInvoice;
    if (Number(paid) === 0) {
      facts.push(['Situation', 'La facture est annulée et n’a pas été réglée : aucun montant n’est dû, rien n’est à rembourser.']);
    } else {
      facts.push(['Situation', 'La facture est annulée ; le montant déjà réglé vous sera remboursé ou imputé sur une prochaine facture.']);
      facts.push(['Déjà réglé', formatAmount(paid)]);
    }
  } else {
    facts.push(['Montant', 'remboursé ou imputé sur vos prochaines factures ; aucun paiement n’est demandé.']);
  }
  return facts;
}
