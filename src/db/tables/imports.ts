import type { Generated } from 'kysely';

/** The history of imports (migration 0063): one row per file imported for real. Instants are UTC ISO text. */
export interface ImportRunsTable {
  id: Generated<number>;
  kind: 'clients' | 'services' | 'products';
  preset: string;
  /** The uploaded file's name; '' when unknown. */
  file_name: Generated<string>;
  /** Who imported it; null from the command line. */
  user_id: number | null;
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
  created_at: string;
}
