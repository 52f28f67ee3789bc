// Reading whole lists (the customer page, the offset dialog) 100 at a time, counting a list, and sums
// in integer cents, exact however many documents there are. The dashboard's figures come from
// GET /v1/dashboard, computed by the database.
import { getPage, type GetOptions, type ItemOf, type OperationOf, type PathsFor, type Rest } from './api';

const PAGE = 100;

type Paged = { query?: { PageIndex?: number; PageSize?: number } };

/** The options of a GET with the page asked for added to its query (every list takes PageIndex and PageSize). */
function paged<P extends PathsFor<'GET'>>(options: GetOptions<P> | undefined, page: number, size: number): GetOptions<P> {
  const o = (options ?? {}) as GetOptions<P> & Paged;
  return { ...o, query: { ...o.query, PageIndex: page, PageSize: size } };
}

/** Every item of a list, page after page. */
export async function getAll<P extends PathsFor<'GET'>>(path: P, options?: GetOptions<P>): Promise<ItemOf<P>[]> {
  const all: ItemOf<P>[] = [];
  for (let page = 1; ; page++) {
    const { items, pages } = await getPage<P>(path, ...([paged(options, page, PAGE)] as unknown as Rest<OperationOf<P, 'GET'>>));
    all.push(...items);
    if (page >= pages || items.length < PAGE) return all;
  }
}

/** How many items a list has (x-record-count), reading one. */
export async function countOf<P extends PathsFor<'GET'>>(path: P, options?: GetOptions<P>): Promise<number> {
  return (await getPage<P>(path, ...([paged(options, 1, 1)] as unknown as Rest<OperationOf<P, 'GET'>>))).total;
}

export const cents = (value: number) => Math.round(value * 100);

/** Today in the browser's calendar, as the API writes dates. */
export function todayIso(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
