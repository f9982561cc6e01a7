import { Radio, RadioGroup } from 'react-aria-components';
import { useT } from '../../i18n/i18n';
import { Loading } from '../../ui/PageStates';
import { useStaffMembers } from './staff-members';

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
  const members = useStaffMembers(serviceIds);
  if (members === undefined) return <Loading />;

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
