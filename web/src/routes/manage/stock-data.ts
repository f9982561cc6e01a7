import { $api } from '../../api/client';
import { asPage, MAX_PAGE_SIZE } from '../../api/pages';

/*
 * The reads the stock and supplier screens share: the settings that decide what may change, and
 * the short lists the forms and filters choose from (categories, suppliers).
 */

/** Whether purchase orders keep the stock count (then it is not edited by hand) and internal consumption is on. */
export function useStockSettings() {
  const settings = $api.useQuery('get', '/api/settings');
  return {
    loaded: settings.data !== undefined,
    purchaseOrders: settings.data?.purchase_orders_enabled === 1,
    internalConsumption: settings.data?.internal_consumption_enabled === 1,
  };
}

/** The product categories, in their order (a short list: read whole). */
export function useCategories() {
  return $api.useQuery('get', '/api/inventory/categories');
}

/** The suppliers by name; the first page of the largest size a salon's suppliers fit in. */
export function useSuppliers(activeOnly = false) {
  const suppliers = $api.useQuery('get', '/api/suppliers', {
    params: { query: { page: 1, limit: MAX_PAGE_SIZE, ...(activeOnly ? { active: true } : {}) } },
  });
  return { ...suppliers, rows: suppliers.data === undefined ? [] : asPage(suppliers.data).data };
}
