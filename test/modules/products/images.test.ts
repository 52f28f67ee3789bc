import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { BOUNDARY, multipart } from '../../helpers/multipart.js';
import { describeEachDb, type TestAccount } from '../../helpers/harness.js';
import { corruptIdatPng, declaredHugePng, HTML, htmlPolyglotPng, jsPolyglotGif, png } from '../../helpers/png.js';

// Tiny but real images: 1×1 PNG, GIF and lossless WebP, and a 2×2 JPEG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
const JPEG = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#808080' } })
  .jpeg()
  .toBuffer();
const CSP = "default-src 'none'; sandbox";

const file = (content: Buffer | string, filename = 'image.png', type = 'image/png') =>
  multipart([{ name: 'file', filename, type, content }]);

describeEachDb('product images', (ctx) => {
  let account: TestAccount;
  let other: TestAccount;
  let productId: number;

  const upload = (id: number, payload: Buffer, who = account) =>
    ctx.inject({
      method: 'POST',
      url: `/v1/productimages/${id}`,
      headers: { ...who.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload,
    });
  const fetchUrl = (url: string) => ctx.inject({ method: 'GET', url });

  beforeAll(async () => {
    account = await ctx.newAccount();
    other = await ctx.newAccount();
    const res = await ctx.inject({ method: 'POST', url: '/v1/products', headers: account.headers, payload: { name: 'Photo' } });
    productId = res.json().id;
  });

  it('accepts PNG, JPEG, GIF and WebP by their bytes, and serves them re-encoded in the same format, publicly', async () => {
    for (const [bytes, type] of [
      [PNG, 'image/png'],
      [JPEG, 'image/jpeg'],
      [GIF, 'image/gif'],
      [WEBP, 'image/webp'],
    ] as const) {
      // The declared type and file name are deliberately wrong: only the bytes count.
      const res = await upload(productId, file(bytes, 'photo.txt', 'application/octet-stream'));
      expect(res.statusCode, res.body).toBe(200);
      const product = res.json();
      expect(product.id).toBe(productId);
      expect(product.imageUrl).toMatch(new RegExp(`^/v1/productimages/${productId}/content/[\\w-]{32}$`));
      const image = await fetchUrl(product.imageUrl);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe(type);
      expect(image.headers['cache-control']).toContain('max-age');
      expect(image.headers['content-security-policy']).toBe(CSP);
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(image.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([type.slice('image/'.length), bytes === JPEG ? 2 : 1, bytes === JPEG ? 2 : 1]);
    }
  });

  it('stores a PNG+HTML polyglot re-encoded: other bytes, no markup, the same pixels, served with CSP and nosniff', async () => {
    const input = htmlPolyglotPng();
    const res = await upload(productId, file(input, 'innocent.png'));
    expect(res.statusCode, res.body).toBe(200);
    const image = await fetchUrl(res.json().imageUrl);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-security-policy']).toBe(CSP);
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(input)).toBe(false);
    expect(image.rawPayload.toString('latin1')).not.toContain('<');
    expect(image.rawPayload.toString('latin1')).not.toContain(HTML.slice(0, 12));
    expect(await sharp(image.rawPayload).raw().toBuffer()).toEqual(await sharp(input).raw().toBuffer());
    expect((await sharp(image.rawPayload).metadata()).hasAlpha).toBe(true);
  });

  it('stores a GIF+JS polyglot re-encoded as a GIF without the script', async () => {
    const input = jsPolyglotGif();
    const res = await upload(productId, file(input, 'pixel.gif', 'image/gif'));
    expect(res.statusCode, res.body).toBe(200);
    const image = await fetchUrl(res.json().imageUrl);
    expect(image.headers['content-type']).toBe('image/gif');
    expect(image.headers['content-security-policy']).toBe(CSP);
    expect(image.rawPayload.toString('latin1')).not.toContain('alert');
    expect(image.rawPayload.subarray(0, 6).toString('latin1')).toBe('GIF89a');
  });

  it('refuses a corrupt IDAT, 70000×70000 declared pixels and more than 16 megapixels with 400 Error naming file', async () => {
    const cases: [Buffer, RegExp][] = [
      [corruptIdatPng(), /^file: the image cannot be decoded \(.+\); send a valid PNG, JPEG, GIF or WebP file$/],
      [declaredHugePng(), /^file: the image is 70000×70000 pixels; at most 4096 pixels a side are accepted$/],
      [declaredHugePng(4000, 4001), /^file: the image is 4000×4001 = 16004000 pixels; at most 16000000 \(16 megapixels\)/],
    ];
    const before = (await ctx.inject({ method: 'GET', url: `/v1/productimages/${productId}`, headers: account.headers })).json().imageUrl;
    for (const [bytes, message] of cases) {
      const res = await upload(productId, file(bytes));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toHaveLength(1);
      expect(res.json().errors[0]).toMatch(message);
    }
    // The image in place is untouched.
    expect((await ctx.inject({ method: 'GET', url: `/v1/productimages/${productId}`, headers: account.headers })).json().imageUrl).toBe(
      before,
    );
    expect((await upload(productId, file(png(4096, 2)))).statusCode).toBe(200);
  });

  it('GET returns the product with its imageUrl; 404 for a missing product or another account', async () => {
    const res = await ctx.inject({ method: 'GET', url: `/v1/productimages/${productId}`, headers: account.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: productId, name: 'Photo', imageUrl: expect.any(String) });
    expect((await ctx.inject({ method: 'GET', url: `/v1/products/${productId}`, headers: account.headers })).json().imageUrl).toBe(
      res.json().imageUrl,
    );
    const missing = await ctx.inject({ method: 'GET', url: '/v1/productimages/987654', headers: account.headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: 404, title: 'Not Found' });
    expect((await ctx.inject({ method: 'GET', url: `/v1/productimages/${productId}`, headers: other.headers })).statusCode).toBe(404);
    expect((await upload(productId, file(PNG), other)).statusCode).toBe(404);
  });

  it('replacing the image changes the URL; the old URL is gone', async () => {
    const first = (await upload(productId, file(PNG))).json().imageUrl;
    const second = (await upload(productId, file(GIF))).json().imageUrl;
    expect(second).not.toBe(first);
    expect((await fetchUrl(first)).statusCode).toBe(404);
    expect((await fetchUrl(second)).headers['content-type']).toBe('image/gif');
  });

  it('refuses a text file named .png, an empty part, a missing file part, two files and a non-multipart body with 400 Error', async () => {
    const cases: [Buffer, RegExp][] = [
      [file('hello, I am not an image', 'fake.png', 'image/png'), /not a PNG, JPEG, GIF or WebP/],
      [file(Buffer.alloc(0)), /empty/],
      [multipart([{ name: 'image', filename: 'a.png', type: 'image/png', content: PNG }]), /no part named "file"/],
      [multipart([{ name: 'note', content: 'just a field' }]), /no part named "file"/],
      [
        multipart([
          { name: 'file', filename: 'a.png', content: PNG },
          { name: 'file', filename: 'b.png', content: PNG },
        ]),
        /exactly one file/,
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await upload(productId, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json()).sort()).toEqual(['errors', 'message']);
      expect(res.json().errors[0]).toMatch(/^file: /);
      expect(res.json().message).toMatch(message);
    }
    const json = await ctx.inject({
      method: 'POST',
      url: `/v1/productimages/${productId}`,
      headers: account.headers,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().errors[0]).toMatch(/^file: /);
  });

  it('accepts 5 MB exactly and refuses 5 MB + 1 byte with 400, not 413', async () => {
    const limit = 5 * 1024 * 1024;
    const big = Buffer.alloc(limit + 1, 0);
    PNG.copy(big);
    const tooBig = await upload(productId, file(big));
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toMatch(/larger than 5 MB/);
    const exact = await upload(productId, file(big.subarray(0, limit)));
    expect(exact.statusCode).toBe(200);
    // What follows the image is not kept: the stored file is the re-encoded 1×1 image.
    const stored = (await fetchUrl(exact.json().imageUrl)).rawPayload;
    expect(stored.length).toBeLessThan(200);
    expect((await sharp(stored).metadata()).width).toBe(1);
  });

  it('DELETE removes the image (URL then 404), is 404 for a missing product', async () => {
    const url = (await upload(productId, file(PNG))).json().imageUrl;
    const del = await ctx.inject({ method: 'DELETE', url: `/v1/productimages/${productId}`, headers: account.headers });
    expect(del.statusCode).toBe(200);
    expect(del.body).toBe('');
    expect((await fetchUrl(url)).statusCode).toBe(404);
    const product = await ctx.inject({ method: 'GET', url: `/v1/productimages/${productId}`, headers: account.headers });
    expect(product.json().imageUrl).toBeNull();
    expect((await ctx.inject({ method: 'DELETE', url: '/v1/productimages/987654', headers: account.headers })).statusCode).toBe(404);
    expect((await ctx.inject({ method: 'DELETE', url: `/v1/productimages/${productId}`, headers: other.headers })).statusCode).toBe(404);
  });

  it('deleting the product deletes its image', async () => {
    const created = await ctx.inject({ method: 'POST', url: '/v1/products', headers: account.headers, payload: { name: 'Ephemeral' } });
    const url = (await upload(created.json().id, file(PNG))).json().imageUrl;
    await ctx.inject({ method: 'DELETE', url: `/v1/products/${created.json().id}`, headers: account.headers });
    expect((await fetchUrl(url)).statusCode).toBe(404);
  });
});

describeEachDb(
  'product image URLs with PUBLIC_URL',
  (ctx) => {
    it('prefixes imageUrl with PUBLIC_URL', async () => {
      const account = await ctx.newAccount();
      const product = await ctx.inject({ method: 'POST', url: '/v1/products', headers: account.headers, payload: { name: 'P' } });
      const res = await ctx.inject({
        method: 'POST',
        url: `/v1/productimages/${product.json().id}`,
        headers: { ...account.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        payload: file(PNG),
      });
      const url: string = res.json().imageUrl;
      expect(url.startsWith('https://factures.example.fr/v1/productimages/')).toBe(true);
      const image = await ctx.inject({ method: 'GET', url: url.slice('https://factures.example.fr'.length) });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
    });
  },
  { PUBLIC_URL: 'https://factures.example.fr' },
);
