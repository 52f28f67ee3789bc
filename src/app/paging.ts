// What a use case is given to read one page of a list: the page (its index, size and offset) and the
// sort keys, already checked. HTTP's paging convention (PageIndex, PageSize, OrderBy and the
// x-page-* headers, src/http/paging.ts) turns a request into these; services and repositories
// read only these.
export interface Page {
  index: number;
  size: number;
  offset: number;
}

export const DEFAULT_PAGE_SIZE = 10;

export interface SortKey<C extends string = string> {
  column: C;
  direction: 'asc' | 'desc';
}
