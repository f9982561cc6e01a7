// `npm run worker`: a job worker alone, for running workers apart from the API (PostgreSQL).
// Loaded like main.ts: the version check and the process set-up first, the worker after.
import './require-supported-node.js';
import { prepareProcess } from './process-start.js';

prepareProcess(import.meta.url);
await import('./run-worker.js');
