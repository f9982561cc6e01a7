import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { errorRef, IdParams, Ok } from '../../http/schemas.js';
import { LocationCreateBody, LocationListQuery, LocationOut, LocationUpdateBody } from './schemas.js';
import * as locations from './service.js';

const tags = ['locations'];

export async function locationRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/locations', {
    config: { auth: 'user' },
    schema: {
      operationId: 'listLocations',
      tags,
      summary: 'List locations, by name (case-insensitive), then id',
      description: 'A plain array. `active=true`: only active locations; `active=false`: only inactive ones.',
      querystring: LocationListQuery,
      response: { 200: Type.Array(LocationOut), 400: errorRef },
    },
    handler: (request) => locations.listLocations(ctx.db, request.query),
  });

  app.get('/api/locations/:id', {
    config: { auth: 'user' },
    schema: {
      operationId: 'getLocation',
      tags,
      summary: 'One location',
      params: IdParams,
      response: { 200: LocationOut, 400: errorRef, 404: errorRef },
    },
    handler: (request) => locations.getLocation(ctx.db, request.params.id),
  });

  app.post('/api/locations', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'createLocation',
      tags,
      summary: 'Create a location',
      description:
        '`active` defaults to 1. Saving `is_default: 1` clears `is_default` on every other location (one default at a time).',
      body: LocationCreateBody,
      response: { 201: LocationOut, 400: errorRef, 409: errorRef },
    },
    handler: async (request, reply) => {
      const location = await locations.createLocation(ctx, request.body);
      return reply.status(201).send(location);
    },
  });

  app.put('/api/locations/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'updateLocation',
      tags,
      summary: 'Update a location; only the fields present change',
      description:
        'Saving `is_default: 1` clears `is_default` on every other location; `is_default: 0` may leave no default.',
      params: IdParams,
      body: LocationUpdateBody,
      response: { 200: LocationOut, 400: errorRef, 404: errorRef, 409: errorRef },
    },
    handler: (request) => locations.updateLocation(ctx, request.params.id, request.body),
  });

  app.delete('/api/locations/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'deleteLocation',
      tags,
      summary: 'Delete a location',
      description:
        'Shifts at this location keep their data with no location. A location still referenced elsewhere gives 409 `location_in_use`: deactivate it instead (`active: 0`). Deleting the default location leaves no default.',
      params: IdParams,
      response: { 200: Ok, 400: errorRef, 404: errorRef, 409: errorRef },
    },
    handler: async (request) => {
      await locations.deleteLocation(ctx, request.params.id);
      return { ok: true as const };
    },
  });
}
