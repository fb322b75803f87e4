import { describe, expect, test } from 'vitest';
import type { ProductForFile } from '../../catalog/repositories/products.ts';
import { rulesFromMarkups } from '@tradelist/pricing/rules';
import { jobberChanges, jobberItems, matchExisting, newQuickBooksItem, quickBooksChanges, quickBooksItems, quickBooksType } from './sync-items.ts';

const product = (id: number, name: string, costCents = 1000, sku = `SKU-${id}`): ProductForFile => ({ id, sku, name, description: `About ${name}`, unit: 'EA', group_name: 'Wires', cost_cents: costCents, manufacturer_part_number: null, upc: null });
const settings = { rules: rulesFromMarkups({ markup1_10: 1000, markup11_20: null, markup21_50: null, markup51_150: null, markup151_500: null, markup501: null, tax: 800 }), inventoryOption: '', incomeType: '' };
const accounts = { income: '1', expense: '3', asset: undefined };

describe('sync items', () => {
  test("QuickBooks' Type from the user's inventory option", () => {
    expect(['Inventory', 'inventory', 'Service', 'Non-inventory', '', 'anything'].map(quickBooksType)).toEqual(['Inventory', 'Inventory', 'Service', 'NonInventory', 'NonInventory', 'NonInventory']);
  });

  test('QuickBooks items are the QuickBooks file rows: cleaned unique names, price before tax, cost, default income account', () => {
    const items = quickBooksItems([product(1, '1/2" EMT'), product(2, '1/2 in EMT'), product(3, 'Panel: 200A', 1001)], settings);
    expect(items).toEqual([
      { sku: 'SKU-1', name: '1/2 in EMT', type: 'NonInventory', description: 'About 1/2" EMT', priceCents: 1100, costCents: 1000, incomeAccount: 'Sales of Product Income' },
      expect.objectContaining({ name: '1/2 in EMT (SKU-2)' }),
      expect.objectContaining({ name: 'Panel - 200A', priceCents: 1001, costCents: 1001 }),
    ]);
  });

  test('an unchanged QuickBooks item needs no write; a changed one only its changed fields', () => {
    const [desired] = quickBooksItems([product(1, 'Wire')], settings);
    const body = newQuickBooksItem(desired!, accounts, '2026-03-01');
    const existing = { Id: '9', SyncToken: '0', ...body, Active: true } as Parameters<typeof quickBooksChanges>[2];
    expect(quickBooksChanges(desired!, accounts, existing)).toBeNull();
    expect(quickBooksChanges({ ...desired!, priceCents: 1200 }, accounts, existing)).toEqual({ UnitPrice: 12 });
    expect(quickBooksChanges(desired!, accounts, { ...existing, Active: false, Sku: undefined })).toEqual({ Active: true, Sku: 'SKU-1' });
  });

  test('matching: by key first, then by name case-insensitively; one existing item serves one of ours', () => {
    const existing = [{ id: 'a', name: 'Wire' }, { id: 'b', name: 'cable' }];
    const desired = [{ sku: '1', name: 'Cable' }, { sku: '2', name: 'wire' }, { sku: '3', name: 'Cable' }];
    const byKey = new Map([['2', existing[0]!]]);
    expect(matchExisting(desired, existing, (d) => byKey.get(d.sku)).map((m) => m?.id)).toEqual(['b', 'a', undefined]);
  });

  test('Jobber items: unique names, the marked-up price, the cost, taxable when the user charges tax; changes only', () => {
    const items = jobberItems([product(1, '  Wire  '), product(2, 'wire')], settings);
    expect(items.map((i) => i.name)).toEqual(['Wire', 'wire (SKU-2)']);
    expect(items[0]!.input).toEqual({ name: 'Wire', description: 'About   Wire', category: 'PRODUCT', defaultUnitCost: 11, internalUnitCost: 10, taxable: true });
    const existing = { id: 'x', ...items[0]!.input };
    expect(jobberChanges(items[0]!, existing)).toBeNull();
    expect(jobberChanges(items[0]!, { ...existing, defaultUnitCost: 10.99, description: null })).toEqual({ defaultUnitCost: 11, description: 'About   Wire' });
    expect(jobberItems([product(1, 'Wire')], { ...settings, rules: { ...settings.rules, taxBp: null } })[0]!.input.taxable).toBe(false);
  });
});
