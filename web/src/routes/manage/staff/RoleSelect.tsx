import { useId } from 'react';
import { useT } from '../../../i18n/i18n';

/** The role field (`role`): staff, or admin (manages the salon). */
export function RoleSelect({ defaultValue = 'staff' }: { defaultValue?: 'admin' | 'staff' }) {
  const t = useT();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t('manage.staff.role')}</label>
      <select id={id} name="role" defaultValue={defaultValue}>
        <option value="staff">{t('manage.staff.roleOf', { role: 'staff' })}</option>
        <option value="admin">{t('manage.staff.roleOf', { role: 'admin' })}</option>
      </select>
    </div>
  );
}
