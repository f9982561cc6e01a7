/*
 * The services module's one entry for other modules (and its routes). The module is split by
 * subject:
 *
 *   categories.ts     service categories
 *   reads.ts          services as the API shows them, with the resources each requires
 *   writes.ts         creating, changing and deleting (or archiving) a service, in the caller's
 *                     transaction for the importer; its references and deposit checked
 *   requirements.ts   a service's processing times and the resources it requires
 *   performers.ts     who performs a service and the times each takes; performer-list.ts: as listed
 *   photos.ts         a service's photo, its type decided by its bytes; photo-address.ts: its address
 *
 * The importer (modules/imports) validates its rows with the API's own schemas, passed on here.
 */

export { createCategory, deleteCategory, listCategories, updateCategory } from './categories.js';
export { listServices, readService } from './reads.js';
export { createService, createServiceIn, deleteService, updateService, updateServiceIn } from './writes.js';
export { performersOf, processingWindow, type Performance, type PerformerQuery } from './performers.js';
export { performersOfService } from './performer-list.js';
export { ServiceCreateBody, ServiceUpdateBody } from './schemas.js';
export { PHOTO_TYPES, readServicePhoto } from './photos.js';
export { photoPath as servicePhotoPath } from './photo-address.js';
