import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/auth.js';
import { EMBEDDABLE_RESOURCE_POLICY } from '../../http/security-headers.js';
import { errorRef, FileAnswer, FileUpload, Ok } from '../../http/schemas.js';
import { badRequest } from '../../lib/errors.js';
import {
  ApplyBody,
  ApplyResult,
  DefaultShift,
  DefaultShiftsQuery,
  DeletedCount,
  PhotoUploaded,
  SaveWeekBody,
  Shift,
  ShiftBody,
  ShiftsQuery,
  ShiftUpdateBody,
  StaffCreateBody,
  RecordIdParams,
  StaffIdPathParams,
  StaffListItem,
  StaffListQuery,
  StaffMember,
  StaffMemberWithStatus,
  StaffServices,
  StaffServicesBody,
  StaffUpdateBody,
  TimeOff,
  TimeOffBody,
  TimeOffQuery,
} from './schemas.js';
import * as staff from './service.js';

const tags = ['staff'];

/*
 * Auth levels of the staff endpoints beyond the listed ones: reads need a signed-in user,
 * roster writes an admin; time off is self-service (staff for themselves, admins for all).
 */
export async function staffRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  // ---------------------------------------------------------------- staff members

  app.get('/api/staff/staff', {
    config: { auth: 'user' },
    schema: {
      operationId: 'listStaff',
      tags,
      summary: 'List the active staff members by name',
      description:
        'Ordered by name (case-insensitive), then id. `include_inactive=true` (admins only, else 403) adds the deactivated members, and every item then carries `active` (0/1).',
      querystring: StaffListQuery,
      response: { 200: Type.Array(StaffListItem), 400: errorRef, 403: errorRef },
    },
    handler: (request) => staff.listStaff(ctx.db, currentUser(request), request.query),
  });

  app.post('/api/staff/staff', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'createStaffMember',
      tags,
      summary: 'Create a staff member with a password chosen by the admin',
      description:
        'The member can sign in at once with that password (no forced change, no email). `bookable` (default 1: takes appointments; 0 for an owner or receptionist) and `all_services` (default 1: performs every service; 0: only those set at /staff/staff/{id}/services) take true/false or 0/1. 409 `email_taken` when the email is in use (compared case-insensitively).',
      body: StaffCreateBody,
      response: { 201: StaffMember, 400: errorRef, 409: errorRef },
    },
    handler: async (request, reply) => {
      const created = await staff.createStaffMember(ctx, request.body);
      return reply.status(201).send(created);
    },
  });

  app.put('/api/staff/staff/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'updateStaffMember',
      tags,
      summary: 'Change a staff member',
      description:
        'Only the fields given change. A new `password` signs the member out of every device (refresh tokens revoked). `active: false` deactivates: the member cannot sign in, their tokens stop working and they leave the staff list. `bookable` and `all_services` take true/false or 0/1. 409 `email_taken`; 409 `last_admin` when this would demote or deactivate the last active admin.',
      params: RecordIdParams,
      body: StaffUpdateBody,
      response: { 200: StaffMemberWithStatus, 400: errorRef, 404: errorRef, 409: errorRef },
    },
    handler: (request) => staff.updateStaffMember(ctx, request.params.id, request.body),
  });

  app.delete('/api/staff/staff/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'deleteStaffMember',
      tags,
      summary: 'Delete a staff member with their shifts, default shifts, time off and devices',
      description:
        'A member still referenced by records that must be kept (bookings, POS orders …) is not deleted: 409 `staff_in_use`; deactivate them instead (PUT with `active: false`). 409 `last_admin` for the last active admin.',
      params: RecordIdParams,
      response: { 200: Ok, 400: errorRef, 404: errorRef, 409: errorRef },
    },
    handler: async (request) => {
      await staff.deleteStaffMember(ctx, request.params.id);
      return { ok: true as const };
    },
  });

  // ---------------------------------------------------------------- photo

  app.post('/api/staff/staff/:id/photo', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'uploadStaffPhoto',
      tags,
      summary: 'Upload a staff member’s photo for the booking page (multipart field `photo`), replacing any',
      description:
        'PNG, JPEG or WebP, decided by the file’s content (not its name); at most 2 MB (413); another type is 415. Answers the new `photo_url`. 404 for an unknown member.',
      consumes: ['multipart/form-data'],
      params: RecordIdParams,
      multipartBody: FileUpload('photo', 'The image: PNG, JPEG or WebP, at most 2 MB'),
      response: { 200: PhotoUploaded, 400: errorRef, 404: errorRef, 413: errorRef, 415: errorRef },
    },
    handler: async (request) => {
      if (!request.isMultipart())
        throw badRequest('photo_required', 'Send the photo as multipart/form-data in the field "photo"');
      const file = await request.file({ limits: { fileSize: staff.PHOTO_MAX_BYTES, files: 1 } });
      if (!file || file.fieldname !== 'photo')
        throw badRequest('photo_required', 'The multipart field "photo" with a file is required');
      return staff.uploadPhoto(ctx, request.params.id, await file.toBuffer());
    },
  });

  app.delete('/api/staff/staff/:id/photo', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'deleteStaffPhoto',
      tags,
      summary: 'Remove a staff member’s photo',
      description: 'Idempotent: a member without a photo answers ok too. 404 for an unknown member.',
      params: RecordIdParams,
      response: { 200: Ok, 400: errorRef, 404: errorRef },
    },
    handler: async (request) => {
      await staff.deletePhoto(ctx, request.params.id);
      return { ok: true as const };
    },
  });

  app.get('/api/staff/staff/:id/photo', {
    config: { auth: 'none' },
    schema: {
      operationId: 'getStaffPhoto',
      tags,
      summary: 'A staff member’s photo (public: the booking page shows it)',
      description:
        'Fetched at its `photo_url` (with the current `v`) it may be cached for a year: a new upload changes `v`. ' +
        'Without `v`, or with an old one, five minutes. 404 when the member has no photo or is deactivated.',
      params: RecordIdParams,
      querystring: Type.Object({
        v: Type.Optional(Type.String({ maxLength: 64, description: 'The version in `photo_url`' })),
      }),
      response: {
        200: FileAnswer('The photo, with the content type of its format', staff.PHOTO_TYPES, false),
        400: errorRef,
        404: errorRef,
      },
    },
    handler: async (request, reply) => {
      const photo = await staff.readPhoto(ctx, request.params.id);
      if (!photo) return reply.status(404).send({ error: 'This staff member has no photo', code: 'not_found' });
      return (
        reply
          .header('content-type', photo.contentType)
          .header('content-security-policy', "default-src 'none'; sandbox")
          // The booking page, on the salon's own website, shows it in an <img>.
          .header('cross-origin-resource-policy', EMBEDDABLE_RESOURCE_POLICY)
          .header(
            'cache-control',
            request.query.v === photo.version ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
          )
          .send(photo.data)
      );
    },
  });

  // ---------------------------------------------------------------- who does what

  app.get('/api/staff/staff/:id/services', {
    config: { auth: 'user' },
    schema: {
      operationId: 'getStaffServices',
      tags,
      summary: 'The services a staff member performs, with their duration and price',
      description:
        "Every active service the member performs, in the order of the service list, with the effective `duration_min` and `price` (the member's own where set, else the service's) and the own values (`null`: none). With `all_services` 1 that is every active service. Shown also for a member who is deactivated or not bookable (what they would perform). 404 for an unknown member.",
      params: RecordIdParams,
      response: { 200: StaffServices, 400: errorRef, 404: errorRef },
    },
    handler: (request) => staff.getStaffServices(ctx.db, request.params.id),
  });

  app.put('/api/staff/staff/:id/services', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'replaceStaffServices',
      tags,
      summary: 'Replace the services a staff member performs and their own durations and prices',
      description:
        "`services` replaces every row of the member at once: with `all_services` 0 the member performs exactly these services; with 1 they perform every service and the rows only give their own `duration_min` (5–1440) and `price` (≥ 0; absent or null: the service's). `all_services` changes only when given. 400 `unknown_service` (details name `services[i].service_id`) for an unknown or archived service; 400 `validation_failed` when a service is listed twice. 404 for an unknown member. Answers like GET.",
      params: RecordIdParams,
      body: StaffServicesBody,
      response: { 200: StaffServices, 400: errorRef, 404: errorRef },
    },
    handler: (request) => staff.replaceStaffServices(ctx, request.params.id, request.body),
  });

  // ---------------------------------------------------------------- shifts

  app.get('/api/staff/shifts', {
    config: { auth: 'user' },
    schema: {
      operationId: 'listShifts',
      tags,
      summary: 'List shifts by date, start time and staff member',
      description: '`from` and `to` bound the date, both inclusive; `staff_id` picks one member.',
      querystring: ShiftsQuery,
      response: { 200: Type.Array(Shift), 400: errorRef },
    },
    handler: (request) => staff.listShifts(ctx.db, request.query),
  });

  app.post('/api/staff/shifts', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'createShift',
      tags,
      summary: 'Create a shift',
      description:
        '`start_time` before `end_time` (a shift cannot cross midnight). 400 `unknown_staff` unless the member exists and is active, 400 `unknown_location` for an unknown location. 409 `shift_overlap` when it overlaps another shift of that member on that date (touching is fine).',
      body: ShiftBody,
      response: { 201: Shift, 400: errorRef, 409: errorRef },
    },
    handler: async (request, reply) => {
      const created = await staff.createShift(ctx, request.body);
      return reply.status(201).send(created);
    },
  });

  app.put('/api/staff/shifts/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'updateShift',
      tags,
      summary: 'Change a shift',
      description:
        'Only the fields given change; `location_id: null` removes the location. The result is checked as on create (409 `shift_overlap` against the other shifts).',
      params: RecordIdParams,
      body: ShiftUpdateBody,
      response: { 200: Shift, 400: errorRef, 404: errorRef, 409: errorRef },
    },
    handler: (request) => staff.updateShift(ctx, request.params.id, request.body),
  });

  app.delete('/api/staff/shifts/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'deleteShift',
      tags,
      summary: 'Delete a shift',
      description: '404 for an unknown shift.',
      params: RecordIdParams,
      response: { 200: Ok, 400: errorRef, 404: errorRef },
    },
    handler: async (request) => {
      await staff.deleteShift(ctx.db, request.params.id);
      return { ok: true as const };
    },
  });

  // ---------------------------------------------------------------- default shifts

  app.get('/api/staff/default-shifts', {
    config: { auth: 'user' },
    schema: {
      operationId: 'listDefaultShifts',
      tags,
      summary: 'List default (template) shifts by staff member, weekday and start time',
      description: '`day_of_week`: 0 = Sunday … 6 = Saturday.',
      querystring: DefaultShiftsQuery,
      response: { 200: Type.Array(DefaultShift), 400: errorRef },
    },
    handler: (request) => staff.listDefaultShifts(ctx.db, request.query),
  });

  app.post('/api/staff/default-shifts/save-week', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'saveDefaultWeek',
      tags,
      summary: "Replace a staff member's whole default week",
      description:
        'Atomically replaces every default shift of the member with the given list (up to 21; several per day when they do not overlap; `[]` clears the week). Answers the saved week. 400 `unknown_staff` unless the member exists and is active.',
      body: SaveWeekBody,
      response: { 200: Type.Array(DefaultShift), 400: errorRef },
    },
    handler: (request) => staff.saveWeek(ctx, request.body),
  });

  app.post('/api/staff/default-shifts/apply', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'applyDefaultShifts',
      tags,
      summary: 'Create shifts from the default shifts for a date range',
      description:
        'For every date from `start_date` to `end_date` (inclusive, at most 366 days) and every active member (or only `staff_id`), creates that weekday’s default shifts, without location, unless the member already has any shift that date: applying twice creates nothing new. `skipped` counts the default shifts left out for that reason.',
      body: ApplyBody,
      response: { 200: ApplyResult, 400: errorRef },
    },
    handler: (request) => staff.applyDefaults(ctx, request.body),
  });

  app.delete('/api/staff/default-shifts/:staffId', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'deleteDefaultShifts',
      tags,
      summary: 'Remove every default shift of a staff member',
      description: 'Shifts already created from them stay. 404 for an unknown member.',
      params: StaffIdPathParams,
      response: { 200: DeletedCount, 400: errorRef, 404: errorRef },
    },
    handler: async (request) => ({
      ok: true as const,
      deleted: await staff.deleteDefaultShifts(ctx, request.params.staffId),
    }),
  });

  // ---------------------------------------------------------------- time off

  app.get('/api/staff/time-off', {
    config: { auth: 'user' },
    schema: {
      operationId: 'listTimeOff',
      tags,
      summary: 'List time-off entries by start date',
      description:
        'Self-service: a staff member sees only their own entries, an admin everyone’s. `from`/`to` select the entries overlapping that range (inclusive).',
      querystring: TimeOffQuery,
      response: { 200: Type.Array(TimeOff), 400: errorRef },
    },
    handler: (request) => staff.listTimeOff(ctx.db, currentUser(request), request.query),
  });

  app.post('/api/staff/time-off', {
    config: { auth: 'user' },
    schema: {
      operationId: 'createTimeOff',
      tags,
      summary: 'Record time off',
      description:
        'Self-service: a staff member may record time off only for themselves (another `staff_id`: 403); an admin for any active member (else 400 `unknown_staff`). `end_date` not before `start_date`; both inclusive.',
      body: TimeOffBody,
      response: { 201: TimeOff, 400: errorRef, 403: errorRef },
    },
    handler: async (request, reply) => {
      const created = await staff.createTimeOff(ctx, currentUser(request), request.body);
      return reply.status(201).send(created);
    },
  });

  app.delete('/api/staff/time-off/:id', {
    config: { auth: 'user' },
    schema: {
      operationId: 'deleteTimeOff',
      tags,
      summary: 'Delete a time-off entry',
      description:
        'Self-service: a staff member may delete only their own entries (another’s answers 404, as if absent); an admin any.',
      params: RecordIdParams,
      response: { 200: Ok, 400: errorRef, 404: errorRef },
    },
    handler: async (request) => {
      await staff.deleteTimeOff(ctx.db, currentUser(request), request.params.id);
      return { ok: true as const };
    },
  });
}
