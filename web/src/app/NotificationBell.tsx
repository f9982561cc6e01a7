import { Link, useLocation } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { officeHref } from '../../../src/lib/office-paths';
import { $api } from '../api/client';
import { useT } from '../i18n/i18n';
import './bell.css';

/**
 * How often the bell asks for the count while the page is in view: a new notification shows
 * within 2 s. Polling rather than the booking stream: notifications come from every module
 * (stock, payments, campaigns, the waitlist), not only from bookings, and the stream is open
 * only where bookings are shown. The question is one indexed count of the person's own unread
 * rows, under 1 ms of the service's CPU (20 desks: about 1% of a core), and a hidden tab does
 * not ask (docs/web.md, "Notifications").
 */
const UNREAD_POLL_MS = 1500;

/** Above this the badge says "99+": the bell's name still says the whole number. */
const BADGE_MAX = 99;

/**
 * The header's bell: a link to the notifications page, its name saying how many are unread
 * ("Notifications, 3 unread"), with a badge for the eye. The count is asked again every
 * UNREAD_POLL_MS while the page is in view, and at once
 * after anything this browser changes in the inbox (api/invalidations.ts).
 */
export function NotificationBell() {
  const t = useT();
  const [location] = useLocation();
  const unread = $api.useQuery('get', '/api/notifications/unread-count', {}, { refetchInterval: UNREAD_POLL_MS });
  const count = unread.data?.count ?? 0;
  const href = officeHref.notifications();
  return (
    <Link
      href={href}
      className="bell"
      aria-label={t('office.bell.label', { count })}
      aria-current={location === href ? 'page' : undefined}
      data-unread={count > 0 || undefined}
    >
      <svg className="bell-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 3a6 6 0 0 0-6 6v3.6L4.3 15.3A1 1 0 0 0 5.1 17h13.8a1 1 0 0 0 .8-1.7L18 12.6V9a6 6 0 0 0-6-6Z" />
        <path d="M9.5 19a2.5 2.5 0 0 0 5 0" />
      </svg>
      {count > 0 && (
        <span className="bell-badge" aria-hidden="true">
          {count > BADGE_MAX ? `${BADGE_MAX}+` : count}
        </span>
      )}
    </Link>
  );
}
