import {
  byPreference,
  DAY,
  firstReason,
  memberReason,
  minutesFrom,
  prepare,
  startReason,
  wallClock,
  type DayInput,
  type Interval,
  type Judge,
  type Member,
  type Processing,
  type Refusal,
  type Work,
} from './engine.js';

/*
 * A visit: several services in order for one client, each part starting when the previous one
 * ends (the client stays through processing time). Each part is done by its chosen member, or
 * by the free member who performs it that the salon's anyone rule prefers (anyone-rule.ts). The same member may do
 * consecutive parts; their busy parts inside the visit must not intersect, and resources are
 * counted across the parts as across other bookings. Pure, like engine.ts.
 */

export interface VisitPartInput {
  serviceId: number;
  /** The resources the service needs. */
  resourceIds: number[];
  /** Who may do this part: the chosen member, or every performer, with their duration. */
  performers: Array<{ staffId: number; durationMin: number; processing: Processing | null }>;
}

export interface VisitInput extends Omit<DayInput, 'durationMin'> {
  /** Every member any part may use, with their working time and bookings. */
  staff: DayInput['staff'];
  parts: VisitPartInput[];
}

export interface PlacedPart {
  serviceId: number;
  staffId: number;
  startAt: string;
  endAt: string;
  processingStartAt: string | null;
  processingEndAt: string | null;
}

export type VisitVerdict = { ok: true; parts: PlacedPart[] } | { ok: false; part: number; reason: Refusal };

export interface VisitSlot {
  start_at: string;
  end_at: string;
  parts: Array<{ service_id: number; staff_id: number; start_at: string; end_at: string }>;
}

interface Placement {
  member: Member;
  work: Work;
}

/**
 * Choices tried per start before giving up: members are tried in order of preference and a
 * later part that fits nobody makes the search try the next member of an earlier part, a few
 * times at most, so a busy day with many staff stays cheap.
 */
const SEARCH_BUDGET = 64;

function place(
  judge: Judge,
  input: VisitInput,
  start: number,
  skip: ReadonlySet<Refusal>,
): { ok: true; placed: Placement[] } | { ok: false; part: number; reason: Refusal } {
  const reason = startReason(judge, start, skip);
  if (reason) return { ok: false, part: 0, reason };
  let budget = SEARCH_BUDGET;
  let deepest: { part: number; reason: Refusal } = { part: 0, reason: 'closed' };
  const placed: Placement[] = [];
  // Parts that fit nobody at a time whatever the visit placed before them: another choice of
  // an earlier member that reaches the same part at the same time need not try again.
  const hopeless = new Set<string>();

  const search = (index: number, at: number): boolean => {
    if (index === input.parts.length) return true;
    if (hopeless.has(`${index}:${at}`)) return false;
    const part = input.parts[index]!;
    const reasons = new Set<Refusal>();
    const free: Placement[] = [];
    let dependsOnVisit = false;
    for (const performer of part.performers) {
      const member = judge.members.get(performer.staffId);
      if (!member) continue;
      const processing = performer.processing;
      const work: Work = {
        start: at,
        end: at + performer.durationMin,
        processing: processing ? { start: at + processing.startMin, end: at + processing.endMin } : null,
        resourceIds: part.resourceIds,
      };
      const ownBusy: Interval[] = [];
      const ownHolds = new Map<number, Interval[]>();
      for (const earlier of placed) {
        if (earlier.member.id === member.id) ownBusy.push(...busyOfWork(earlier.work));
        if (part.resourceIds.length === 0) continue;
        for (const id of earlier.work.resourceIds) {
          ownHolds.set(id, [...(ownHolds.get(id) ?? []), { start: earlier.work.start, end: earlier.work.end }]);
        }
      }
      const why = memberReason(judge, member, work, skip, ownBusy, ownHolds);
      if (why === null) free.push({ member, work });
      else {
        reasons.add(why);
        if (!dependsOnVisit && (ownBusy.length > 0 || ownHolds.size > 0)) {
          dependsOnVisit = memberReason(judge, member, work, skip) === null;
        }
      }
    }
    if (free.length === 0) {
      if (index >= deepest.part) deepest = { part: index, reason: firstReason(reasons) };
      if (!dependsOnVisit) hopeless.add(`${index}:${at}`);
      return false;
    }
    free.sort((a, b) => byPreference(judge, a, b));
    for (const choice of free) {
      if (budget <= 0) return false;
      budget -= 1;
      placed.push(choice);
      if (search(index + 1, choice.work.end)) return true;
      placed.pop();
    }
    return false;
  };

  return search(0, start) ? { ok: true, placed } : { ok: false, ...deepest };
}

function busyOfWork(work: Work): Interval[] {
  if (!work.processing) return [{ start: work.start, end: work.end }];
  return [
    { start: work.start, end: work.processing.start },
    { start: work.processing.end, end: work.end },
  ].filter((part) => part.end > part.start);
}

/** Every start at which the whole visit fits, ascending, with the member of each part. */
export function visitSlots(input: VisitInput): VisitSlot[] {
  const judge = prepare(input);
  if (judge.bounds.dateReasons.length > 0 || input.parts.length === 0) return [];
  const none = new Set<Refusal>();
  const slots: VisitSlot[] = [];
  for (let start = 0; start < DAY; start += judge.step) {
    const result = place(judge, input, start, none);
    if (!result.ok) continue;
    slots.push({
      start_at: wallClock(input.date, start),
      end_at: wallClock(input.date, result.placed[result.placed.length - 1]!.work.end),
      parts: result.placed.map((placement, index) => ({
        service_id: input.parts[index]!.serviceId,
        staff_id: placement.member.id,
        start_at: wallClock(input.date, placement.work.start),
        end_at: wallClock(input.date, placement.work.end),
      })),
    });
  }
  return slots;
}

/**
 * Whether the visit may start at `startAt`, and who does each part: exactly the choice
 * visitSlots offers for that start. Otherwise the index of the part that cannot be placed and
 * why. `ignore` names rules the desk may skip (never `taken` nor `resource_full`).
 */
export function judgeVisitStart(input: VisitInput, startAt: string, ignore: readonly Refusal[] = []): VisitVerdict {
  const skip = new Set(ignore);
  if (startAt.slice(17, 19) !== '00' && !skip.has('off_grid')) return { ok: false, part: 0, reason: 'off_grid' };
  const judge = prepare(input);
  if (input.parts.length === 0) return { ok: false, part: 0, reason: 'closed' };
  const result = place(judge, input, minutesFrom(input.date, startAt), skip);
  if (!result.ok) return result;
  return {
    ok: true,
    parts: result.placed.map((placement, index) => ({
      serviceId: input.parts[index]!.serviceId,
      staffId: placement.member.id,
      startAt: wallClock(input.date, placement.work.start),
      endAt: wallClock(input.date, placement.work.end),
      processingStartAt: placement.work.processing ? wallClock(input.date, placement.work.processing.start) : null,
      processingEndAt: placement.work.processing ? wallClock(input.date, placement.work.processing.end) : null,
    })),
  };
}
