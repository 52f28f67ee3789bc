// The ceiling: a bare node:http server answering the same Hello JSON bytes from memory, or, with
// BARE_BODY_FILE, the bytes of that file (e.g. the invoice a get-by-id answers), or, with
// BARE_BODIES (a JSON file { "<name>": "<file>" }), the bytes of the file named by the request
// path's first segment (`GET /<name>…`), so that one process replays several endpoints' answers.
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
const bodies = new Map<string, Buffer>(
  process.env.BARE_BODIES
    ? Object.entries(JSON.parse(readFileSync(process.env.BARE_BODIES, 'utf8')) as Record<string, string>).map(([name, file]) => [
        name,
        readFileSync(file),
      ])
    : [],
);
const port = Number(process.env.PORT ?? 0);
http
  .createServer((req, res) => {
    const url = req.url ?? '/';
    const end = url.indexOf('/', 1);
    const named = bodies.get(url.slice(1, end < 0 ? (url.indexOf('?') < 0 ? url.length : url.indexOf('?')) : end));
    const answer = named ?? body;
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': answer.length });
    res.end(answer);
  })
  .listen(port, '127.0.0.1', () => process.send?.('ready'));
