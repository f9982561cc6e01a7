import { useQueries } from '@tanstack/react-query';
import { Radio, RadioGroup } from 'react-aria-components';
import { publicStaffQuery } from '../../api/staff';
import { useT } from '../../i18n/i18n';
import { Loading } from '../../ui/PageStates';

/** Step 2 (when the salon lets clients choose): anyone, or a member who performs every chosen service. */
export function StaffStep({
  serviceIds,
  value,
  onChange,
}: {
  serviceIds: number[];
  value: number | null;
  onChange: (staffId: number | null) => void;
}) {
  const t = useT();
  const lists = useQueries({ queries: serviceIds.map((id) => publicStaffQuery(id)) });
  if (lists.some((list) => list.isPending)) return <Loading />;
  const [first = [], ...others] = lists.map((list) => list.data ?? []);
  const members = first.filter((member) => others.every((list) => list.some((other) => other.id === member.id)));

  return (
    <section className="step" aria-labelledby="step-staff">
      <h2 id="step-staff">{t('book.staff.title')}</h2>
      <RadioGroup
        aria-labelledby="step-staff"
        value={value === null ? 'any' : String(value)}
        onChange={(key) => onChange(key === 'any' ? null : Number(key))}
        className="radio-list"
      >
        <Radio value="any" className="radio">
          {t('book.staff.anyone')}
        </Radio>
        {members.map((member) => (
          <Radio key={member.id} value={String(member.id)} className="radio">
            {member.name}
          </Radio>
        ))}
      </RadioGroup>
    </section>
  );
}
