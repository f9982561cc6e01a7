import { useState } from 'react';
import { Link, useLocation } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { officeHref } from '../../../../../src/lib/office-paths';
import { $api, type Schemas } from '../../../api/client';
import { useT } from '../../../i18n/i18n';
import { Button } from '../../../ui/Button';
import { FailureAlert } from '../../../ui/FailureAlert';
import { Loading, LoadError, useTitle } from '../../../ui/PageStates';
import { useMoney } from '../../../ui/RecordPage';
import { CategoryDialog } from './CategoryDialog';
import { NewServiceDialog } from './NewServiceDialog';
import { OrderedList } from './OrderedList';
import { useReorder } from './use-reorder';

type Category = Schemas['ServiceCategory'];
type Service = Schemas['Service'];

/**
 * /manage/services: the categories and the services in the salon's order (the order the
 * booking page and the desk list them in), each list reordered by dragging or by keyboard; a
 * new category or service; a service's own page for the rest.
 */
export function ServicesPage() {
  const t = useT();
  useTitle(t('manage.services.title'));
  const categories = $api.useQuery('get', '/api/services/categories');
  const services = $api.useQuery('get', '/api/services');
  const salon = $api.useQuery('get', '/api/public/salon-info');
  const [announced, setAnnounced] = useState('');

  const body = () => {
    if (categories.isError || services.isError || salon.isError)
      return (
        <LoadError
          retry={() => {
            void categories.refetch();
            void services.refetch();
            void salon.refetch();
          }}
        />
      );
    if (!categories.data || !services.data || !salon.data) return <Loading />;
    return (
      <>
        <Categories categories={categories.data} onMoved={setAnnounced} />
        <Services
          services={services.data}
          categories={categories.data}
          currency={salon.data.currency}
          onMoved={setAnnounced}
        />
      </>
    );
  };
  return (
    <div className="manage-services">
      <p className="manage-back">
        <Link href={officeHref.manage()}>{t('manage.services.back')}</Link>
      </p>
      <h1>{t('manage.services.title')}</h1>
      <p role="status" className="manage-announce">
        {announced}
      </p>
      {body()}
    </div>
  );
}

function Categories({ categories, onMoved }: { categories: Category[]; onMoved: (text: string) => void }) {
  const t = useT();
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const { shown, reorder, write } = useReorder('categories', categories);
  return (
    <section aria-labelledby="manage-categories" className="manage-block">
      <div className="manage-block-head">
        <h2 id="manage-categories">{t('manage.services.categories')}</h2>
        <Button variant="secondary" onPress={() => setEditing('new')}>
          {t('manage.services.newCategory')}
        </Button>
      </div>
      <FailureAlert error={write.error} />
      {categories.length === 0 ? (
        <p>{t('manage.services.noCategories')}</p>
      ) : (
        <>
          <p className="description">{t('manage.services.reorderHelp')}</p>
          <OrderedList
            label={t('manage.services.categories')}
            items={shown ?? []}
            textOf={(category) => category.name}
            onReorder={(ids, [movedId]) => {
              reorder(ids);
              const moved = categories.find((category) => category.id === movedId);
              if (moved)
                onMoved(
                  t('manage.services.moved', { name: moved.name, place: ids.indexOf(moved.id) + 1, count: ids.length }),
                );
            }}
          >
            {(category) => (
              <>
                <span className="category-swatch" style={{ background: category.color }} aria-hidden="true" />
                <span className="ordered-name">{category.name}</span>
                <Button variant="secondary" onPress={() => setEditing(category)}>
                  {t('manage.services.editCategory', { name: category.name })}
                </Button>
              </>
            )}
          </OrderedList>
        </>
      )}
      <CategoryDialog
        isOpen={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        category={editing === 'new' || editing === null ? undefined : editing}
        nextPosition={Math.max(-1, ...categories.map((category) => category.position)) + 1}
      />
    </section>
  );
}

function Services({
  services,
  categories,
  currency,
  onMoved,
}: {
  services: Service[];
  categories: Category[];
  currency: string;
  onMoved: (text: string) => void;
}) {
  const t = useT();
  const money = useMoney(currency);
  const [, navigate] = useLocation();
  const [creating, setCreating] = useState(false);
  const { shown, reorder, write } = useReorder('services', services);
  return (
    <section aria-labelledby="manage-service-list" className="manage-block">
      <div className="manage-block-head">
        <h2 id="manage-service-list">{t('manage.services.services')}</h2>
        <Button onPress={() => setCreating(true)}>{t('manage.services.newService')}</Button>
      </div>
      <FailureAlert error={write.error} />
      {services.length === 0 ? (
        <p>{t('manage.services.noServices')}</p>
      ) : (
        <OrderedList
          label={t('manage.services.services')}
          items={shown ?? []}
          textOf={(service) => service.name}
          onReorder={(ids, [movedId]) => {
            reorder(ids);
            const moved = services.find((service) => service.id === movedId);
            if (moved)
              onMoved(
                t('manage.services.moved', { name: moved.name, place: ids.indexOf(moved.id) + 1, count: ids.length }),
              );
          }}
        >
          {(service) => (
            <>
              <span
                className="category-swatch"
                style={{ background: service.category_color ?? 'transparent' }}
                aria-hidden="true"
              />
              <span className="ordered-name">
                <Link href={officeHref.manageService(service.id)}>{service.name}</Link>
                <span className="ordered-meta">
                  {[
                    service.category_name ?? t('manage.services.noCategory'),
                    t('manage.services.minutes', { minutes: service.duration_min }),
                    money(service.price),
                  ].join(' · ')}
                </span>
                {service.online_bookable === 0 && (
                  <span className="service-office-only">{t('manage.services.officeOnly')}</span>
                )}
              </span>
            </>
          )}
        </OrderedList>
      )}
      <NewServiceDialog
        isOpen={creating}
        onOpenChange={setCreating}
        categories={categories}
        nextPosition={Math.max(-1, ...services.map((service) => service.position)) + 1}
        onSaved={(service) => navigate(officeHref.manageService(service.id))}
      />
    </section>
  );
}
