import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { officeHref } from '../../../../src/lib/office-paths';
import { $api, type Schemas } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { asPage } from '../../api/pages';
import { useT } from '../../i18n/i18n';
import { useListParams } from '../../lib/use-search-params';
import { SendButton } from '../../ui/ApiForm';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FailureAlert } from '../../ui/FailureAlert';
import { NativeCheckbox } from '../../ui/NativeCheckbox';
import { LoadError, Loading, useTitle } from '../../ui/PageStates';
import { Pagination, pageCount } from '../../ui/Pagination';
import { useRecordTime } from '../../ui/RecordPage';
import { NOTIFICATION_LIST, notificationsQuery, PAGE_SIZES, TYPE_PREFIXES, type TypePrefix } from './notification-list';
import './notifications.css';

type Notification = Schemas['Notification'];

/**
 * /notifications: the signed-in person's notifications, newest first, page by page, filtered
 * to the unread ones or to one area's types. Each opens its screen (and is then read), is
 * marked read, or deleted after one more question; "Mark all read" empties the bell.
 */
export function NotificationsPage() {
  const t = useT();
  useTitle(t('notifications.title'));
  const [list, change] = useListParams(NOTIFICATION_LIST);
  const heading = useRef<HTMLHeadingElement>(null);
  const [said, setSaid] = useState('');
  const typeId = useId();
  const salon = $api.useQuery('get', '/api/public/salon-page');
  const when = useRecordTime(salon.data);
  const notifications = $api.useQuery(
    'get',
    '/api/notifications',
    { params: { query: notificationsQuery(list) } },
    { placeholderData: keepPreviousData },
  );
  const unread = $api.useQuery('get', '/api/notifications/unread-count');
  const readAll = useApiMutation('put', '/api/notifications/read-all', {
    onSuccess: (answer) => setSaid(t('notifications.readAll.done', { count: answer.updated })),
  });
  const page = notifications.data === undefined ? null : asPage(notifications.data);
  const filtered = list.unread === '1' || list.type !== '';

  // A page past the end (its last notification deleted, or an old link): the last page instead.
  const pages = page === null ? 1 : pageCount(page.total, list.size);
  useEffect(() => {
    if (page !== null && !notifications.isPlaceholderData && list.page > pages) change({ page: pages });
  }, [page, pages, list.page, notifications.isPlaceholderData, change]);

  const afterDelete = () => {
    setSaid(t('notifications.deleted'));
    // The deleted notification's buttons are gone: the focus goes back to the page's heading.
    heading.current?.focus();
  };

  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        {t('notifications.title')}
      </h1>
      <p className="notifications-links">
        <Link href={officeHref.notificationPreferences()}>{t('notifications.preferences.link')}</Link>
      </p>
      <div className="notifications-bar">
        <div role="group" aria-label={t('notifications.filters')} className="notifications-filters">
          <NativeCheckbox checked={list.unread === '1'} onChange={(checked) => change({ unread: checked ? '1' : '0' })}>
            {t('notifications.unreadOnly')}
          </NativeCheckbox>
          <div className="field notifications-type">
            <label htmlFor={typeId}>{t('notifications.type.label')}</label>
            <select
              id={typeId}
              value={list.type}
              onChange={(event) => change({ type: event.target.value as TypePrefix })}
            >
              {TYPE_PREFIXES.map((prefix) => (
                <option key={prefix} value={prefix}>
                  {t(`notifications.prefix.${prefix || 'all'}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <SendButton
          sending={readAll}
          variant="secondary"
          isDisabled={(unread.data?.count ?? 0) === 0}
          onSend={() => {
            setSaid('');
            readAll.mutate({});
          }}
        >
          {t('notifications.readAll')}
        </SendButton>
      </div>
      <FailureAlert error={readAll.error} />
      <p role="status" className="notifications-status">
        {said}
        {said && page ? ' ' : ''}
        {page === null || notifications.isPlaceholderData
          ? ''
          : t(filtered ? 'notifications.count.filtered' : 'notifications.count.all', { total: page.total })}
      </p>
      {notifications.isError && !page ? (
        <LoadError retry={() => void notifications.refetch()} />
      ) : page === null ? (
        <Loading />
      ) : page.data.length === 0 ? (
        <p className="notifications-empty">
          {filtered ? t('notifications.empty.filtered') : t('notifications.empty.none')}
        </p>
      ) : (
        <>
          <ul className="notifications-list" aria-busy={notifications.isPlaceholderData || undefined}>
            {page.data.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                when={when(notification.created_at)}
                onRead={() => setSaid(t('notifications.markedRead', { title: notification.title }))}
                onDeleted={afterDelete}
              />
            ))}
          </ul>
          <Pagination
            label={t('notifications.pages')}
            page={list.page}
            pageSize={list.size}
            total={page.total}
            pageSizes={PAGE_SIZES}
            onPageChange={(next) => change({ page: next })}
            onPageSizeChange={(size) => change({ size: size as (typeof PAGE_SIZES)[number] })}
          />
        </>
      )}
    </>
  );
}

function NotificationItem({
  notification,
  when,
  onRead,
  onDeleted,
}: {
  notification: Notification;
  when: string;
  onRead: () => void;
  onDeleted: () => void;
}) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  const markRead = useApiMutation('put', '/api/notifications/{id}/read', { onSuccess: onRead });
  const open = useApiMutation('put', '/api/notifications/{id}/read');
  const remove = useApiMutation('delete', '/api/notifications/{id}', {
    onSuccess: () => {
      setAsking(false);
      onDeleted();
    },
  });
  const unread = notification.is_read === 0;
  const params = { params: { path: { id: notification.id } } };
  return (
    <li className="notification" data-unread={unread || undefined}>
      <p className="notification-head">
        {unread && <span className="notification-unread">{t('notifications.unread')}</span>}
        <span className="notification-title">
          {notification.link ? (
            // Opening it reads it: the person has seen what it says.
            <Link href={notification.link} onClick={() => unread && open.mutate(params)}>
              {notification.title}
            </Link>
          ) : (
            notification.title
          )}
        </span>
      </p>
      <p className="notification-message">{notification.message}</p>
      <p className="notification-when">
        <time dateTime={notification.created_at.replace(' ', 'T')}>{when}</time>
      </p>
      <FailureAlert error={markRead.error} />
      <span className="notification-actions" role="group" aria-label={notification.title}>
        {unread && (
          <SendButton sending={markRead} variant="secondary" onSend={() => markRead.mutate(params)}>
            {t('notifications.markRead')}
          </SendButton>
        )}
        <Button variant="secondary" onPress={() => setAsking(true)}>
          {t('notifications.delete')}
        </Button>
      </span>
      <Dialog
        isOpen={asking}
        onOpenChange={setAsking}
        role="alertdialog"
        title={t('notifications.delete.title')}
        isDismissable={!remove.isPending}
      >
        <p>{t('notifications.delete.body', { title: notification.title })}</p>
        <FailureAlert error={remove.error} />
        <div className="actions">
          <SendButton sending={remove} onSend={() => remove.mutate(params)}>
            {t('notifications.delete.confirm')}
          </SendButton>
          <Button variant="secondary" isDisabled={remove.isPending} onPress={() => setAsking(false)}>
            {t('notifications.delete.keep')}
          </Button>
        </div>
      </Dialog>
    </li>
  );
}
