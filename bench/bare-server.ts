// The ceiling: a bare node:http server answering the same Hello JSON bytes from memory, or, with
// BARE_BODY_FILE, the bytes of that file (e.g. the invoice a get-by-id answers).
import { readFileSync } from 'node:fs';
import http from 'node:http';

const body = process.env.BARE_BODY_FILE
  ? readFileSync(process.env.BARE_BODY_FILE)
  : Buffer.from(
      JSON.stringify({
        message: 'Hello Bench SAS',
        companyName: 'Bench SAS',
        apiKeyName: 'Default',
        serverTimestamp: new Date().toISOString(),
        url: 'http://127.0.0.1',
      }),
    );
const port = Number(process.env.PORT ?? 0);
http
  .createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  })
  .listen(port, '127.0.0.1', () => process.send?.('ready'));
