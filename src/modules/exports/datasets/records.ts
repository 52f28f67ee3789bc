// Master data (products, customers, suppliers): Summary = one row per record with the columns a
// person looks for; Detail = one row per record with every column. No Analysis: there is nothing
// to total. `searchTerm` matches as the lists' `query` does (every word, as a prefix).
import { CUSTOMER, CUSTOMER_FAMILY } from '../../customers/index.js';
import { PRODUCT, PRODUCT_FAMILY, type StoredProduct } from '../../products/index.js';
import { store } from '../../records/index.js';
import { classificationById, unitById, vatById } from '../../reference/index.js';
import { SUPPLIER } from '../../suppliers/index.js';
import type { Cell, Column, Row, Sheet, SheetName } from '../columns.js';
import { keyset, type Dataset, type ExportContext } from '../dataset.js';

const BATCH = 500;

type Record = store.StoredRecord<object>;
type Family = { label?: string | null; number?: string | null };

interface RecordExport<T> {
  path: string;
  fileStem: string;
  noun: string;
  kind: store.RecordKind;
  family?: store.RecordKind;
  summary: Column[];
  /** Columns of Detail beyond those of Summary. */
  detail: Column[];
  /** Summary's cells, then Detail's extra cells. */
  cells(record: store.StoredRecord<T>, family: Family | null): { summary: Cell[]; detail: Cell[] };
}

const num = (value: number | null | undefined): string | null => (value === null || value === undefined ? null : String(value));
const yesNo = (value: boolean | null | undefined): string | null => (value === null || value === undefined ? null : value ? 'Oui' : 'Non');

function recordDataset<T>(e: RecordExport<T>): Dataset {
  return {
    path: e.path,
    fileStem: e.fileStem,
    summary: `Export ${e.noun} (Summary, Detail)`,
    params: ['searchTerm'],
    sheets: ['Summary', 'Detail'],
    async count({ db, accountId, params }) {
      const page = { index: 1, size: 1, offset: 0 };
      return (await store.listRecords(db, e.kind, accountId, { page, order: [], query: params.searchTerm })).total;
    },
    async open(ctx: ExportContext, sheets: readonly SheetName[]): Promise<Sheet[]> {
      const { db, accountId, params, asOf } = ctx;
      const read = async function* (): AsyncGenerator<{ record: store.StoredRecord<T>; family: Family | null }[]> {
        for await (const batch of keyset(
          (after: number | null) => store.recordsAfter<T>(db, e.kind, accountId, after ?? 0, BATCH, params.searchTerm),
          (last) => last.id,
          BATCH,
          ctx.onRecords,
        )) {
          const current = batch.filter((r) => r.createdAt <= asOf);
          const familyIds = e.family
            ? current.map((r) => (r.data as { familyId?: number | null }).familyId).filter((id): id is number => id != null)
            : [];
          const families =
            e.family && familyIds.length
              ? await store.getRecordsByIds<Family>(db, e.family, accountId, familyIds)
              : new Map<number, store.StoredRecord<Family>>();
          yield current.map((record) => {
            const familyId = (record.data as { familyId?: number | null }).familyId;
            return { record, family: familyId != null ? (families.get(familyId)?.data ?? null) : null };
          });
        }
      };
      const sheet = (name: SheetName, title: string, columns: Column[], detail: boolean): Sheet => ({
        name,
        title,
        columns,
        rows: async function* () {
          for await (const batch of read()) {
            yield batch.map(({ record, family }): Row => {
              const c = e.cells(record, family);
              return detail ? [...c.summary, ...c.detail] : c.summary;
            });
          }
        },
      });
      const all: Partial<globalThis.Record<SheetName, Sheet>> = {
        Summary: sheet('Summary', 'Synthèse', e.summary, false),
        Detail: sheet('Detail', 'Détail', [...e.summary, ...e.detail], true),
      };
      return sheets.map((s) => all[s]!);
    },
  };
}

