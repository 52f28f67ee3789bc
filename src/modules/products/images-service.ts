// Product images: add or replace (decoded and re-encoded in the same format, src/images: the
// stored bytes are ours, never the client's), remove, and the bytes behind the public URL. Each
// change is a ProductUpdated event, in the same transaction.
import { transaction } from '../../db/transaction.js';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/connection.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import { emit } from '../../jobs/outbox.js';
import type { ProductT } from './schemas.js';
import { PRODUCT, productService } from './service.js';
import { store } from '../records/index.js';
import { reencodeImage } from '../../images/reencode.js';
import * as repo from './images-repo.js';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export function productImageService(db: Db, publicUrl: string | null) {
  const products = productService(publicUrl);

  /** Runs a change of the image of an existing product, then emits ProductUpdated, in one transaction. */
  async function change(accountId: number, productId: number, apply: (trx: Db['kysely']) => Promise<unknown>): Promise<ProductT> {
    return transaction(db, async (trx) => {
      if (!(await store.getRecord(trx, PRODUCT, accountId, productId))) throw new NotFoundError('Product', productId);
      await apply(trx);
      // The product's imageUrl changed: so does its version (ETag).
      await store.touchRecord(trx, PRODUCT, accountId, productId);
      const product = await products.get({ ...db, kysely: trx }, accountId, productId);
      await emit(trx, accountId, 'ProductUpdated', product);
      return product;
    });
  }

  return {
    get: (accountId: number, productId: number): Promise<ProductT> => products.get(db, accountId, productId),

    async save(accountId: number, productId: number, content: Buffer): Promise<ProductT> {
      if (content.length === 0) throw ValidationError.field('file', 'the file is empty');
      const result = await reencodeImage(content, { accept: IMAGE_TYPES, maxBytes: MAX_IMAGE_BYTES });
      if (!result.ok) throw ValidationError.field('file', result.problem);
      const image = { token: randomBytes(24).toString('base64url'), contentType: result.image.contentType, content: result.image.content };
      return change(accountId, productId, (trx) => repo.saveImage(trx, accountId, productId, image));
    },

    async remove(accountId: number, productId: number): Promise<void> {
      await change(accountId, productId, (trx) => repo.deleteImage(trx, accountId, productId));
    },

    async content(productId: number, token: string) {
      const image = await repo.imageContent(db.kysely, productId, token);
      if (!image) throw new NotFoundError('Image');
      return image;
    },
  };
}
