import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/auth.js';
import { errorRef, FileUpload, IdParams, Ok } from '../../http/schemas.js';
import { badRequest } from '../../lib/errors.js';
import { deleteServicePhoto, PHOTO_MAX_BYTES, uploadServicePhoto } from './photos.js';
import {
  DeleteResult,
  PhotoUploaded,
  ServiceCategoryCreateBody,
  ServiceCategoryOut,
  ServiceCategoryUpdateBody,
  ServiceCreateBody,
  ServiceListQuery,
  ServiceOut,
  ServicePerformer,
  ServiceUpdateBody,
} from './schemas.js';
import * as services from './service.js';

const tags = ['services'];

const CATEGORY_READ_AUTH =
  'The spec leaves the auth level of this endpoint open; reads need a signed-in user (any role), changes an admin.';

/** Services and service categories. */
export async function servicesRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  // ---------------------------------------------------------------- categories

  app.get('/api/services/categories', {
    config: { auth: 'user' },
    schema: {
      operationId: 'listServiceCategories',
      tags,
      summary: 'List the service categories by position, then id',
      description: `${CATEGORY_READ_AUTH} A plain array.`,
      response: { 200: Type.Array(ServiceCategoryOut) },
    },
    handler: () => services.listCategories(ctx.db),
  });

  app.post('/api/services/categories', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'createServiceCategory',
      tags,
      summary: 'Create a service category',
      description:
        '`color` is `#rrggbb` (default `#6e56cf`, stored lower-cased). Without `position` the category goes to the end of the list.',
      body: ServiceCategoryCreateBody,
      response: { 201: ServiceCategoryOut, 400: errorRef },
    },
    handler: async (request, reply) => {
      const category = await services.createCategory(ctx, request.body);
      return reply.status(201).send(category);
    },
  });

  app.put('/api/services/categories/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'updateServiceCategory',
      tags,
      summary: 'Update a service category; only the fields present change',
      params: IdParams,
      body: ServiceCategoryUpdateBody,
      response: { 200: ServiceCategoryOut, 400: errorRef, 404: errorRef },
    },
    handler: (request) => services.updateCategory(ctx, request.params.id, request.body),
  });

  app.delete('/api/services/categories/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'deleteServiceCategory',
      tags,
      summary: 'Delete a service category',
      description: 'Its services stay, without a category (`category_id: null`).',
      params: IdParams,
      response: { 200: Ok, 400: errorRef, 404: errorRef },
    },
    handler: async (request) => {
      await services.deleteCategory(ctx, request.params.id);
      return { ok: true as const };
    },
  });

  // ---------------------------------------------------------------- services

  app.get('/api/services', {
    config: { auth: 'user' },
    schema: {
      operationId: 'listServices',
      tags,
      summary: 'List the active services by position, name, then id',
      description:
        'A plain array; each service carries its `category_name` and `category_color` (`null` without a category). `include_archived=true` (admins only, else 403) adds the archived services, and every item then carries `active` (0/1).',
      querystring: ServiceListQuery,
      response: { 200: Type.Array(ServiceOut), 400: errorRef, 403: errorRef },
    },
    handler: (request) => services.listServices(ctx.db, currentUser(request), request.query),
  });

  app.get('/api/services/:id/staff', {
    config: { auth: 'user' },
    schema: {
      operationId: 'listServiceStaff',
      tags,
      summary: 'Who performs a service, with the duration and price of each',
      description:
        "The active, bookable staff members who perform the service (those with `all_services` 1, and those it is listed for), by name then id, with their own `duration_min` and `price` where set, else the service's. An archived service: []. 404 for an unknown service.",
      params: IdParams,
      response: { 200: Type.Array(ServicePerformer), 400: errorRef, 404: errorRef },
    },
    handler: (request) => services.performersOfService(ctx.db, request.params.id),
  });

  app.post('/api/services', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'createService',
      tags,
      summary: 'Create a service',
      description:
        '`price` in currency units, VAT included, ≥ 0. Without `vat_rate_id` the default VAT rate is applied (`null` when there is none). 400 `unknown_category` / `unknown_vat_rate` (the rate must exist and not be disabled). Processing time: `processing_after_min` and `processing_min` both 0 (none, the default) or both above 0 with `processing_after_min + processing_min < duration_min`, else 400 `validation_failed` naming the field. `resource_ids`: at most 10 active resources, else 400 `unknown_resource` naming `resource_ids[i]`. `online_bookable` (default true): false keeps the service off the booking page (the office still books it).',
      body: ServiceCreateBody,
      response: { 201: ServiceOut, 400: errorRef },
    },
    handler: async (request, reply) => {
      const service = await services.createService(ctx, request.body);
      return reply.status(201).send(service);
    },
  });

  app.put('/api/services/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'updateService',
      tags,
      summary: 'Update a service; only the fields present change',
      description:
        '`category_id: null` removes the category. 400 `unknown_category` / `unknown_vat_rate`. The processing-time rule is checked against the stored values too (a shorter `duration_min` alone is refused naming `duration_min`). `resource_ids` replaces the list ([] requires none); 400 `unknown_resource`. Archived services can be updated too. `online_bookable` false takes the service off the booking page from the next request (bookings already made stay).',
      params: IdParams,
      body: ServiceUpdateBody,
      response: { 200: ServiceOut, 400: errorRef, 404: errorRef },
    },
    handler: (request) => services.updateService(ctx, request.params.id, request.body),
  });

  app.delete('/api/services/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'deleteService',
      tags,
      summary: 'Delete a service, or archive it while bookings still use it',
      description:
        'A service no record refers to is deleted (`archived: false`). One still referenced (by bookings) is archived instead (`archived: true`): it leaves the lists, and the bookings keep pointing at it.',
      params: IdParams,
      response: { 200: DeleteResult, 400: errorRef, 404: errorRef },
    },
    handler: async (request) => {
      const { archived } = await services.deleteService(ctx, request.params.id);
      return { ok: true as const, archived };
    },
  });

  // ---------------------------------------------------------------- photo

  app.post('/api/services/:id/photo', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'uploadServicePhoto',
      tags,
      summary: 'Upload the photo of a service (multipart field `photo`); it replaces the one before',
      description:
        "JPEG, PNG or WebP, decided by the file content (not its name); at most 2 MB (413); another type is 415. Answers the public address that serves it (also the service's `photo_url` from now on).",
      params: IdParams,
      consumes: ['multipart/form-data'],
      multipartBody: FileUpload('photo', 'The image: JPEG, PNG or WebP, at most 2 MB'),
      response: { 200: PhotoUploaded, 400: errorRef, 404: errorRef, 413: errorRef, 415: errorRef },
    },
    handler: async (request) => {
      if (!request.isMultipart())
        throw badRequest('photo_required', 'Send the photo as multipart/form-data in the field "photo"');
      const file = await request.file({ limits: { fileSize: PHOTO_MAX_BYTES, files: 1 } });
      if (!file || file.fieldname !== 'photo')
        throw badRequest('photo_required', 'The multipart field "photo" with a file is required');
      return uploadServicePhoto(ctx, request.params.id, await file.toBuffer());
    },
  });

  app.delete('/api/services/:id/photo', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'deleteServicePhoto',
      tags,
      summary: 'Remove the photo of a service',
      description:
        'The service then has `photo_url: null`. Without a photo this changes nothing. 404 for an unknown service.',
      params: IdParams,
      response: { 200: Ok, 400: errorRef, 404: errorRef },
    },
    handler: async (request) => {
      await deleteServicePhoto(ctx, request.params.id);
      return { ok: true as const };
    },
  });
}
