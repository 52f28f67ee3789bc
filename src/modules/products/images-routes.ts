// /v1/productimages: add or replace (multipart, one part named `file`), read and remove the image
// of a product; plus the public URL the product's imageUrl points to.
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { sendImage } from '../../http/images.js';
import type { TypedApp } from '../../http/module.js';
import { ValidationError } from '../../errors.js';
import { checkFileName } from '../../http/input-guard.js';
import { ensureSchema, NoBody } from '../../http/schemas.js';
import { Classification, Unit, Vat } from '../reference/index.js';
import { Product, ProductFamily } from './schemas.js';
import { Int32 } from '../../http/schemas.js';
import { MAX_IMAGE_BYTES, productImageService } from './images-service.js';

const problem = { $ref: 'ProblemDetails#' };
const error = { $ref: 'Error#' };
const ProductIdParams = Type.Object({ productId: Int32 });
const IdParams = Type.Object({ id: Int32 });

const MULTIPART_PROBLEMS: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: `the file is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`,
  FST_FILES_LIMIT: 'send exactly one file, in a part named "file"',
  FST_PARTS_LIMIT: 'too many parts in the multipart body',
  FST_FIELDS_LIMIT: 'too many fields in the multipart body',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'send multipart/form-data with one part named "file"',
};

/** The bytes of the part named `file`; every failure is a 400 naming `file`. */
async function readFilePart(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw ValidationError.field('file', MULTIPART_PROBLEMS.FST_INVALID_MULTIPART_CONTENT_TYPE);
  let content: Buffer | null = null;
  let fileName: string | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } })) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.fieldname.toLowerCase() === 'file') {
        content = bytes;
        fileName = part.filename;
      }
    }
  } catch (e) {
    const code = (e as { code?: string }).code ?? '';
    throw ValidationError.field('file', MULTIPART_PROBLEMS[code] ?? `malformed multipart body: ${(e as Error).message}`);
  }
  if (!content) throw ValidationError.field('file', 'no part named "file" in the multipart body');
  checkFileName(fileName);
  return content;
}

export function productImageRoutes(app: TypedApp, ctx: AppContext): void {
  for (const schema of [Vat, Unit, Classification, ProductFamily, Product]) ensureSchema(app, schema);
  const images = productImageService(ctx.db, ctx.config.publicUrl);
  const tags = ['ProductImages'];
  const ref = Type.Ref(Product);

  app.post(
    '/v1/productimages/:productId',
    {
      config: { errorBody: 'Error' },
      schema: {
        tags,
        operationId: 'POST_ProductImages_Post',
        summary: `Add or replace the image of a product: multipart/form-data, one part named "file", PNG, JPEG, GIF or WebP of at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB`,
        consumes: ['multipart/form-data'],
        params: ProductIdParams,
        response: { 200: ref, 400: error, 404: error },
      },
    },
    async (request) => {
      const { productId } = request.params;
      return images.save(request.principal.accountId, productId, await readFilePart(request));
    },
  );

  app.get(
    '/v1/productimages/:productId',
    {
      schema: {
        tags,
        operationId: 'GET_ProductImages_Get',
        summary: 'The product whose image this is',
        params: ProductIdParams,
        response: { 200: ref, 404: problem },
      },
    },
    async (request) => images.get(request.principal.accountId, request.params.productId),
  );

  app.delete(
    '/v1/productimages/:id',
    {
      schema: {
        tags,
        operationId: 'DELETE_ProductImages_Delete',
        summary: 'Remove the image of a product (id is the product id)',
        params: IdParams,
        response: { 200: NoBody, 404: problem },
      },
    },
    async (request, reply) => {
      await images.remove(request.principal.accountId, request.params.id);
      return reply.code(200).send();
    },
  );

  app.get(
    '/v1/productimages/:productId/content/:token',
    {
      config: { public: true },
      schema: {
        tags,
        operationId: 'GET_ProductImages_Content',
        summary: "The image bytes (public URL, as given in the product's imageUrl)",
        params: Type.Object({ productId: Int32, token: Type.String({ maxLength: 100 }) }),
        response: { 404: problem },
      },
    },
    async (request, reply) => {
      const { productId, token } = request.params;
      const image = await images.content(productId, token);
      return sendImage(reply, image);
    },
  );
}
