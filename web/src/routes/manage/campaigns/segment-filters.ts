import type { Schemas } from '../../../api/client';

export type SegmentFilters = Schemas['Campaign']['segment_filters'];

/** The filters the audience form offers, each held as typed. */
export const NUMBER_FILTERS = [
  'last_visit_days_ago',
  'min_visits',
  'max_visits',
  'min_total_spent',
  'max_total_spent',
] as const;
export type NumberFilter = (typeof NUMBER_FILTERS)[number];
export const GENDERS = ['female', 'male', 'non_binary', 'other'] as const;

export interface FilterDraft {
  labels: string;
  gender: string;
  service_category_id: string;
  birthday_months: number[];
  numbers: Record<NumberFilter, string>;
}

/** The form's values from stored filters (a campaign's or a saved segment's). */
export function toFilterDraft(filters: SegmentFilters | undefined): FilterDraft {
  const f = filters ?? {};
  const numbers = Object.fromEntries(
    NUMBER_FILTERS.map((name) => [name, typeof f[name] === 'number' ? String(f[name]) : '']),
  ) as Record<NumberFilter, string>;
  return {
    labels: (f.labels ?? []).join(', '),
    gender: typeof f.gender === 'string' && f.gender !== '' ? f.gender : '',
    service_category_id: typeof f.service_category_id === 'number' ? String(f.service_category_id) : '',
    birthday_months: [...(f.birthday_months ?? [])],
    numbers,
  };
}

/** A number as typed: the number, or the text itself when it is not one (the service refuses it on its field). */
function typed(value: string): number | undefined {
  const trimmed = value.trim().replace(',', '.');
  if (trimmed === '') return undefined;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : (trimmed as unknown as number);
}

/** The filters as the API takes them: empty ones left out (no condition). */
export function toFilters(draft: FilterDraft): SegmentFilters {
  const out: Record<string, unknown> = {};
  const labels = draft.labels
    .split(',')
    .map((label) => label.trim())
    .filter(Boolean);
  if (labels.length > 0) out.labels = labels;
  if (draft.gender) out.gender = draft.gender;
  if (draft.service_category_id) out.service_category_id = Number(draft.service_category_id);
  if (draft.birthday_months.length > 0) out.birthday_months = [...draft.birthday_months].sort((a, b) => a - b);
  for (const name of NUMBER_FILTERS) {
    const value = typed(draft.numbers[name]);
    if (value !== undefined) out[name] = value;
  }
  return out;
}
