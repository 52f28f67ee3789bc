// /v1/colleagues, as the spec's Colleagues table lists it.
import type { AppContext } from '../../context.js';
import type { TypedApp } from '../../http/module.js';
import { PARTY_ROUTES, resourceRoutes } from '../records/index.js';
import { Colleague, ColleagueInput } from './schemas.js';
import { colleagues } from './service.js';

export function colleagueRoutes(app: TypedApp, ctx: AppContext): void {
  resourceRoutes(app, ctx, {
    path: '/v1/colleagues',
    tag: 'Colleagues',
    service: colleagues,
    input: ColleagueInput,
    output: Colleague,
    ...PARTY_ROUTES,
  });
}
