// How a stored image (logo, product image) is answered on its public URL. The bytes were
// re-encoded at upload, but rows written by older versions were not: whatever they hold, a browser
// must treat them as an image of the stored type and nothing else. nosniff forbids guessing
// another type; the CSP gives the response no right to run script, load anything or keep an
// origin (sandbox), should it ever be rendered as a document.
import type { FastifyReply } from 'fastify';

export const IMAGE_CONTENT_SECURITY_POLICY = "default-src 'none'; sandbox";

/** Sends image bytes under a capability URL that never changes (a new image gets a new URL). */
export function sendImage(reply: FastifyReply, image: { content: Buffer; contentType: string }): FastifyReply {
  return reply
    .type(image.contentType)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', IMAGE_CONTENT_SECURITY_POLICY)
    .send(image.content);
}
