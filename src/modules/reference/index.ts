// Reference lists (/v1/vats, /v1/units, /v1/classifications, banks, homecare activities): their
// wire schemas and the look-ups other modules use.
import { modulePlugin } from '../../http/module.js';
import { referenceRoutes } from './routes.js';

export const referencePlugin = modulePlugin('reference', referenceRoutes);
export { Classification, Unit, Vat, VatRegion } from './schemas.js';
export { BANK_PROVIDERS, CLASSIFICATIONS, classificationById, defaultVatOf, unitByCode, unitById, vatById, VATS } from './data/index.js';
export type { Vat as VatEntry, VatRegion as VatRegionCode } from './data/types.js';
