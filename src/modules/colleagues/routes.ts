// /v1/colleagues, as the spec's Colleagues table lists it.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app.js';
import { PARTY_ROUTES, resourceRoutes } from '../records/routes.js';
import { Colleague, ColleagueInput } from './schemas.js';
import { colleagues } from './service.js';

export function colleagueRoutes(app: FastifyInstance, ctx: AppContext): void {
  resourceRoutes(app, ctx, {
    path: '/v1/colleagues',
    tag: 'Colleagues',
    service: colleagues,
    input: ColleagueInput,
    output: Colleague,
    ...PARTY_ROUTES,
  });
}
