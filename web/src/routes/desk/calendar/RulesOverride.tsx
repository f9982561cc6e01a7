import { useT } from '../../../i18n/i18n';
import { Checkbox } from '../../../ui/Checkbox';
import { brokenRules } from './refusals';

/**
 * The desk's rules a refused booking or move broke, all listed as the API named them, with the
 * override the API allows: ticked, the next save says `override: true`.
 */
export function RulesOverride({
  error,
  override,
  onOverride,
}: {
  error: unknown;
  override: boolean;
  onOverride: (override: boolean) => void;
}) {
  const t = useT();
  const rules = brokenRules(error);
  if (rules.length === 0 && !override) return null;
  return (
    <div className="rules">
      {rules.length > 0 && (
        <>
          <p>{t('calendar.rules.broken')}</p>
          <ul>
            {rules.map((rule) => (
              <li key={rule}>{t(rule)}</li>
            ))}
          </ul>
        </>
      )}
      <Checkbox isSelected={override} onChange={onOverride}>
        {t('calendar.rules.override')}
      </Checkbox>
    </div>
  );
}
