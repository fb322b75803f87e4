import type { ProductInput } from '@tradelist/pricing/layouts';
import type { ProductForFile } from '../repositories/products.ts';

/** A product as read for a file, as the row builders take it. */
export function productInput(product: ProductForFile): ProductInput {
  return {
    sku: product.sku,
    name: product.name,
    description: product.description,
    unit: product.unit,
    group: product.group_name,
    costCents: product.cost_cents,
    manufacturerPartNumber: product.manufacturer_part_number,
    upc: product.upc,
  };
}
