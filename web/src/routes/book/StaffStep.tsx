import { Radio, RadioGroup } from 'react-aria-components';
import { useT } from '../../i18n/i18n';
import { Loading } from '../../ui/PageStates';
import { useStaffMembers } from './staff-members';
import './staff-step.css';

/**
 * Step 2 (when the salon lets clients choose): anyone, or a member who performs every chosen
 * service, with their photo and short introduction where the salon set them. The photo is
 * decorative (the name says who it is), so it has no text of its own for a screen reader.
 */
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
          <Radio key={member.id} value={String(member.id)} className="radio staff-choice">
            {member.photo_url && (
              <img className="staff-photo" src={member.photo_url} alt="" width={48} height={48} loading="lazy" />
            )}
            <span className="staff-words">
              <span className="staff-name">{member.name}</span>
              {member.bio && <span className="staff-bio">{member.bio}</span>}
            </span>
          </Radio>
        ))}
      </RadioGroup>
    </section>
  );
}
