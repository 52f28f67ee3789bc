// multipart/form-data bodies built by hand (boundary + CRLF), for the upload endpoints' tests.
export const BOUNDARY = '----facturier-test-boundary';
export const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

export function multipart(parts: { name: string; filename?: string; type?: string; content: Buffer | string }[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const headers = [`Content-Disposition: ${disposition}`, ...(part.type ? [`Content-Type: ${part.type}`] : [])];
    chunks.push(Buffer.from(`--${BOUNDARY}\r\n${headers.join('\r\n')}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}
