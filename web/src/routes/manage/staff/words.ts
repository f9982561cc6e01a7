import type { PageWords } from '../../../ui/FailureAlert';

/** The staff section's rules as the service names them, in the section's words. */
export const STAFF_WORDS: PageWords = {
  codes: {
    last_admin: 'manage.staff.code.last_admin',
    staff_in_use: 'manage.staff.code.staff_in_use',
    shift_overlap: 'manage.staff.code.shift_overlap',
    holiday_exists: 'manage.staff.code.holiday_exists',
    unsupported_media_type: 'manage.staff.photo.wrongType',
    payload_too_large: 'manage.staff.photo.tooLarge',
    unknown_staff: 'manage.staff.code.unknown_staff',
  },
};
