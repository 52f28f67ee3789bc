// HTTP/1.1 spoken by hand on one socket: what a pooling client does with a keep-alive connection,
// without a client library that would hide a hung or closed connection by opening another one.
import { connect, type Socket } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface RawConnection {
  /** Writes bytes on the socket (without waiting for the peer to read them). */
  write(bytes: Buffer | string): void;
  /** The next complete response on the socket (by its content-length); rejects when the socket closes first. */
  next(): Promise<RawResponse>;
  /** Resolves when the server closes the connection. */
  closed: Promise<void>;
  destroy(): void;
}

export async function rawConnection(port: number, host = '127.0.0.1'): Promise<RawConnection> {
  const socket: Socket = connect(port, host);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let buffer = Buffer.alloc(0);
  let ended = false;
  let waiter: (() => void) | null = null;
  const wake = () => {
    const w = waiter;
    waiter = null;
    w?.();
  };
  const closed = new Promise<void>((resolve) => {
    socket.once('close', () => {
      ended = true;
      wake();
      resolve();
    });
  });
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    wake();
  });
  // A reset after the answers were read is the server's choice to close; the test looks at answers.
  socket.on('error', () => undefined);

  function parse(): RawResponse | null {
    const end = buffer.indexOf('\r\n\r\n');
    if (end < 0) return null;
    const [statusLine, ...lines] = buffer.subarray(0, end).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    if (buffer.length < end + 4 + length) return null;
    const body = buffer.subarray(end + 4, end + 4 + length).toString('utf8');
    buffer = buffer.subarray(end + 4 + length);
    return { status: Number(statusLine.split(' ')[1]), headers, body };
  }

  return {
    write: (bytes) => {
      socket.write(bytes);
    },
    async next() {
      for (;;) {
        const response = parse();
        if (response) return response;
        if (ended) throw new Error('the server closed the connection without a (complete) answer');
        await new Promise<void>((resolve) => {
          waiter = resolve;
        });
      }
    },
    closed,
    destroy: () => {
      socket.destroy();
    },
  };
}

/** The head of a request, for `write` (the body follows it). */
export function requestHead(method: string, path: string, headers: Record<string, string | number>): string {
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', ...Object.entries(headers).map(([k, v]) => `${k}: ${String(v)}`)];
  return `${lines.join('\r\n')}\r\n\r\n`;
}
