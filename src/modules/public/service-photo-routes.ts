import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { errorRef, FileAnswer, IdParams } from '../../http/schemas.js';
import { EMBEDDABLE_RESOURCE_POLICY } from '../../http/security-headers.js';
import { PHOTO_TYPES, readServicePhoto } from '../services/service.js';

const tags = ['public'];

// Served as an image and never as a document: no script, no outside resources, whatever the bytes are.
const PHOTO_CSP = "default-src 'none'; sandbox";

/** A service's photo, for the booking page's list of services. */
export async function servicePhotoRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/public/services/:id/photo', {
    config: { auth: 'none' },
    schema: {
      operationId: 'getPublicServicePhoto',
      tags,
      summary: 'The photo of a bookable service',
      description:
        'Fetched at its address from `photo_url` (with the current `v`), it may be cached for a year: a new upload changes `v`. ' +
        'Without `v`, or with an old one, five minutes. 404 when the service has no photo or is archived or unknown.',
      params: IdParams,
      querystring: Type.Object({
        v: Type.Optional(Type.String({ maxLength: 64, description: 'The version in `photo_url`' })),
      }),
      response: {
        200: FileAnswer('The photo, with the content type of its format', PHOTO_TYPES, false),
        400: errorRef,
        404: errorRef,
      },
    },
    handler: async (request, reply) => {
      const photo = await readServicePhoto(ctx, request.params.id);
      if (!photo) return reply.status(404).send({ error: 'This service has no photo', code: 'not_found' });
      return (
        reply
          .header('content-type', photo.contentType)
          .header('content-security-policy', PHOTO_CSP)
          // The booking page, framed on the salon's own website, shows it in an <img>.
          .header('cross-origin-resource-policy', EMBEDDABLE_RESOURCE_POLICY)
          .header(
            'cache-control',
            request.query.v === photo.version ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
          )
          .send(photo.data)
      );
    },
  });
}
