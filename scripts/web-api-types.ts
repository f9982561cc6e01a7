import { writeFileSync } from 'node:fs';
import { API_TYPES_FILE, generateApiTypes } from '../web/build/api-types.js';

/* `npm run web:api`: rewrites web/src/api/schema.gen.ts from the service's OpenAPI document. */
writeFileSync(API_TYPES_FILE, await generateApiTypes());
console.log(`wrote ${API_TYPES_FILE}`);
