import { useState } from 'react';
import { Link } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { officeHref } from '../../../../../src/lib/office-paths';
import type { Schemas } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { useT } from '../../../i18n/i18n';
import { ApiForm, fieldText, SendButton, SubmitButton } from '../../../ui/ApiForm';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { FailureAlert } from '../../../ui/FailureAlert';
import { LoadError, Loading, useTitle } from '../../../ui/PageStates';
import { TextField } from '../../../ui/TextField';
import { useCategories } from '../stock-data';

type Category = Schemas['ProductCategory'];

/**
 * /manage/products/categories: the product categories in their order, each renamed, recoloured
 * or deleted (its products stay, without a category), and a new one added at the end.
 */
export function CategoriesPage() {
  const t = useT();
  useTitle(t('manage.products.categories.title'));
  const categories = useCategories();
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const remove = useApiMutation('delete', '/api/inventory/categories/{id}', { onSuccess: () => setDeleting(null) });
  return (
    <>
      <p className="stock-back">
        <Link href={officeHref.manageProducts()}>{t('manage.products.back')}</Link>
      </p>
      <div className="stock-heading">
        <h1>{t('manage.products.categories.title')}</h1>
        <Button onPress={() => setEditing('new')}>{t('manage.products.categories.new')}</Button>
      </div>
      {categories.isError ? (
        <LoadError retry={() => void categories.refetch()} />
      ) : categories.data === undefined ? (
        <Loading />
      ) : categories.data.length === 0 ? (
        <p>{t('manage.products.categories.empty')}</p>
      ) : (
        <ul className="stock-categories">
          {categories.data.map((category) => (
            <li key={category.id}>
              <span className="stock-swatch" style={{ background: category.color }} aria-hidden="true" />
              <span className="stock-category-name">{category.name}</span>
              <Button variant="secondary" onPress={() => setEditing(category)}>
                {t('manage.products.categories.edit', { name: category.name })}
              </Button>
              <Button variant="secondary" onPress={() => setDeleting(category)}>
                {t('manage.products.categories.delete', { name: category.name })}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {editing !== null && (
        <CategoryDialog category={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
      <Dialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}
        title={t('manage.products.categories.deleteTitle', { name: deleting?.name ?? '' })}
        role="alertdialog"
        isDismissable={!remove.isPending}
      >
        <p>{t('manage.products.categories.deleteBody')}</p>
        <FailureAlert error={remove.error} />
        <div className="actions">
          <SendButton
            sending={remove}
            onSend={() => deleting && remove.mutate({ params: { path: { id: deleting.id } } })}
          >
            {t('manage.products.delete.confirm')}
          </SendButton>
          <Button variant="secondary" onPress={() => !remove.isPending && setDeleting(null)}>
            {t('manage.products.form.cancel')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}

function CategoryDialog({ category, onClose }: { category?: Category; onClose: () => void }) {
  const t = useT();
  const create = useApiMutation('post', '/api/inventory/categories', { onSuccess: onClose });
  const update = useApiMutation('put', '/api/inventory/categories/{id}', { onSuccess: onClose });
  const sending = category ? update : create;
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && !sending.isPending && onClose()}
      title={category ? t('manage.products.categories.editTitle') : t('manage.products.categories.new')}
      isDismissable={!sending.isPending}
    >
      <ApiForm
        sending={sending}
        className="stock-form"
        onSubmit={(form) => {
          const body = { name: fieldText(form, 'name'), color: fieldText(form, 'color').toLowerCase() };
          if (category) update.mutate({ params: { path: { id: category.id } }, body });
          else create.mutate({ body });
        }}
      >
        <TextField
          label={t('manage.products.categories.name')}
          name="name"
          isRequired
          maxLength={200}
          defaultValue={category?.name}
          autoFocus
        />
        <TextField
          label={t('manage.products.categories.color')}
          name="color"
          type="color"
          defaultValue={category?.color ?? '#6e56cf'}
        />
        <div className="actions">
          <SubmitButton sending={sending}>{t('manage.products.form.save')}</SubmitButton>
          <Button variant="secondary" onPress={() => !sending.isPending && onClose()}>
            {t('manage.products.form.cancel')}
          </Button>
        </div>
      </ApiForm>
    </Dialog>
  );
}
