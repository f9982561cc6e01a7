import type { deskApi } from './desk-day.js';

type Call = Awaited<ReturnType<typeof deskApi>>;

/*
 * The demo salon's stock, for the screenshots and the stock screen's speed measure: two
 * suppliers, three categories, products (some low), and a purchase order with its lines,
 * ordered and waiting to be received.
 */

const PRODUCTS: [name: string, stock: number, price: number, cost: number][] = [
  ['Argan Repair Mask 200 ml', 2, 24.95, 11.5],
  ['Colour Protect Shampoo 300 ml', 14, 18.5, 8.2],
  ['Curl Cream 150 ml', 0, 21, 9.75],
  ['Dry Shampoo 200 ml', 9, 15.95, 6.4],
  ['Heat Protect Spray 150 ml', 4, 19.5, 8.9],
  ['Matte Clay 75 ml', 11, 17.95, 7.1],
  ['Purple Toning Conditioner 250 ml', 6, 22.5, 10.2],
  ['Scalp Serum 50 ml', 3, 32, 14.8],
  ['Sea Salt Spray 200 ml', 17, 16.5, 6.9],
  ['Volume Mousse 250 ml', 8, 18, 7.6],
];

/** Adds the stock; `extra` more products (numbered) for a large catalogue. Answers the order's id. */
export async function addStock(desk: Call, extra = 0): Promise<{ order: number; product: number }> {
  const [care, styling] = await Promise.all(
    ['Care', 'Styling', 'Colour'].map((name) => desk('POST', '/api/inventory/categories', { name })),
  );
  const wholesale = await desk('POST', '/api/suppliers', {
    name: 'Haircare Wholesale BV',
    contact_person: 'Sanne de Vries',
    email: 'orders@haircare-wholesale.example',
    phone: '+31 20 123 4567',
    website: 'https://haircare-wholesale.example',
  });
  await desk('POST', '/api/suppliers', { name: 'Salon Supplies Direct', contact_person: 'Tom Peters' });
  const made: { id: number; purchase_price: number; low: boolean }[] = [];
  for (const [index, [name, stock, price, cost]] of PRODUCTS.entries()) {
    const product = await desk('POST', '/api/inventory/products', {
      name,
      sku: `SKU-${1000 + index}`,
      ean_code: `87123456${String(10000 + index)}`,
      price,
      purchase_price: cost,
      quantity_on_hand: stock,
      category_id: (index % 2 === 0 ? care : styling)!.id,
      supplier_id: wholesale.id,
    });
    made.push({ id: product.id as number, purchase_price: cost, low: stock <= 5 });
  }
  for (let i = 0; i < extra; i++) {
    await desk('POST', '/api/inventory/products', {
      name: `Catalogue item ${String(i + 1).padStart(5, '0')}`,
      sku: `CAT-${i + 1}`,
      ean_code: String(8_700_000_000_000 + i),
      price: 10 + (i % 40),
      purchase_price: 4 + (i % 20),
      quantity_on_hand: i % 13,
      supplier_id: wholesale.id,
    });
  }
  const order = await desk('POST', '/api/suppliers/orders', { supplier_id: wholesale.id, notes: 'Monthly restock' });
  await desk('PUT', `/api/suppliers/orders/${order.id as number}/items`, {
    items: made
      .filter((product) => product.low)
      .map((product) => ({ product_id: product.id, quantity: 6, unit_cost: product.purchase_price })),
  });
  await desk('PUT', `/api/suppliers/orders/${order.id as number}`, { status: 'ordered' });
  return { order: order.id as number, product: made[0]!.id };
}
