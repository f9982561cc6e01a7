import { composedTemplate } from './compose.js';

export interface LowStockData {
  productName: string;
  sku: string;
  quantityOnHand: number;
  threshold: number;
  link: string;
}

/** To the salon's admins, in the salon's language. */
export const lowStock = composedTemplate<LowStockData>((data, mail) => {
  const values = { product: data.productName, sku: data.sku, quantity: data.quantityOnHand, threshold: data.threshold };
  return {
    subject: mail.t('inventory.low_stock.subject', values),
    body: mail.t('inventory.low_stock.body', values),
    buttons: [{ label: mail.t('inventory.low_stock.action'), url: data.link }],
  };
});
