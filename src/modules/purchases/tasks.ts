// Reading an uploaded file, run on the worker threads (src/workers/): recognising it, finding the
// XML a PDF embeds and parsing that XML take seconds on hostile files (a 20 MB PDF of 600,000 objects),
// which the event loop must never spend. The task takes the bytes (moved to the worker, not copied),
// and returns them with plain facts; every failure to read the file is a validation error naming `file`.
import { createHash } from 'node:crypto';
import { ValidationError } from '../../errors.js';
import { defineTask } from '../../workers/task.js';
import { NotAnInvoiceError, readIncomingInvoice, type IncomingInvoice } from './cii-read.js';
import { extractEmbeddedInvoiceXml, isPdf, PdfReadError } from './pdf-read.js';

export interface UploadSource {
  format: 'Factur-X' | 'CII' | 'UBL' | null;
  embeddedFileName: string | null;
}

export interface ReadUpload {
  contentType: 'application/pdf' | 'application/xml';
  /** The invoice the file carries, when it is a CII/UBL XML or a PDF embedding one. */
  invoice: IncomingInvoice | null;
  source: UploadSource;
  sha256: string;
  /** Why a PDF's attached XML was not read as an invoice (it is then stored as a plain PDF, Pending). */
  unread: string | null;
  /** The file's bytes, handed back unchanged. */
  content: Uint8Array;
}

function fileError(message: string): ValidationError {
  return ValidationError.field('file', message);
}

function readPdf(content: Buffer): { xml: string; fileName: string } | null {
  try {
    return extractEmbeddedInvoiceXml(content);
  } catch (err) {
    if (err instanceof PdfReadError) throw fileError(err.message);
    throw err;
  }
}

/** A PDF by its signature, or an XML document (UTF-8, optional BOM); anything else is refused. */
export const readUpload = defineTask(import.meta.url, 'readUpload', (bytes: Uint8Array): ReadUpload => {
  const content = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const sha256 = createHash('sha256').update(content).digest('hex');
  if (isPdf(content)) {
    const embedded = readPdf(content);
    if (!embedded)
      return {
        contentType: 'application/pdf',
        invoice: null,
        source: { format: null, embeddedFileName: null },
        sha256,
        unread: null,
        content: bytes,
      };
    let invoice: IncomingInvoice;
    try {
      invoice = readIncomingInvoice(embedded.xml);
    } catch (err) {
      // A readable PDF whose attachment is not an invoice we read (XML of another kind, XML that is not
      // well-formed, or a DOCTYPE refused before any entity is expanded) is kept as a plain PDF, with why:
      // a person reads the PDF as they would one without XML (issue #27).
      if (!(err instanceof NotAnInvoiceError)) throw err;
      return {
        contentType: 'application/pdf',
        invoice: null,
        source: { format: null, embeddedFileName: embedded.fileName },
        sha256,
        unread: `${embedded.fileName}: ${err.message}`,
        content: bytes,
      };
    }
    return {
      contentType: 'application/pdf',
      invoice,
      source: { format: 'Factur-X', embeddedFileName: embedded.fileName },
      sha256,
      unread: null,
      content: bytes,
    };
  }
  const text = new TextDecoder('utf-8').decode(content);
  if (!/^\uFEFF?\s*</.test(text)) throw fileError('the file is neither a PDF nor an XML e-invoice (CII or UBL)');
  const invoice = readIncomingInvoice(text);
  return {
    contentType: 'application/xml',
    invoice,
    source: { format: invoice.format, embeddedFileName: null },
    sha256,
    unread: null,
    content: bytes,
  };
});
