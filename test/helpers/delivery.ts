// What the delivery suites run against: a fake clock (tests move time instead of sleeping through
// backoffs), a real HTTP receiver on loopback that records every webhook request, and a real SMTP
// server (smtp-server) that records every message, parsed (mailparser).
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export class FakeClock {
  constructor(public ms = Date.parse('2026-11-24T09:00:00.000Z')) {}
  readonly now = (): number => this.ms;
  advance(ms: number): void {
    this.ms += ms;
  }
}

export interface ReceivedRequest {
  headers: http.IncomingHttpHeaders;
  raw: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  url: string;
}

export interface Receiver {
  port: number;
  url: string;
  received: ReceivedRequest[];
  /** The status of the next answers, in order; then 200. */
  statuses: number[];
  /** The status for this request, when the test decides per request (else the next of `statuses`). */
  statusFor?: (request: ReceivedRequest) => number | undefined;
  /** Called before answering (e.g. to hold a request open). */
  beforeAnswer?: (request: ReceivedRequest) => Promise<void>;
  close(): Promise<void>;
}

/** An HTTP receiver on 127.0.0.1 (a given port: for a receiver that comes up after being down). */
export async function startReceiver(port = 0): Promise<Receiver> {
  const receiver: Receiver = {
    port: 0,
    url: '',
    received: [],
    statuses: [],
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
      const request = { headers: req.headers, raw, body, url: req.url ?? '' };
      receiver.received.push(request);
      void (receiver.beforeAnswer?.(request) ?? Promise.resolve()).then(() => {
        res.statusCode = receiver.statusFor?.(request) ?? receiver.statuses.shift() ?? 200;
        res.end('ok');
      });
    });
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}/hook`;
  return receiver;
}

/** A port nothing listens on (yet). */
export async function freePort(): Promise<number> {
  const server = http.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  server.close();
  await once(server, 'close');
  return port;
}

export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  raw: Buffer;
  parsed: ParsedMail;
}

export interface SmtpSink {
  port: number;
  url: string;
  messages: ReceivedMail[];
  /** SMTP reply codes to answer the next messages' DATA with (e.g. 451, 550); then accepted. */
  rejections: number[];
  close(): Promise<void>;
}

export async function startSmtp(): Promise<SmtpSink> {
  const sink: SmtpSink = {
    port: 0,
    url: '',
    messages: [],
    rejections: [],
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const code = sink.rejections.shift();
        if (code) {
          callback(Object.assign(new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later'), { responseCode: code }));
          return;
        }
        const raw = Buffer.concat(chunks);
        void simpleParser(raw).then((parsed) => {
          sink.messages.push({
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
            },
            raw,
            parsed,
          });
          callback();
        });
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  sink.port = (server.server.address() as AddressInfo).port;
  sink.url = `smtp://127.0.0.1:${sink.port}`;
  return sink;
}
