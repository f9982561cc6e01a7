import type { ColumnDefinitionBuilder } from 'kysely';
import type { Dialect } from '../connection.js';

/** An auto-generated integer primary key on either engine. */
export function primaryId(dialect: Dialect) {
  return (column: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey().autoIncrement();
}
