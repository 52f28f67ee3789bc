import { beforeAll, expect, it } from 'vitest';
import { BOUNDARY, multipart } from '../../helpers/multipart.js';
import { describeEachDb, type TestAccount } from '../../helpers/harness.js';

// Tiny but real images: 1×1 PNG, GIF and lossless WebP; a JPEG made of SOI, a JFIF APP0 and EOI.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9,
]);


const file = (content: Buffer | string, filename = 'image.png', type = 'image/png') => multipart([{ name: 'file', filename, type, content }]);

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

  it('accepts PNG, JPEG, GIF and WebP by their bytes, and serves them back exactly, publicly', async () => {
    for (const [bytes, type] of [[PNG, 'image/png'], [JPEG, 'image/jpeg'], [GIF, 'image/gif'], [WEBP, 'image/webp']] as const) {
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
      expect(image.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('GET returns the product with its imageUrl; 404 for a missing product or another account', async () => {
    const res = await ctx.inject({ method: 'GET', url: `/v1/productimages/${productId}`, headers: account.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: productId, name: 'Photo', imageUrl: expect.any(String) });
    expect((await ctx.inject({ method: 'GET', url: `/v1/products/${productId}`, headers: account.headers })).json().imageUrl).toBe(res.json().imageUrl);
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
      [multipart([{ name: 'file', filename: 'a.png', content: PNG }, { name: 'file', filename: 'b.png', content: PNG }]), /exactly one file/],
    ];
    for (const [payload, message] of cases) {
      const res = await upload(productId, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json()).sort()).toEqual(['errors', 'message']);
      expect(res.json().errors[0]).toMatch(/^file: /);
      expect(res.json().message).toMatch(message);
    }
    const json = await ctx.inject({
      method: 'POST', url: `/v1/productimages/${productId}`, headers: account.headers, payload: { file: 'x' },
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
    expect((await fetchUrl(exact.json().imageUrl)).rawPayload.length).toBe(limit);
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
      expect(image.rawPayload.equals(PNG)).toBe(true);
    });
  },
  { PUBLIC_URL: 'https://factures.example.fr' },
);