const audit: Column[] = [
  { key: 'internalId', header: 'Identifiant interne', type: 'text', width: 16 },
  { key: 'internalNotes', header: 'Notes internes', type: 'text', width: 30 },
  { key: 'createdAt', header: 'Créé le', type: 'date' },
  { key: 'updatedAt', header: 'Modifié le', type: 'date' },
];
const auditCells = (r: Record, data: { internalId?: string | null; internalNotes?: string | null }): Cell[] => [
  data.internalId ?? null,
  data.internalNotes ?? null,
  r.createdAt.slice(0, 10),
  r.updatedAt.slice(0, 10),
];

export const products = recordDataset<StoredProduct>({
  path: 'products',
  fileStem: 'produits',
  noun: 'products',
  kind: PRODUCT,
  family: PRODUCT_FAMILY,
  summary: [
    { key: 'number', header: 'Référence', type: 'text', width: 14 },
    { key: 'name', header: 'Nom', type: 'text', width: 30 },
    { key: 'type', header: 'Type', type: 'text', width: 10 },
    { key: 'family', header: 'Famille', type: 'text', width: 20 },
    { key: 'taxExcludedUnitPrice', header: 'Prix unitaire HT', type: 'price' },
    { key: 'vatRate', header: 'Taux TVA', type: 'rate' },
    { key: 'unit', header: 'Unité', type: 'text', width: 10 },
    { key: 'accountNumber', header: 'Compte', type: 'text', width: 10 },
    { key: 'active', header: 'Actif', type: 'text', width: 6 },
  ],
  detail: [
    { key: 'description', header: 'Description', type: 'text', width: 40 },
    { key: 'unitPrice', header: 'Prix unitaire saisi', type: 'price' },
    { key: 'isUnitPriceTaxIncluded', header: 'Prix saisi TTC', type: 'text', width: 8 },
    { key: 'purchasePrice', header: "Prix d'achat HT", type: 'price' },
    { key: 'defaultQuantity', header: 'Quantité par défaut', type: 'quantity' },
    ...audit,
  ],
  cells(r, family) {
    const p = r.data;
    const vat = p.vatId != null ? vatById(p.vatId) : undefined;
    const unit = p.unitId != null ? unitById(p.unitId) : undefined;
    const classification = p.classificationId != null ? classificationById(p.classificationId) : undefined;
    return {
      summary: [
        p.number,
        p.name,
        p.type,
        family?.label ?? null,
        num(p.taxExcludedUnitPrice),
        vat ? String(vat.rate) : null,
        unit?.name ?? null,
        classification?.accountNumber ?? null,
        yesNo(p.active),
      ],
      detail: [
        p.description,
        num(p.unitPrice),
        yesNo(p.isUnitPriceTaxIncluded),
        num(p.purchasePrice),
        num(p.defaultQuantity),
        ...auditCells(r, p),
      ],
    };
  },
});

interface Address {
  street?: string | null;
  zipcode?: string | null;
  city?: string | null;
  countryIso?: string | null;
}
interface Company {
  siret?: string | null;
  vatNumber?: string | null;
  electronicAddress?: string | null;
}
interface Party {
  number: string | null;
  name: string | null;
  companyName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
  cellPhone?: string | null;
  internalId?: string | null;
  internalNotes?: string | null;
  companyInformations?: Company | null;
}
interface StoredCustomer extends Party {
  type?: string | null;
  active?: boolean | null;
  billingAddress?: Address | null;
  shippingAddress?: Address | null;
  billingOptions?: { paymentMethod?: string | null; discount?: { type?: string; value?: number } | null } | null;
}
interface StoredSupplier extends Party {
  address?: Address | null;
  defaultPaymentMethod?: string | null;
}

