import { readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { fileURLToPath } from 'node:url';

/*
 * Stack traces of the compiled service that name src/ files and lines. Node's own
 * `--enable-source-maps` reads and decodes the map of every module as it loads, which cost a
 * cold start a tenth of a second and 15 MB of memory for traces that most processes never
 * print. Here a build file's map (thinned to a line per mapping by scripts/build-server.mjs)
 * is read the first time a trace passes through that file, and kept.
 */

/** A frame's location in the build: file URL, line, column. */
const BUILT_FRAME = /(file:\/\/\/\S*?\/dist\/server\/[^/\s:]+\.js):(\d+):(\d+)/;

const maps = new Map<string, SourceMap | null>();

function mapOf(fileUrl: string): SourceMap | null {
  let map = maps.get(fileUrl);
  if (map === undefined) {
    try {
      map = new SourceMap(JSON.parse(readFileSync(`${fileURLToPath(fileUrl)}.map`, 'utf8')) as SourceMapPayload);
    } catch {
      map = null; // no map beside it (or unreadable): the frame stays as it is
    }
    maps.set(fileUrl, map);
  }
  return map;
}

/** One frame's text, its build location replaced by the source's when the map knows it. */
export function sourceLocated(frame: string): string {
  return frame.replace(BUILT_FRAME, (whole, fileUrl: string, line: string, column: string) => {
    const origin = mapOf(fileUrl)?.findOrigin(Number(line), Number(column));
    if (!origin || !('fileName' in origin)) return whole;
    const source = fileURLToPath(new URL(origin.fileName, fileUrl));
    return `${source}:${origin.lineNumber}:${origin.columnNumber}`;
  });
}

/**
 * Installs the mapping for a process started from the build (`entryUrl`: the entry's
 * `import.meta.url`); a process run from the TypeScript sources, or with Node's own source
 * maps on, is left as it is.
 */
export function mapStackTraces(entryUrl: string): void {
  if (!BUILT_FRAME.test(`${entryUrl}:1:1`) || process.sourceMapsEnabled) return;
  Error.prepareStackTrace = (error: Error, frames: NodeJS.CallSite[]) => {
    let header: string;
    try {
      header = String(error);
    } catch {
      header = 'Error';
    }
    // V8's own text of each frame (its CallSite has a toString that Node's types leave out).
    const text = (frame: NodeJS.CallSite) => (frame as unknown as { toString(): string }).toString();
    return header + frames.map((frame) => `\n    at ${sourceLocated(text(frame))}`).join('');
  };
}
