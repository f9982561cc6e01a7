/*
 * What other modules may use of the campaigns module (the house rule: a module reaches
 * another only through its service.ts). The bookings module starts follow-up sequences on a
 * completed visit and runs their jobs, and schedules product recommendations.
 */
export { automationAllowed, followupSchedule, sendFollowupStep } from './followups.js';
export { RECOMMENDATION_DELAY_MS } from './recommendations.js';
export { registerCampaignEmailTemplate } from './email-template.js';