const partySummary: Column[] = [
  { key: 'number', header: 'Numéro', type: 'text', width: 12 },
  { key: 'name', header: 'Nom', type: 'text', width: 30 },
  { key: 'email', header: 'E-mail', type: 'text', width: 26 },
  { key: 'phone', header: 'Téléphone', type: 'text', width: 16 },
  { key: 'city', header: 'Ville', type: 'text', width: 18 },
  { key: 'countryIso', header: 'Pays', type: 'text', width: 6 },
  { key: 'siret', header: 'SIRET', type: 'text', width: 16 },
  { key: 'vatNumber', header: 'N° TVA', type: 'text', width: 16 },
];
const partyDetail: Column[] = [
  { key: 'companyName', header: 'Raison sociale', type: 'text', width: 26 },
  { key: 'firstName', header: 'Prénom', type: 'text', width: 14 },
  { key: 'lastName', header: 'Nom de famille', type: 'text', width: 16 },
  { key: 'cellPhone', header: 'Mobile', type: 'text', width: 16 },
  { key: 'street', header: 'Adresse', type: 'text', width: 30 },
  { key: 'zipcode', header: 'Code postal', type: 'text', width: 10 },
  { key: 'electronicAddress', header: 'Adresse électronique', type: 'text', width: 20 },
];
const partySummaryCells = (p: Party, address: Address | null | undefined): Cell[] => [
  p.number,
  p.name,
  p.email ?? null,
  p.phone ?? null,
  address?.city ?? null,
  address?.countryIso ?? null,
  p.companyInformations?.siret ?? null,
  p.companyInformations?.vatNumber ?? null,
];
const partyDetailCells = (p: Party, address: Address | null | undefined): Cell[] => [
  p.companyName ?? null,
  p.firstName ?? null,
  p.lastName ?? null,
  p.cellPhone ?? null,
  address?.street ?? null,
  address?.zipcode ?? null,
  p.companyInformations?.electronicAddress ?? null,
];

export const customersExport = recordDataset<StoredCustomer>({
  path: 'customers',
  fileStem: 'clients',
  noun: 'customers',
  kind: CUSTOMER,
  family: CUSTOMER_FAMILY,
  summary: [
    ...partySummary,
    { key: 'type', header: 'Type', type: 'text', width: 12 },
    { key: 'family', header: 'Famille', type: 'text', width: 20 },
    { key: 'active', header: 'Actif', type: 'text', width: 6 },
  ],
  detail: [
    ...partyDetail,
    { key: 'shippingAddress', header: 'Adresse de livraison', type: 'text', width: 40 },
    { key: 'paymentMethod', header: 'Moyen de paiement', type: 'text', width: 14 },
    { key: 'discountType', header: 'Type de remise', type: 'text', width: 10 },
    { key: 'discountValue', header: 'Remise', type: 'quantity' },
    ...audit,
  ],
  cells(r, family) {
    const c = r.data;
    const s = c.shippingAddress;
    const shipping =
      s && (s.street || s.city) ? [s.street, [s.zipcode, s.city].filter(Boolean).join(' '), s.countryIso].filter(Boolean).join(', ') : null;
    const discount = c.billingOptions?.discount;
    return {
      summary: [...partySummaryCells(c, c.billingAddress), c.type ?? null, family?.label ?? null, yesNo(c.active)],
      detail: [
        ...partyDetailCells(c, c.billingAddress),
        shipping,
        c.billingOptions?.paymentMethod ?? null,
        discount?.type ?? null,
        num(discount?.value),
        ...auditCells(r, c),
      ],
    };
  },
});

export const suppliersExport = recordDataset<StoredSupplier>({
  path: 'suppliers',
  fileStem: 'fournisseurs',
  noun: 'suppliers',
  kind: SUPPLIER,
  summary: [...partySummary, { key: 'paymentMethod', header: 'Moyen de paiement', type: 'text', width: 14 }],
  detail: [...partyDetail, ...audit],
  cells(r) {
    const s = r.data;
    return {
      summary: [...partySummaryCells(s, s.address), s.defaultPaymentMethod ?? null],
      detail: [...partyDetailCells(s, s.address), ...auditCells(r, s)],
    };
  },
});
