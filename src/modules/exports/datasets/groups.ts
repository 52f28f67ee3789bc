// Analysis sheets of the ledger exports: totals in cents grouped by several keys (month, third,
// kind…), each grouping written one after the other, so that every grouping adds up to the Summary.
import type Big from 'big.js';
import { centsText, toCents } from '../../../domain/cents.js';
import type { Column, Row } from '../columns.js';
import { CLASSIFICATIONS } from '../../reference/index.js';

export const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

/** `janvier 2026` for `2026-01`. */
export function monthLabel(month: string): string {
  return `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

/** Cents of an exact decimal (big.js, or null as 0). */
export function cents(v: Big | null | undefined): number {
  return v ? toCents(v.toFixed(2)) : 0;
}

interface Group {
  label: string;
  count: number;
  sums: number[];
}

/** Totals by grouping then key; `sort: 'label'` orders a grouping's keys by label (French), else by key. */
export class Groups {
  private readonly maps = new Map<string, { sort: 'key' | 'label' | 'first'; groups: Map<string, Group> }>();

  constructor(
    groupings: readonly [name: string, sort: 'key' | 'label' | 'first'][],
    private readonly width: number,
  ) {
    for (const [name, sort] of groupings) this.maps.set(name, { sort, groups: new Map() });
  }

  /** Adds `sums` (cents) to the group `key` of `grouping`; `count` records in it. */
  add(grouping: string, key: string, label: string, sums: readonly number[], count = 1): void {
    const map = this.maps.get(grouping)!.groups;
    let g = map.get(key);
    if (!g) {
      g = { label, count: 0, sums: new Array<number>(this.width).fill(0) };
      map.set(key, g);
    }
    g.count += count;
    sums.forEach((v, i) => {
      g.sums[i] += v;
    });
  }

  rows(): Row[] {
    const rows: Row[] = [];
    for (const [name, { sort, groups }] of this.maps) {
      const entries = [...groups.entries()];
      if (sort === 'label') entries.sort((a, b) => a[1].label.localeCompare(b[1].label, 'fr') || a[0].localeCompare(b[0]));
      else if (sort === 'key') entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
      for (const [key, g] of entries) rows.push([name, key, g.label, g.count, ...g.sums.map(centsText)]);
    }
    return rows;
  }
}

/** The first columns of every Analysis sheet: grouping, key, label, count. */
export function analysisColumns(countKey: string, countHeader: string, amounts: Column[]): Column[] {
  return [
    { key: 'grouping', header: 'Regroupement', type: 'text', width: 18 },
    { key: 'key', header: 'Clé', type: 'text', width: 14 },
    { key: 'label', header: 'Libellé', type: 'text', width: 30 },
    { key: countKey, header: countHeader, type: 'integer', width: 12 },
    ...amounts,
  ];
}

/** Yields rows in slices (one batch for the writers). */
export function* slices(rows: Row[], size = 500): Generator<Row[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

export const yesNo = (v: boolean) => (v ? 'Oui' : 'Non');

const ACCOUNT_OF = new Map(CLASSIFICATIONS.flatMap((c) => (c.accountNumber ? [[c.id, c.accountNumber] as const] : [])));

/** The account number of a classification (an expense's), or null without one. */
export function classificationAccount(id: number | null | undefined): string | null {
  return id != null ? (ACCOUNT_OF.get(id) ?? null) : null;
}

/**
 * The batches of an id-ordered reader (a ledger module's batch API) up to `last`, the largest id when
 * the export started, so that the sheets of one file agree; records `keep` refuses are left out, and
 * every batch read is counted for the progress bar.
 */
export async function* upTo<T extends { id: number }>(
  batches: AsyncIterable<T[]>,
  last: number,
  onRecords: ((n: number) => void) | undefined,
  keep: (record: T) => boolean = () => true,
): AsyncGenerator<T[]> {
  for await (const batch of batches) {
    if (!batch.length) return;
    onRecords?.(batch.length);
    const kept = batch.filter((r) => r.id <= last && keep(r));
    if (kept.length) yield kept;
    if (batch[batch.length - 1].id >= last) return;
  }
}
