import { unsupportedNodeMessage } from './lib/node-version.js';

// Imported first by every process entry point, so an old Node.js stops here with one line
// instead of crashing later: better-sqlite3's native module segfaults on Node.js 20.
const message = unsupportedNodeMessage(process.versions.node);
if (message) {
  console.error(message);
  process.exit(1);
}
