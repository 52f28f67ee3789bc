// The paging convention shared by every list: PageIndex (>= 1; 0 reads as 1), PageSize (1..100, default 10),
// OrderBy (whitelisted per resource) and the x-page-* / x-record-count headers.
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ValidationError } from '../errors.js';
import { DEFAULT_PAGE_SIZE, type Page, type SortKey } from '../app/paging.js';
import { isKeyParameter } from './auth.js';

export const PagingQuery = {
  PageIndex: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 2147483647,
      description: 'Page index, first page is 1 (0 is read as 1, as the reference service does)',
    }),
  ),
  PageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Page size (1..100, default 10)' })),
  OrderBy: Type.Optional(Type.String({ maxLength: 200, description: 'Sort: `field`, `field desc`, `-field`, comma-separated' })),
};
export type PagingParams = Static<ReturnType<typeof Type.Object<typeof PagingQuery>>>;

export type { Page, SortKey } from '../app/paging.js';
export { DEFAULT_PAGE_SIZE };

export function pageOf(query: PagingParams): Page {
  const index = Math.max(1, query.PageIndex ?? 1);
  const size = query.PageSize ?? DEFAULT_PAGE_SIZE;
  return { index, size, offset: (index - 1) * size };
}

/**
 * Parses OrderBy against a whitelist mapping public field names (matched case-insensitively)
 * to columns. Accepts `name`, `name desc`, `name asc`, `-name`, and comma-separated lists.
 */
export function parseOrderBy<C extends string>(
  raw: string | undefined,
  whitelist: Record<string, C>,
  fallback: SortKey<C>[],
): SortKey<C>[] {
  if (raw === undefined || raw.trim() === '') return fallback;
  const lookup = new Map(Object.entries(whitelist).map(([k, v]) => [k.toLowerCase(), v] as const));
  const keys: SortKey<C>[] = [];
  for (const part of raw.split(',')) {
    const term = part.trim();
    const match = /^(-)?([A-Za-z][\w.]*)(?:\s+(asc|desc))?$/i.exec(term);
    const column = match ? lookup.get(match[2].toLowerCase()) : undefined;
    if (!match || !column || (match[1] && match[3])) {
      throw ValidationError.field(
        'OrderBy',
        `"${term}" is not a sortable field; use one of ${Object.keys(whitelist).join(', ')} (optionally "desc" or a leading "-")`,
      );
    }
    const direction = match[1] || match[3]?.toLowerCase() === 'desc' ? 'desc' : 'asc';
    if (!keys.some((k) => k.column === column)) keys.push({ column, direction });
  }
  return keys;
}

/** The link to another page: the request's own URL, with that PageIndex and never the API key. */
function pageUrl(request: FastifyRequest, index: number): string {
  const [path, search = ''] = request.url.split('?');
  const params = new URLSearchParams(search);
  for (const key of [...params.keys()]) if (key.toLowerCase() === 'pageindex' || isKeyParameter(key)) params.delete(key);
  params.set('PageIndex', String(index));
  return `${path}?${params.toString()}`;
}

export function setPagingHeaders(request: FastifyRequest, reply: FastifyReply, page: Page, total: number): void {
  const pageCount = Math.ceil(total / page.size);
  reply.header('x-record-count', String(total));
  reply.header('x-page-count', String(pageCount));
  reply.header('x-page-index', String(page.index));
  reply.header('x-page-size', String(page.size));
  if (page.index < pageCount) reply.header('x-page-next', pageUrl(request, page.index + 1));
  if (page.index > 1) reply.header('x-page-prev', pageUrl(request, Math.min(page.index - 1, Math.max(pageCount, 1))));
}
