import { button, escapeHtml as e, layout, paragraph, type Brand } from './layout.js';

export interface LowStockData {
  productName: string;
  sku: string;
  quantityOnHand: number;
  threshold: number;
  link: string;
}

export const lowStock = {
  subject: (data: LowStockData) => `Low stock: ${data.productName}`,
  mjml: (data: LowStockData, brand: Brand) =>
    layout(
      brand,
      'Low stock',
      [
        paragraph(`<strong>${e(data.productName)}</strong> (${e(data.sku)}) is running low.`),
        paragraph(`In stock: <strong>${data.quantityOnHand}</strong>; alert threshold: ${data.threshold}.`),
        button('View product', data.link),
      ].join('\n'),
    ),
  text: (data: LowStockData) =>
    `${data.productName} (${data.sku}) is running low.\nIn stock: ${data.quantityOnHand}; alert threshold: ${data.threshold}.\n${data.link}\n`,
};
