// With its extension: the unit tests (web/test) load this file under node.
import { answerOf } from '../../../../api/errors.js';

/*
 * A visit's or a series' refusal names the booking it is about in its `details`: a visit's move
 * the part (`parts[i]`, i its place in the visit), a series' move every occurrence refused
 * (`occurrences[k]`, the message "<start>: <code> <words>"). The panel says which.
 */

/** The place in the visit (`visit_position`) of the part a refused visit move names; null when none. */
export function refusedPart(error: unknown): number | null {
  for (const detail of answerOf(error)?.body?.details ?? []) {
    const match = /^parts\[(\d+)\]$/.exec(detail.field);
    if (match) return Number(match[1]);
  }
  return null;
}

/** One occurrence of a series that could not be moved: its start (wall clock) and the rule's code. */
export interface RefusedOccurrence {
  startAt: string;
  code: string;
}

/** The occurrences a 409 `series_conflicts` names, in its order; empty for any other failure. */
export function refusedOccurrences(error: unknown): RefusedOccurrence[] {
  const answer = answerOf(error);
  if (answer?.status !== 409 || answer.code !== 'series_conflicts') return [];
  return (answer.body?.details ?? []).flatMap((detail) => {
    const match = /^(\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(?::\d{2})?): (\S+)/.exec(detail.message);
    return /^occurrences\[\d+\]$/.test(detail.field) && match
      ? [{ startAt: match[1]!.replace('T', ' '), code: match[2]! }]
      : [];
  });
}
