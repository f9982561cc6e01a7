import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { errorRef } from '../../http/schemas.js';
import * as messages from './messages.js';
import {
  MessageKeyParams,
  MessageLanguageParams,
  MessageOut,
  MessagePreview,
  MessagePreviewBody,
  MessageTextBody,
} from './messages-schemas.js';

const tags = ['settings'];

/** The client messages' texts: list, read, edit per language, reset, preview. Admins only. */
export async function settingsMessagesRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/settings/messages', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'listMessages',
      tags,
      summary: 'Every client message the salon can edit, with its placeholders and its text per language',
      response: { 200: Type.Array(MessageOut) },
    },
    handler: () => messages.listMessages(ctx),
  });

  app.get('/api/settings/messages/:key', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'getMessage',
      tags,
      summary: 'One client message',
      params: MessageKeyParams,
      response: { 200: MessageOut, 404: errorRef },
    },
    handler: (request) => messages.getMessage(ctx, request.params.key),
  });

  app.put('/api/settings/messages/:key/:language', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'saveMessage',
      tags,
      summary: "Save the salon's own subject and body of a message in one language",
      description:
        'The text must parse as ICU MessageFormat (400 `invalid_message`) and use only the message’s placeholders ' +
        '(400 `unknown_placeholder`, its details naming the placeholder). Used for every email queued from then on.',
      params: MessageLanguageParams,
      body: MessageTextBody,
      response: { 200: MessageOut, 400: errorRef, 404: errorRef },
    },
    handler: (request) => messages.saveMessage(ctx, request.params.key, request.params.language, request.body),
  });

  app.delete('/api/settings/messages/:key/:language', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'resetMessage',
      tags,
      summary: "Reset a message in one language to the catalogue's default text",
      params: MessageLanguageParams,
      response: { 200: MessageOut, 404: errorRef },
    },
    handler: (request) => messages.resetMessage(ctx, request.params.key, request.params.language),
  });

  app.post('/api/settings/messages/:key/preview', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'previewMessage',
      tags,
      summary: 'Render a message with sample data: the text in use, or an unsaved draft',
      description:
        'A draft is checked like a save (400 on an unknown placeholder or a text that does not parse) but not stored.',
      params: MessageKeyParams,
      body: MessagePreviewBody,
      response: { 200: MessagePreview, 400: errorRef, 404: errorRef },
    },
    handler: (request) => {
      const { language, subject, body } = request.body;
      const draft = body === undefined && subject === undefined ? undefined : { subject, body };
      return messages.previewMessage(ctx, request.params.key, language, draft);
    },
  });
}
