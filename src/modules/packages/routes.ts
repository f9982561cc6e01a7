import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { errorRef, IdParams, Listing, Ok } from '../../http/schemas.js';
import {
  CreditOut,
  CreditsQuery,
  PackageCreateBody,
  PackageListQuery,
  PackageOut,
  PackageUpdateBody,
} from './schemas.js';
import * as packages from './service.js';

const tags = ['packages'];

/** Packages (prepaid bundles of services), under /api/packages; sold by POST /api/pos `package` lines. */
export async function packageRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/packages/credits', {
    config: { auth: 'user' },
    schema: {
      operationId: 'listPackageCredits',
      tags,
      summary: "A client's package credits, oldest purchase first (spent ones with remaining 0)",
      querystring: CreditsQuery,
      response: { 200: Type.Array(CreditOut), 400: errorRef },
    },
    handler: (request) => packages.listCredits(ctx.db, request.query.client_id),
  });

  app.get('/api/packages', {
    config: { auth: 'user' },
    schema: {
      operationId: 'listPackages',
      tags,
      summary: 'List packages by name, with their services',
      querystring: PackageListQuery,
      response: { 200: Listing(PackageOut), 400: errorRef },
    },
    handler: (request) => packages.listPackages(ctx.db, request.query),
  });

  app.get('/api/packages/:id', {
    config: { auth: 'user' },
    schema: {
      operationId: 'getPackage',
      tags,
      summary: 'One package',
      params: IdParams,
      response: { 200: PackageOut, 404: errorRef },
    },
    handler: (request) => packages.getPackage(ctx.db, request.params.id),
  });

  app.post('/api/packages', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'createPackage',
      tags,
      summary: 'Create a package: a name, a price (VAT included) and services with quantities',
      description: 'Without `vat_rate_id` the default VAT rate applies. 400 `unknown_service`, `unknown_vat_rate`.',
      body: PackageCreateBody,
      response: { 201: PackageOut, 400: errorRef },
    },
    handler: async (request, reply) => reply.status(201).send(await packages.createPackage(ctx, request.body)),
  });

  app.put('/api/packages/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'updatePackage',
      tags,
      summary: 'Update a package; `services`, when present, replaces the list (credits already sold are kept)',
      params: IdParams,
      body: PackageUpdateBody,
      response: { 200: PackageOut, 400: errorRef, 404: errorRef },
    },
    handler: (request) => packages.updatePackage(ctx, request.params.id, request.body),
  });

  app.delete('/api/packages/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'deletePackage',
      tags,
      summary: 'Delete a package that was never sold',
      description: 'A sold one is 409 `package_in_use`: deactivate it instead.',
      params: IdParams,
      response: { 200: Ok, 404: errorRef, 409: errorRef },
    },
    handler: async (request) => {
      await packages.deletePackage(ctx, request.params.id);
      return { ok: true as const };
    },
  });
}
