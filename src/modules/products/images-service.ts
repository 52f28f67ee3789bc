// Product images: add or replace (bytes checked by their magic numbers), remove, and the bytes
// behind the public URL. Each change is a ProductUpdated event, in the same transaction.
import { transaction } from '../../db/transaction.js';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/connection.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import { emit } from '../../jobs/outbox.js';
import type { ProductT } from './schemas.js';
import { PRODUCT, productService } from './service.js';
import { store } from '../records/index.js';
import { detectImageType } from '../../domain/image-type.js';
import * as repo from './images-repo.js';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export function productImageService(db: Db, publicUrl: string | null) {
  const products = productService(publicUrl);

  /** Runs a change of the image of an existing product, then emits ProductUpdated, in one transaction. */
  async function change(accountId: number, productId: number, apply: (trx: Db['kysely']) => Promise<unknown>): Promise<ProductT> {
    return transaction(db, async (trx) => {
      if (!(await store.getRecord(trx, PRODUCT, accountId, productId))) throw new NotFoundError('Product', productId);
      await apply(trx);
      const product = await products.get({ ...db, kysely: trx }, accountId, productId);
      await emit(trx, accountId, 'ProductUpdated', product);
      return product;
    });
  }

  return {
    get: (accountId: number, productId: number): Promise<ProductT> => products.get(db, accountId, productId),

    async save(accountId: number, productId: number, content: Buffer): Promise<ProductT> {
      if (content.length === 0) throw ValidationError.field('file', 'the file is empty');
      const contentType = detectImageType(content);
      if (!contentType) throw ValidationError.field('file', 'the file is not a PNG, JPEG, GIF or WebP image');
      const token = randomBytes(24).toString('base64url');
      return change(accountId, productId, (trx) => repo.saveImage(trx, accountId, productId, { token, contentType, content }));
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
