// A request answered before its body was read to the end (a multipart upload refused at its second
// file, "too many fields"…) must not leave the connection stuck: the parser that stopped reading
// also stopped the socket, so the next request of a keep-alive client would wait for nothing. The
// rest of the body is read and thrown away, up to a limit; a body declared larger than the limit
// is answered with `Connection: close` instead, and one that turns out larger (chunked) has its
// connection closed once the answer is out.
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Whether the request's body holds the connection: bytes still to come (not `complete`) or received
 * but never read. A GET, or a body read to its end, is neither: nothing to do on the hot path.
 */
function bodyUnfinished(request: FastifyRequest): boolean {
  const raw = request.raw;
  return !raw.readableEnded && !raw.destroyed && (!raw.complete || raw.readableLength > 0);
}

export function registerBodyDrain(app: FastifyInstance, drainLimitBytes: number): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!bodyUnfinished(request)) {
      done(null, payload);
      return;
    }
    const raw = request.raw;
    const declared = Number(request.headers['content-length']);
    const tooLong = Number.isFinite(declared) && declared > drainLimitBytes;
    if (tooLong) reply.header('connection', 'close');
    let read = 0;
    let closing = false;
    const closeAfterAnswer = () => {
      if (closing) return;
      closing = true;
      raw.removeListener('data', count);
      raw.pause();
      const socket = raw.socket;
      if (reply.raw.writableFinished) socket.destroy();
      else reply.raw.once('finish', () => socket.destroy());
    };
    const count = (chunk: Buffer) => {
      read += chunk.length;
      if (read > drainLimitBytes) closeAfterAnswer();
    };
    // Whoever was reading the body (a multipart parser) has let go of it; nobody else will.
    raw.unpipe();
    raw.on('data', count);
    raw.on('error', () => undefined);
    raw.resume();
    if (tooLong) reply.raw.once('finish', closeAfterAnswer);
    done(null, payload);
  });
}
