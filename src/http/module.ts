// A module's plugin: its routes registered on the app's own scope (schemas and hooks stay shared, as
// the OpenAPI document and the response conventions need) with the TypeBox type provider, so that
// handlers receive `request.body`, `query` and `params` typed from the route's schemas.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.js';

/** The Fastify instance a module registers its routes on. */
export type TypedApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export interface ModuleOptions {
  ctx: AppContext;
}

/** Wraps a module's route registration as a named Fastify plugin. */
export function modulePlugin(name: string, register: (app: TypedApp, ctx: AppContext) => void | Promise<void>) {
  return fp<ModuleOptions>(async (app, { ctx }) => register(app.withTypeProvider<TypeBoxTypeProvider>(), ctx), {
    name: `facturier-${name}`,
    fastify: '5.x',
  });
}

/** A schema whose validated value has type T: lets generic route registrars type `request.body`. */
export type SchemaOf<T> = TSchema & { static: T };
