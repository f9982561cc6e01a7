import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/auth.js';
import { errorRef, IdParams } from '../../http/schemas.js';
import {
  ResourceCreateBody,
  ResourceDeleteResult,
  ResourceListQuery,
  ResourceOut,
  ResourceUpdateBody,
} from './schemas.js';
import * as resources from './service.js';

const tags = ['resources'];

/** Rooms and equipment with a capacity, and the services that require them. */
export async function resourcesRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/resources', {
    config: { auth: 'user' },
    schema: {
      operationId: 'listResources',
      tags,
      summary: 'List the active resources by name, then id',
      description:
        'A plain array, ordered by name (case-insensitive), then id. `include_inactive=true` (admins only, else 403) adds the archived ones (`active` 0).',
      querystring: ResourceListQuery,
      response: { 200: Type.Array(ResourceOut), 400: errorRef, 403: errorRef },
    },
    handler: (request) => resources.listResources(ctx.db, currentUser(request), request.query),
  });

  app.get('/api/resources/:id', {
    config: { auth: 'user' },
    schema: {
      operationId: 'getResource',
      tags,
      summary: 'One resource (archived ones too)',
      params: IdParams,
      response: { 200: ResourceOut, 400: errorRef, 404: errorRef },
    },
    handler: (request) => resources.getResource(ctx.db, request.params.id),
  });

  app.post('/api/resources', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'createResource',
      tags,
      summary: 'Create a resource (a room, a piece of equipment)',
      description:
        '`name` 1–200 characters, `capacity` 1–100 (bookings that may hold it at the same moment). `location_id` must be an active location (400 `unknown_location`); `service_ids` active services that require it (400 `unknown_service` naming `service_ids[i]`).',
      body: ResourceCreateBody,
      response: { 201: ResourceOut, 400: errorRef },
    },
    handler: async (request, reply) => {
      const created = await resources.createResource(ctx, request.body);
      return reply.status(201).send(created);
    },
  });

  app.put('/api/resources/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'updateResource',
      tags,
      summary: 'Update a resource; only the fields present change',
      description:
        '`location_id: null` unties it from its location; `service_ids` replaces the list; `active: 1` brings back an archived resource. A capacity lower than what future bookings already hold is allowed: those bookings stay, new ones are refused while the resource is full. 400 `unknown_location` / `unknown_service`; 404 for an unknown id.',
      params: IdParams,
      body: ResourceUpdateBody,
      response: { 200: ResourceOut, 400: errorRef, 404: errorRef },
    },
    handler: (request) => resources.updateResource(ctx, request.params.id, request.body),
  });

  app.delete('/api/resources/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'deleteResource',
      tags,
      summary: 'Delete a resource, or archive it while bookings hold it',
      description:
        'A resource no booking holds is deleted (`archived: false`); one that bookings hold is archived instead (`archived: true`, `active` 0): services no longer require it and the bookings keep it in their history.',
      params: IdParams,
      response: { 200: ResourceDeleteResult, 400: errorRef, 404: errorRef },
    },
    handler: async (request) => {
      const { archived } = await resources.deleteResource(ctx, request.params.id);
      return { ok: true as const, archived };
    },
  });
}
