import { Radio, RadioGroup } from 'react-aria-components';
import type { Slot } from '../api/availability';
import { useT } from '../i18n/i18n';
import './times-by-part.css';

/** Parts of the day in the salon's time: before 12:00, 12:00 to 17:59, from 18:00. */
const PARTS = [
  { key: 'book.times.morning', from: 0, until: 12 },
  { key: 'book.times.afternoon', from: 12, until: 18 },
  { key: 'book.times.evening', from: 18, until: 24 },
] as const;

/**
 * A day's free times as ONE radio group (one Tab stop; the arrow keys move through every time
 * of the day, from one part into the next), its times grouped under "Morning", "Afternoon" and
 * "Evening", each group labelled by its heading so a screen reader names the part entered.
 */
export function TimesByPart({
  slots,
  value,
  onChange,
  labelledBy,
  headingLevel,
  label,
  span,
}: {
  slots: Slot[];
  value: Slot | null;
  onChange: (slot: Slot | null) => void;
  labelledBy: string;
  headingLevel: 3 | 4;
  /** The time as shown ("10:30"), and as said in full ("Thursday 26 November, 10:30 to 11:00"). */
  label: (start: string) => string;
  span: (start: string, end: string) => string;
}) {
  const t = useT();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const parts = PARTS.map((part) => {
    // start_at is the salon's wall clock, `YYYY-MM-DD HH:MM:SS`: its hour says the part.
    const times = slots.filter((slot) => {
      const hour = Number(slot.start_at.slice(11, 13));
      return hour >= part.from && hour < part.until;
    });
    return { ...part, times };
  }).filter((part) => part.times.length > 0);

  return (
    <RadioGroup
      aria-labelledby={labelledBy}
      className="times-by-part"
      value={value?.start_at ?? null}
      onChange={(start) => onChange(slots.find((candidate) => candidate.start_at === start) ?? null)}
    >
      {parts.map((part) => {
        const id = `${labelledBy}-${part.key.slice(11)}`;
        return (
          <div key={part.key} role="group" aria-labelledby={id}>
            <Heading id={id}>{t(part.key)}</Heading>
            <div className="radio-list">
              {part.times.map((candidate) => (
                <Radio
                  key={candidate.start_at}
                  value={candidate.start_at}
                  className="radio"
                  aria-label={span(candidate.start_at, candidate.end_at)}
                >
                  {label(candidate.start_at)}
                </Radio>
              ))}
            </div>
          </div>
        );
      })}
    </RadioGroup>
  );
}
