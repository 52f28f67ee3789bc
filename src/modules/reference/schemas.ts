// Wire schemas of the reference lists (reference: Vat, Unit, Classification, BankProvider) and of
// the homecare records, which the reference does not describe (their shape is ours). Products and
// settings embed Vat, Unit and Classification, so they live here rather than in the routes.
import { Type } from '@sinclair/typebox';
import { Nullable, Literals } from '../../http/schemas.js';
import { CLASSIFICATION_TYPES, MICRO_BUSINESS_DECLARATION_TYPES, UNIT_TYPES, VAT_REGIONS } from './data/index.js';

export const VatRegion = Literals(VAT_REGIONS, { description: 'VAT region' });
export const UnitType = Literals(UNIT_TYPES, { description: 'Unit type' });
export const ClassificationType = Literals(CLASSIFICATION_TYPES, { description: 'Classification type' });
export const MicroBusinessDeclarationType = Literals(MICRO_BUSINESS_DECLARATION_TYPES);

export const Vat = Type.Object(
  {
    default: Type.Boolean({ description: 'Indicates if this is the default VAT for the region' }),
    id: Nullable(Type.Integer({ description: 'Vat ID' })),
    label: Nullable(Type.String({ description: 'Label' })),
    rate: Nullable(Type.Number({ description: 'Rate, in percent' })),
    region: VatRegion,
  },
  { $id: 'Vat', additionalProperties: false, description: 'Vat' },
);

export const Unit = Type.Object(
  {
    code: Nullable(Type.String({ description: 'UN/ECE Recommendation 20 code' })),
    conversion: Type.Number({ description: 'Factor to the base unit of the type' }),
    decimals: Nullable(Type.Number({ description: 'Decimals allowed for a quantity' })),
    id: Nullable(Type.Integer({ description: 'Unit Id' })),
    name: Nullable(Type.String({ description: 'Name' })),
    type: UnitType,
  },
  { $id: 'Unit', additionalProperties: false, description: 'Unit' },
);

export const Classification = Type.Object(
  {
    accountNumber: Nullable(Type.String({ description: 'Account number' })),
    defaultVat: Nullable(Type.Ref(Vat)),
    defaultVatId: Nullable(Type.Integer({ description: 'Default VAT ID' })),
    description: Nullable(Type.String({ description: 'Description' })),
    id: Type.Integer({ description: 'Classification ID' }),
    isProduct: Type.Boolean(),
    isService: Type.Boolean(),
    label: Nullable(Type.String({ description: 'Label' })),
    microBusinessDeclarationType: Nullable(MicroBusinessDeclarationType),
    metadatas: Type.Null({ description: 'Metadatas (none on built-in classifications)' }),
    type: ClassificationType,
  },
  { $id: 'Classification', additionalProperties: false, description: 'Classification' },
);

export const BankProvider = Type.Object(
  {
    countryCodes: Nullable(Type.Array(Type.String())),
    id: Nullable(Type.String({ description: 'Bank provider Id' })),
    logoUri: Nullable(Type.String({ description: 'Bank provider logo URI' })),
    markets: Nullable(Type.Array(Type.String())),
    name: Nullable(Type.String({ description: 'Bank provider name' })),
  },
  { $id: 'BankProvider', additionalProperties: false, description: 'Bank provider' },
);

export const HomecareServiceTsaGroup = Type.Object(
  {
    id: Type.Integer(),
    code: Type.String(),
    label: Type.String(),
  },
  { $id: 'HomecareServiceTsaGroup', additionalProperties: false, description: 'Group of homecare service activities' },
);

export const HomecareServiceActivity = Type.Object(
  {
    id: Type.Integer(),
    code: Type.String({ description: 'Position in article D7231-1 of the Code du travail (I-1 … II-21)' }),
    label: Type.String(),
    tsaGroupId: Type.Integer({ description: 'Id of its HomecareServiceTsaGroup' }),
    regime: Type.Union([Type.Literal('Declaration'), Type.Literal('Agrement')]),
    legalReference: Type.String(),
  },
  { $id: 'HomecareServiceActivity', additionalProperties: false, description: 'Homecare service activity' },
);
