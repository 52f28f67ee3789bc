// TypeScript shapes of the reference records, field for field as the wire
// schemas of reference/altoviz-openapi.yaml (Vat, Unit, Classification,
// BankProvider). The homecare records are not in the reference: their shape is ours.

export const VAT_REGIONS = ['FR', 'EU', 'IE', 'DOM', 'Corse', 'Monaco'] as const;
export type VatRegion = (typeof VAT_REGIONS)[number];

export interface Vat {
  default: boolean;
  id: number;
  label: string;
  rate: number;
  region: VatRegion;
}

export const UNIT_TYPES = ['Time', 'Weight', 'Area', 'Volume', 'Dimension', 'Other'] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

export interface Unit {
  /** UN/ECE Recommendation 20 code, as used in Factur-X / EN 16931 (BT-130). */
  code: string;
  /** Factor to the base unit of the type (hour, kilogram, square metre, cubic metre, metre; 1 for Other). */
  conversion: number;
  /** Decimals allowed for a quantity in this unit. */
  decimals: number;
  id: number;
  name: string;
  type: UnitType;
}

export const CLASSIFICATION_TYPES = ['Sale', 'Expense', 'Other'] as const;
export type ClassificationType = (typeof CLASSIFICATION_TYPES)[number];

export const MICRO_BUSINESS_DECLARATION_TYPES = ['Products', 'Services', 'OtherServices', 'Renting', 'Cipav'] as const;
export type MicroBusinessDeclarationType = (typeof MICRO_BUSINESS_DECLARATION_TYPES)[number];

export interface Classification {
  accountNumber: string;
  /** Null for accounts outside the scope of VAT (wages, taxes, interest, balance-sheet accounts). */
  defaultVat: Vat | null;
  /** The id of defaultVat, as the reference's settings answer it. */
  defaultVatId: number | null;
  description: string | null;
  id: number;
  isProduct: boolean;
  isService: boolean;
  label: string;
  microBusinessDeclarationType: MicroBusinessDeclarationType | null;
  /** Free key-value data in the reference; always null for these built-in classifications. */
  metadatas: null;
  type: ClassificationType;
}

export interface BankProvider {
  countryCodes: string[];
  id: string;
  logoUri: string | null;
  markets: string[];
  name: string;
}

/** A bank provider as stored: the wire record plus its BIC, which the wire schema has no field for. */
export interface BankProviderEntry extends BankProvider {
  bic: string | null;
}

/** Regime of a "services à la personne" activity under articles L7232-1 and D7231-1 of the Code du travail. */
export type HomecareRegime = 'Declaration' | 'Agrement';

export interface HomecareServiceTsaGroup {
  id: number;
  code: string;
  label: string;
}

export interface HomecareServiceActivity {
  id: number;
  /** Position in article D7231-1 of the Code du travail: I-1 … I-5, II-01 … II-21. */
  code: string;
  label: string;
  tsaGroupId: number;
  /** Agrément (I of D7231-1: public fragile, also authorisation by the département in the provider mode for the elderly and disabled) or simple declaration (II). */
  regime: HomecareRegime;
  legalReference: string;
}
