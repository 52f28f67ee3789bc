// The API's wire shapes, as the typed client (clients/typescript) declares them: openapi-typescript
// generates src/schema.d.ts from the server's /openapi.json (npm run client:generate). The console
// derives its resource types from these (Pick<Schemas['Customer'], …>), so a field renamed or
// removed in the API fails `tsc -p console/tsconfig.json` instead of the console's users.
// Type-only import: nothing of the client is bundled (vite erases it; see docs/console.md, Types).
import type { components, paths } from '../../clients/typescript/src/schema';

export type { components, paths };
/** Every schema of the OpenAPI document, by name: Schemas['Customer'], Schemas['Invoice'], … */
export type Schemas = components['schemas'];
