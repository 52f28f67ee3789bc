// SQL of product images: one row per product, bytes included. Lists read only the tokens.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface ImageRef {
  token: string;
  contentType: string;
}

/** Token and type of the image of each given product that has one. */
export async function imageRefs(db: Kysely<Database>, accountId: number, productIds: number[]): Promise<Map<number, ImageRef>> {
  const ids = [...new Set(productIds)];
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('productImages')
    .select(['productId', 'token', 'contentType'])
    .where('accountId', '=', accountId)
    .where('productId', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.productId, { token: r.token, contentType: r.contentType }]));
}

export async function saveImage(
  db: Kysely<Database>,
  accountId: number,
  productId: number,
  image: { token: string; contentType: string; content: Buffer },
): Promise<void> {
  const values = { ...image, size: image.content.length, createdAt: new Date().toISOString() };
  await db
    .insertInto('productImages')
    .values({ accountId, productId, ...values })
    .onConflict((oc) => oc.columns(['accountId', 'productId']).doUpdateSet(values))
    .execute();
}

export async function deleteImage(db: Kysely<Database>, accountId: number, productId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('productImages')
    .where('accountId', '=', accountId)
    .where('productId', '=', productId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The bytes behind a public image URL; the token alone is the capability. */
export async function imageContent(db: Kysely<Database>, productId: number, token: string) {
  const row = await db
    .selectFrom('productImages')
    .select(['content', 'contentType'])
    .where('productId', '=', productId)
    .where('token', '=', token)
    .executeTakeFirst();
  return row ? { content: Buffer.from(row.content), contentType: row.contentType } : null;
}
