/** A hash shown compactly: its first and last characters, enough to see one entry point at the next. */
export function shortHash(hash: string): string {
  return hash.length <= 16 ? hash : `${hash.slice(0, 8)}…${hash.slice(-4)}`;
}
