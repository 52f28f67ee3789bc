// A refused multipart upload leaves the connection usable: the rest of the body is read and thrown
// away (up to the drain limit) so that the next request on the same keep-alive socket is answered;
// a body declared larger than that limit gets `Connection: close` and the socket is closed.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestAccount } from '../helpers/harness.js';
import { multipart, MULTIPART } from '../helpers/multipart.js';
import { rawConnection, requestHead } from '../helpers/raw-http.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

describeEachDb('a refused multipart upload keeps the keep-alive connection answering', (ctx) => {
  let account: TestAccount;
  let port: number;
  let productId: number;

  beforeAll(async () => {
    account = await ctx.newAccount();
    const product = await ctx.inject({ method: 'POST', url: '/v1/products', headers: account.headers, payload: { name: 'Produit' } });
    productId = product.json<{ id: number }>().id;
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  /** Two parts named `file`, the second one 300 KB: "send exactly one file". */
  const twoFiles = () =>
    multipart([
      { name: 'file', filename: 'a.png', type: 'image/png', content: PNG },
      { name: 'file', filename: 'b.png', type: 'image/png', content: Buffer.alloc(300 * 1024, 7) },
    ]);

  for (const path of ['/v1/purchaseinvoices/file', '/v1/productimages/{id}']) {
    it(`POST ${path} with two files: 400, then GET /healthz on the same socket is answered`, async () => {
      const url = path.replace('{id}', () => String(productId));
      const conn = await rawConnection(port);
      try {
        const body = twoFiles();
        conn.write(requestHead('POST', url, { 'x-api-key': account.apiKey, 'content-type': MULTIPART, 'content-length': body.length }));
        conn.write(body);
        const refused = await conn.next();
        expect(refused.status).toBe(400);
        expect(refused.body).toContain('file');
        expect(refused.headers.connection).not.toBe('close');
        conn.write(requestHead('GET', '/healthz', {}));
        const health = await conn.next();
        expect(health.status).toBe(200);
        // And once more, an upload that is accepted, on the same socket.
        const good = multipart([{ name: 'file', filename: 'p.png', type: 'image/png', content: PNG }]);
        conn.write(
          requestHead('POST', `/v1/productimages/${productId}`, {
            'x-api-key': account.apiKey,
            'content-type': MULTIPART,
            'content-length': good.length,
          }),
        );
        conn.write(good);
        expect((await conn.next()).status).toBe(200);
      } finally {
        conn.destroy();
      }
    }, 15_000);
  }

  it('a refused upload that declares more than the drain limit is answered with Connection: close, and the socket closes', async () => {
    const conn = await rawConnection(port);
    try {
      const start = twoFiles().subarray(0, 200 * 1024);
      conn.write(
        requestHead('POST', '/v1/purchaseinvoices/file', {
          'x-api-key': account.apiKey,
          'content-type': MULTIPART,
          'content-length': 500 * 1024 * 1024,
        }),
      );
      conn.write(start);
      const refused = await conn.next();
      expect(refused.status).toBe(400);
      expect(refused.headers.connection).toBe('close');
      await conn.closed;
    } finally {
      conn.destroy();
    }
  }, 15_000);
});
