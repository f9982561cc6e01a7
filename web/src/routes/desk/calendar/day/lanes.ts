/*
 * Bookings of one column that overlap in time are drawn side by side, each in a lane. A pure
 * function of the bookings' times, so that it is tested on its own and the grid only places.
 */

/** A booking's place in its column's day, in minutes from midnight: [start, end). */
export interface Span {
  id: number;
  start: number;
  end: number;
}

/** Which lane a booking takes (from 0) and how many lanes its group of overlapping bookings has. */
export interface LanePlace {
  lane: number;
  lanes: number;
}

/**
 * The lanes of a column's bookings. Bookings that overlap, directly or through a chain of others,
 * form a group that shares its width; each takes the first lane free at its start (the earliest
 * first, the longer first at one start, then by id, so a redraw never reorders them). Touching
 * ends (10:00–10:30 and 10:30–11:00) do not overlap: both keep the whole width.
 */
export function layoutLanes(spans: readonly Span[]): Map<number, LanePlace> {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end || a.id - b.id);
  const places = new Map<number, LanePlace>();
  let group: { id: number; lane: number }[] = [];
  let laneEnds: number[] = [];
  let groupEnd = -Infinity;
  const closeGroup = () => {
    for (const member of group) places.set(member.id, { lane: member.lane, lanes: laneEnds.length });
    group = [];
    laneEnds = [];
  };
  for (const span of sorted) {
    if (span.start >= groupEnd) closeGroup();
    let lane = laneEnds.findIndex((end) => end <= span.start);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(span.end);
    } else {
      laneEnds[lane] = span.end;
    }
    group.push({ id: span.id, lane });
    groupEnd = group.length === 1 ? span.end : Math.max(groupEnd, span.end);
  }
  closeGroup();
  return places;
}
