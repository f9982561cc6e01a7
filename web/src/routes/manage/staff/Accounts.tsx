import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { officeHref } from '../../../../../src/lib/office-paths';
import { $api, type Schemas } from '../../../api/client';
import { asPage } from '../../../api/pages';
import { useT } from '../../../i18n/i18n';
import { ListTable, type ListColumn } from '../../../ui/ListTable';

type User = Schemas['User'];

const PAGE_SIZES = [25, 50, 100] as const;

/**
 * Who can sign in to the office (GET /api/auth/users, admins only): every account newest first,
 * page by page, with its role and whether it signs in still (a deactivated member's account
 * stays, but cannot sign in); a row opens the member's page. Whether an account is active is the staff list's `active`, which
 * the page has already read.
 */
export function Accounts({ members }: { members: readonly Schemas['StaffListItem'][] }) {
  const t = useT();
  const [, navigate] = useLocation();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(PAGE_SIZES[0]);
  const users = $api.useQuery(
    'get',
    '/api/auth/users',
    { params: { query: { page, limit: size } } },
    { placeholderData: keepPreviousData },
  );
  const listed = users.data === undefined ? null : asPage(users.data);
  const active = new Map(members.map((member) => [member.id, member.active !== 0]));
  const columns: ListColumn<User>[] = [
    {
      id: 'name',
      name: t('manage.staff.name'),
      isRowHeader: true,
      cell: (user) => user.name,
    },
    { id: 'email', name: t('manage.staff.email'), cell: (user) => user.email },
    { id: 'role', name: t('manage.staff.role'), cell: (user) => t('manage.staff.roleOf', { role: user.role }) },
    {
      id: 'signIn',
      name: t('manage.staff.accounts.signIn'),
      cell: (user) => (active.get(user.id) === false ? t('manage.staff.accounts.no') : t('manage.staff.accounts.yes')),
    },
  ];
  return (
    <section className="staff-section" aria-labelledby="staff-accounts">
      <h2 id="staff-accounts">{t('manage.staff.accounts.title')}</h2>
      <p>{t('manage.staff.accounts.help')}</p>
      <ListTable<User>
        label={t('manage.staff.accounts.title')}
        columns={columns}
        rowKey={(user) => user.id}
        status={listed !== null ? 'success' : users.isError ? 'error' : 'pending'}
        rows={listed?.data ?? []}
        total={listed?.total ?? 0}
        isRefreshing={users.isPlaceholderData}
        onRetry={() => void users.refetch()}
        emptyText={t('manage.staff.accounts.empty')}
        sort={{ column: 'default', direction: 'descending' }}
        onSortChange={() => undefined}
        page={page}
        pageSize={size}
        pageSizes={PAGE_SIZES}
        onPageChange={setPage}
        onPageSizeChange={(next) => {
          setSize(next);
          setPage(1);
        }}
        onRowAction={(key) => navigate(officeHref.manageStaffMember(Number(key)))}
      />
    </section>
  );
}
