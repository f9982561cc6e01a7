import type { DeskSettings } from '../desk-settings';
import { clockText } from './clock-text';
import { clockOfMinutes } from './time-grid';

/** The grid's first column: the hours (and the first row's time), kept in view while scrolling across. */
export function TimeAxis({
  slots,
  range,
  settings,
}: {
  slots: readonly number[];
  range: { start: number; end: number };
  settings: DeskSettings;
}) {
  return (
    <div className="day-axis" aria-hidden="true">
      <div className="day-head" />
      <div className="day-body">
        {slots.map((minute) =>
          minute % 60 === 0 || minute === range.start ? (
            <span
              key={minute}
              className="day-hour"
              style={{ top: `calc(var(--slot-height) * ${(minute - range.start) / settings.slotMinutes})` }}
            >
              {clockText(clockOfMinutes(minute), settings.locale, settings.timeFormat)}
            </span>
          ) : null,
        )}
      </div>
    </div>
  );
}
