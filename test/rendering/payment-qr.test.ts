// The payment QR code (EPC069-12 SEPA credit transfer) printed on invoices. How it is verified
// without a QR library: test/helpers/qr-decode.ts is an independent reader (its own finder search,
// format and version information, function-pattern map, masks, block table and Reed-Solomon
// syndromes); the invoice's PDF is rasterized by pdftoppm to PNG, decoded to grey pixels by sharp,
// and the reader must find the symbol, find every block's syndromes zero and read the exact payload.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { epcPayload, transferQr } from '../../src/rendering/epc-qr.js';
import { encodeQr, versionFor } from '../../src/rendering/qr.js';
import { describeEachDb } from '../helpers/harness.js';
import { decodeQr, type Raster } from '../helpers/qr-decode.js';
import { salesClient, simpleLine } from '../helpers/sales.js';

const run = promisify(execFile);

/** The modules drawn as pixels (`scale` per module, a 4-module quiet zone), as a page would show them. */
function rasterOf(modules: boolean[][], scale = 4): Raster {
  const side = (modules.length + 8) * scale;
  const gray = new Uint8Array(side * side).fill(255);
  modules.forEach((row, r) => {
    row.forEach((dark, c) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++) for (let dx = 0; dx < scale; dx++) gray[((r + 4) * scale + dy) * side + (c + 4) * scale + dx] = 0;
    });
  });
  return { width: side, height: side, gray };
}

async function firstPageRaster(pdf: Buffer, dpi = 300): Promise<Raster> {
  const dir = await mkdtemp(join(tmpdir(), 'facturier-qr-'));
  try {
    await writeFile(join(dir, 'doc.pdf'), pdf);
    await run('pdftoppm', ['-r', String(dpi), '-png', '-f', '1', '-l', '1', '-singlefile', join(dir, 'doc.pdf'), join(dir, 'page')]);
    const { data, info } = await sharp(await readFile(join(dir, 'page.png')))
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, gray: new Uint8Array(data.buffer, data.byteOffset, info.width * info.height) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('the QR encoder', () => {
  it('encodes byte strings of every version 1 to 13 at level M that an independent reader decodes', () => {
    for (const length of [1, 14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331]) {
      const text = Array.from({ length }, (_, i) => 'Facturier é €'[i % 13]).join('');
      const bytes = new TextEncoder().encode(text).subarray(0, length);
      const safe = new TextDecoder().decode(bytes).replace(/\uFFFD/g, '');
      const qr = encodeQr(new TextEncoder().encode(safe))!;
      expect(qr.version).toBe(versionFor(new TextEncoder().encode(safe).length));
      const decoded = decodeQr(rasterOf(qr.modules));
      expect(decoded).toMatchObject({ version: qr.version, ecLevel: 'M', mask: qr.mask, text: safe });
    }
    expect(versionFor(331)).toBe(13);
    expect(versionFor(332)).toBeNull();
  });
});

describe('the EPC069-12 payload', () => {
  it('holds the beneficiary, IBAN, BIC, amount and reference on their lines', () => {
    expect(
      epcPayload({
        beneficiary: 'Atelier Lumière SARL',
        iban: 'FR76 3000 6000 0112 3456 7890 189',
        bic: 'agrifrppxxx',
        amount: '1481.40',
        currency: 'EUR',
        reference: 'F-2026-00012',
      }),
    ).toBe('BCD\n002\n1\nSCT\nAGRIFRPPXXX\nAtelier Lumière SARL\nFR7630006000011234567890189\nEUR1481.40\n\n\nF-2026-00012');
  });

  it('is not made (no QR code) for an invalid IBAN, a zero amount or another currency', () => {
    const ok = { beneficiary: 'A', iban: 'FR7630006000011234567890189', amount: '10.00', currency: 'EUR' };
    expect(transferQr(ok)).not.toBeNull();
    expect(transferQr({ ...ok, iban: 'FR7630006000011234567890180' })).toBeNull(); // wrong check digits
    expect(transferQr({ ...ok, iban: 'not an iban' })).toBeNull();
    expect(transferQr({ ...ok, amount: '0.00' })).toBeNull();
    expect(transferQr({ ...ok, currency: 'USD' })).toBeNull();
  });
});

describeEachDb('the payment QR code on the invoice PDF', (ctx) => {
  it('prints a QR code that scans to the transfer of the amount due with the invoice number, beside the bank details', async () => {
    const a = await ctx.newAccount('Atelier Lumière');
    const sales = salesClient(ctx, a);
    await sales.settings({
      company: { name: 'Atelier Lumière SARL' },
      bankDetails: { accountHolder: 'Atelier Lumière SARL', iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPPXXX' },
    });
    const customerId = await sales.customer({ companyName: 'Client Durand' });
    const invoice = await sales.finalized('Invoice', { customerId, date: '2026-11-20', lines: [simpleLine(1234.5)] });
    const pdf = (await ctx.inject({ method: 'GET', url: `/v1/saleinvoices/download/${invoice.id}`, headers: a.headers })).rawPayload;
    const decoded = decodeQr(await firstPageRaster(pdf));
    expect(decoded.ecLevel).toBe('M');
    expect(decoded.text).toBe(
      `BCD\n002\n1\nSCT\nAGRIFRPPXXX\nAtelier Lumière SARL\nFR7630006000011234567890189\nEUR1481.40\n\n\n${invoice.number}`,
    );

    // Without an IBAN, no QR code is printed.
    const b = await ctx.newAccount('Sans banque');
    const other = salesClient(ctx, b);
    const cid = await other.customer({ companyName: 'Client' });
    const plain = await other.finalized('Invoice', { customerId: cid, date: '2026-11-20', lines: [simpleLine(10)] });
    const plainPdf = (await ctx.inject({ method: 'GET', url: `/v1/saleinvoices/download/${plain.id}`, headers: b.headers })).rawPayload;
    expect(() => decodeQr(rasterOf([]))).toThrow();
    await expect(firstPageRaster(plainPdf).then(decodeQr)).rejects.toThrow(/no QR code found/);
  });
});
