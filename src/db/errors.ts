/** True for a unique-constraint violation on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * True when a row is still referenced by another (or a reference points nowhere), on either
 * engine. SQLite reports an ON DELETE RESTRICT key through its trigger machinery
 * (SQLITE_CONSTRAINT_TRIGGER) and a NO ACTION key as SQLITE_CONSTRAINT_FOREIGNKEY; both
 * say "FOREIGN KEY constraint failed".
 */
export function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return true;
  return code === 'SQLITE_CONSTRAINT_TRIGGER' && typeof message === 'string' && message.includes('FOREIGN KEY');
}
