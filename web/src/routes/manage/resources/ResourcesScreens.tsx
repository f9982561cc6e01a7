import { useState } from 'react';
import { Link, Route, Switch, useLocation } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { OFFICE_ROUTES, officeHref } from '../../../../../src/lib/office-paths';
import { $api } from '../../../api/client';
import { errorStatus } from '../../../api/errors';
import { useT } from '../../../i18n/i18n';
import { Button } from '../../../ui/Button';
import { Loading, LoadError, NotFound, useTitle } from '../../../ui/PageStates';
import { ResourceDialog } from './ResourceDialog';
import './resources.css';

/** /manage/resources: one lazy chunk, opened from /manage. */
export default function ResourcesScreens() {
  return (
    <Switch>
      {/* The list and a resource's address render the same page, kept (not mounted anew) between the two. */}
      <Route path={OFFICE_ROUTES.manageResources}>
        <ResourcesPage />
      </Route>
      <Route path={OFFICE_ROUTES.manageResource}>
        {(params: { id: string }) =>
          /^[1-9]\d{0,9}$/.test(params.id) ? <ResourcesPage id={Number(params.id)} /> : <NotFound />
        }
      </Route>
      <Route component={NotFound} />
    </Switch>
  );
}

/**
 * The rooms and equipment bookings hold (a colour bar with two basins, a treatment room): each
 * with how many bookings may hold it at once and the services that need it; new, edited,
 * deleted (archived instead while bookings hold it). The one edited is in the address
 * (/manage/resources/7) and read by its id, so the link opens its form after a reload too.
 */
function ResourcesPage({ id }: { id?: number }) {
  const t = useT();
  useTitle(t('manage.resources.title'));
  const resources = $api.useQuery('get', '/api/resources');
  const services = $api.useQuery('get', '/api/services');
  const [creating, setCreating] = useState(false);
  const [, navigate] = useLocation();
  const opened = $api.useQuery(
    'get',
    '/api/resources/{id}',
    { params: { path: { id: id ?? 0 } } },
    { enabled: id !== undefined, retry: false },
  );
  const edited = id === undefined ? undefined : opened.data;
  const [done, setDone] = useState('');

  const body = () => {
    if (resources.isError || services.isError)
      return (
        <LoadError
          retry={() => {
            void resources.refetch();
            void services.refetch();
          }}
        />
      );
    if (!resources.data || !services.data) return <Loading />;
    if (resources.data.length === 0) return <p>{t('manage.resources.none')}</p>;
    const serviceName = new Map(services.data.map((service) => [service.id, service.name]));
    return (
      <table className="resources-table">
        <caption className="visually-hidden">{t('manage.resources.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('manage.resources.field.name')}</th>
            <th scope="col">{t('manage.resources.field.capacity')}</th>
            <th scope="col">{t('manage.resources.field.services')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('manage.resources.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {resources.data.map((resource) => (
            <tr key={resource.id}>
              <th scope="row">{resource.name}</th>
              <td>{resource.capacity}</td>
              <td>
                {resource.service_ids
                  .map((id) => serviceName.get(id))
                  .filter(Boolean)
                  .join(', ') || t('manage.resources.noServices')}
              </td>
              <td>
                <Button variant="secondary" onPress={() => navigate(officeHref.manageResource(resource.id))}>
                  {t('manage.resources.edit', { name: resource.name })}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  };

  return (
    <div className="manage-resources">
      <p className="manage-back">
        <Link href={officeHref.manage()}>{t('manage.resources.back')}</Link>
      </p>
      <div className="manage-block-head">
        <h1>{t('manage.resources.title')}</h1>
        <Button onPress={() => setCreating(true)}>{t('manage.resources.new')}</Button>
      </div>
      <p className="description">{t('manage.resources.help')}</p>
      <p role="status" className="manage-announce">
        {done}
      </p>
      {body()}
      {id !== undefined &&
        opened.isError &&
        (errorStatus(opened.error) === 404 ? (
          <p role="alert" className="notice">
            {t('manage.resources.missing')} {t('record.missing')}
          </p>
        ) : (
          <LoadError retry={() => void opened.refetch()} />
        ))}
      <ResourceDialog
        isOpen={creating || edited !== undefined}
        onOpenChange={(open) => {
          if (open) return;
          setCreating(false);
          if (id !== undefined) navigate(officeHref.manageResources());
        }}
        resource={creating ? undefined : edited}
        services={services.data ?? []}
        onDone={setDone}
      />
    </div>
  );
}
