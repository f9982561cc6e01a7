// `npm start`: the HTTP server and, unless WORKER=off, the job worker, in one process.
// The version check and the process set-up (compile cache, stack traces) come before anything
// else is loaded: the rest of the service arrives through the dynamic import below, so an old
// Node.js stops with one line before a native module can crash it, and the compile cache
// serves every module that follows.
import './require-supported-node.js';
import { prepareProcess } from './process-start.js';

prepareProcess(import.meta.url);
await import('./run-server.js');
