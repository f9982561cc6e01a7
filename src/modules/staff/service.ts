/*
 * The staff module's service, split by subject: members (members.ts), the roster of shifts and
 * default shifts (roster.ts), time off (time-off.ts), the services each member performs
 * (performed.ts), their photo (photo.ts). Other modules import from here only.
 */
export { createStaffMember, deleteStaffMember, listStaff, lockActiveStaff, updateStaffMember } from './members.js';
export {
  applyDefaults,
  APPLY_MAX_DAYS,
  createShift,
  deleteDefaultShifts,
  deleteShift,
  listDefaultShifts,
  listShifts,
  saveWeek,
  updateShift,
} from './roster.js';
export { getStaffServices, replaceStaffServices } from './performed.js';
export { createTimeOff, deleteTimeOff, listTimeOff } from './time-off.js';
export { deletePhoto, PHOTO_MAX_BYTES, PHOTO_TYPES, photoPath, readPhoto, uploadPhoto } from './photo.js';
