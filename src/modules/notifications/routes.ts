import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/auth.js';
import { errorRef, IdParams, Listing, Ok } from '../../http/schemas.js';
import * as inbox from './inbox.js';
import * as preferences from './preferences.js';
import {
  NotificationListQuery,
  NotificationOut,
  PreferencesBody,
  PreferencesOut,
  ReadAllResult,
  UnreadCount,
} from './schemas.js';

const tags = ['notifications'];

/*
 * Every route acts on the signed-in user's own notifications and preferences only.
 * The fixed paths (`read-all`, `preferences`, `unread-count`) are static routes, which
 * Fastify's router always prefers over the `:id` ones (parametric routes are tried only when no static one matches).
 */
export async function notificationsRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/notifications', {
    config: { auth: 'user' },
    schema: {
      operationId: 'listNotifications',
      tags,
      summary: "The caller's notifications, newest first",
      description:
        '`unread_only=true` (or `1`): unread only. `type`: a literal type prefix (`booking` matches `booking.new`). A plain array, or the paginated object when `page` is given.',
      querystring: NotificationListQuery,
      response: { 200: Listing(NotificationOut), 400: errorRef },
    },
    handler: (request) => inbox.listNotifications(ctx.db, currentUser(request).id, request.query),
  });

  app.get('/api/notifications/unread-count', {
    config: { auth: 'user' },
    schema: {
      operationId: 'getUnreadNotificationCount',
      tags,
      summary: "How many of the caller's notifications are unread (for a badge)",
      description: 'The number of unread notifications, for a badge.',
      response: { 200: UnreadCount },
    },
    handler: (request) => inbox.countUnread(ctx.db, currentUser(request).id),
  });

  app.put('/api/notifications/read-all', {
    config: { auth: 'user' },
    schema: {
      operationId: 'markAllNotificationsRead',
      tags,
      summary: "Mark all of the caller's unread notifications read",
      response: { 200: ReadAllResult },
    },
    handler: (request) => inbox.markAllRead(ctx.db, currentUser(request).id),
  });

  app.get('/api/notifications/preferences', {
    config: { auth: 'user' },
    schema: {
      operationId: 'getNotificationPreferences',
      tags,
      summary: "The caller's channel preferences for every known notification type",
      description: 'Each type carries the stored choice, or its default when the caller never chose.',
      response: { 200: PreferencesOut },
    },
    handler: (request) => preferences.readPreferences(ctx.db, currentUser(request).id),
  });

  app.put('/api/notifications/preferences', {
    config: { auth: 'user' },
    schema: {
      operationId: 'updateNotificationPreferences',
      tags,
      summary: 'Set the channels of some notification types; the others keep theirs',
      description:
        'Each given type needs `email`, `push` and `in_app`. An unknown type is a 400 naming it; nothing is saved then. Answers the full preferences object.',
      body: PreferencesBody,
      response: { 200: PreferencesOut, 400: errorRef },
    },
    handler: (request) => preferences.updatePreferences(ctx.db, currentUser(request).id, request.body),
  });

  app.put('/api/notifications/:id/read', {
    config: { auth: 'user' },
    schema: {
      operationId: 'markNotificationRead',
      tags,
      summary: "Mark one of the caller's notifications read",
      description: "Another user's notification answers 404, like an unknown id.",
      params: IdParams,
      response: { 200: NotificationOut, 400: errorRef, 404: errorRef },
    },
    handler: (request) => inbox.markRead(ctx.db, currentUser(request).id, request.params.id),
  });

  app.delete('/api/notifications/:id', {
    config: { auth: 'user' },
    schema: {
      operationId: 'deleteNotification',
      tags,
      summary: "Delete one of the caller's notifications",
      description: "Another user's notification answers 404, like an unknown id.",
      params: IdParams,
      response: { 200: Ok, 400: errorRef, 404: errorRef },
    },
    handler: async (request) => {
      await inbox.deleteNotification(ctx.db, currentUser(request).id, request.params.id);
      return { ok: true as const };
    },
  });
}
