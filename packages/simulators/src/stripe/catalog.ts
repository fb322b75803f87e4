// The catalog: the seeded annual plan, and the products and prices the operator console
// creates and updates under Stripe's rules (lookup keys, default prices, fixed amounts).
import { newId, type StripeEngine } from './engine.ts';
import { allowOnly, bool, hash, int, invalid, mergeMetadata, requiredStr, str, StripeApiError, type Params } from './params.ts';
import type { StripeObject, StripeState } from './store.ts';

/** Seeded product of the annual plan: refer to it from the app's seed. */
export const SIM_ANNUAL_PRODUCT_ID = 'prod_TradelistAnnual';
/** Seeded yearly recurring price of the annual plan (auto-renew on). */
export const SIM_ANNUAL_RECURRING_PRICE_ID = 'price_TradelistAnnualYearly';
/** Seeded one-time price of the annual plan (auto-renew off: 12 months paid once). */
export const SIM_ANNUAL_ONE_TIME_PRICE_ID = 'price_TradelistAnnualOnce';
/**
 * The annual plan's amount in cents; the same as the app's seeded plan
 * (apps/api/src/db/sample/sample-catalog.ts, `priceCents` of the `annual` plan).
 */
export const SIM_ANNUAL_PLAN_AMOUNT = 42_000;

/** The seeded catalog: the annual plan's product with its recurring and one-time prices. */
export function seedCatalog(state: StripeState, created: number): void {
  const base = { livemode: false, created, metadata: {} };
  state.objects[SIM_ANNUAL_PRODUCT_ID] ??= {
    ...base,
    id: SIM_ANNUAL_PRODUCT_ID,
    object: 'product',
    active: true,
    name: 'Annual plan',
    description: '$35/month, billed annually (normally $50/month)',
    default_price: SIM_ANNUAL_RECURRING_PRICE_ID,
    images: [],
    marketing_features: [],
    package_dimensions: null,
    shippable: null,
    tax_details: null,
    type: 'service',
    updated: created,
    url: null,
  };
  const price = { ...base, object: 'price', active: true, billing_scheme: 'per_unit', currency: 'usd', product: SIM_ANNUAL_PRODUCT_ID, unit_amount: SIM_ANNUAL_PLAN_AMOUNT, unit_amount_decimal: String(SIM_ANNUAL_PLAN_AMOUNT), tax_behavior: 'unspecified', lookup_key: null, nickname: null, custom_unit_amount: null, tiers_mode: null, transform_quantity: null };
  state.objects[SIM_ANNUAL_RECURRING_PRICE_ID] ??= {
    ...price,
    id: SIM_ANNUAL_RECURRING_PRICE_ID,
    lookup_key: 'annual_yearly',
    type: 'recurring',
    recurring: { interval: 'year', interval_count: 1, usage_type: 'licensed', meter: null, trial_period_days: null },
  };
  state.objects[SIM_ANNUAL_ONE_TIME_PRICE_ID] ??= {
    ...price,
    id: SIM_ANNUAL_ONE_TIME_PRICE_ID,
    lookup_key: 'annual_one_time',
    type: 'one_time',
    recurring: null,
  };
}

/** Creates a product; `id` may be chosen, as Stripe allows. */
export function createProduct(engine: StripeEngine, params: Params): StripeObject {
  allowOnly(params, ['id', 'name', 'description', 'active', 'metadata', 'expand']);
  const name = requiredStr(params, 'name');
  const id = str(params, 'id') ?? newId('prod', 14);
  if (engine.state.objects[id]) throw new StripeApiError(400, 'invalid_request_error', `Product already exists.`, 'resource_already_exists', 'id');
  const now = Math.floor(Date.now() / 1000);
  const description = str(params, 'description');
  const product = engine.put({
    id,
    object: 'product',
    active: bool(params, 'active') ?? true,
    created: now,
    default_price: null,
    description: description === undefined || description === '' ? null : description,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: mergeMetadata({}, params),
    name,
    package_dimensions: null,
    shippable: null,
    tax_details: null,
    type: 'service',
    updated: now,
    url: null,
  });
  engine.emit('product.created', product);
  return product;
}

/** Updates a product; only a real change emits `product.updated`. */
export function updateProduct(engine: StripeEngine, id: string, params: Params): StripeObject {
  allowOnly(params, ['name', 'description', 'active', 'metadata', 'default_price', 'expand']);
  const product = engine.get(id, 'product', 'product');
  const previous: Record<string, unknown> = {};
  const name = str(params, 'name');
  if (name === '') throw invalid('You cannot unset the name of a product.', 'name');
  const changes: Record<string, unknown> = {};
  if (name !== undefined) changes['name'] = name;
  const description = str(params, 'description');
  if (description !== undefined) changes['description'] = description === '' ? null : description;
  const active = bool(params, 'active');
  if (active !== undefined) changes['active'] = active;
  const defaultPrice = str(params, 'default_price');
  if (defaultPrice !== undefined) {
    if (defaultPrice !== '') {
      const price = engine.get(defaultPrice, 'price', 'price', 'default_price');
      if (price['product'] !== id) throw invalid('The default price must belong to this product.', 'default_price');
    }
    changes['default_price'] = defaultPrice === '' ? null : defaultPrice;
  }
  if (params['metadata'] !== undefined) changes['metadata'] = mergeMetadata(product['metadata'] as Record<string, string>, params);
  for (const [field, value] of Object.entries(changes)) {
    if (JSON.stringify(product[field]) !== JSON.stringify(value)) {
      previous[field] = product[field];
      product[field] = value;
    }
  }
  if (Object.keys(previous).length > 0) {
    product['updated'] = Math.floor(Date.now() / 1000);
    engine.emit('product.updated', product, previous);
  }
  return product;
}

/** The active or inactive price that holds a lookup key, if any. */
export function priceWithLookupKey(engine: StripeEngine, key: string): StripeObject | undefined {
  return Object.values(engine.state.objects).find((o) => o.object === 'price' && o['lookup_key'] === key);
}

/**
 * Stripe's rule for lookup keys: one price holds a key at a time; giving it to another price is
 * refused unless `transfer_lookup_key` is true, which takes it from the price holding it.
 */
export function claimLookupKey(engine: StripeEngine, key: string, transfer: boolean, forPriceId: string | null): void {
  const holder = priceWithLookupKey(engine, key);
  if (!holder || holder.id === forPriceId) return;
  if (!transfer) throw invalid(`A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key', 'lookup_key_already_used');
  holder['lookup_key'] = null;
  engine.emit('price.updated', holder, { lookup_key: key });
}

/** Creates a price; a taken lookup key moves only with `transfer_lookup_key`. */
export function createPrice(engine: StripeEngine, params: Params): StripeObject {
  allowOnly(params, ['currency', 'product', 'unit_amount', 'recurring', 'lookup_key', 'transfer_lookup_key', 'active', 'nickname', 'metadata', 'tax_behavior', 'expand']);
  const currency = requiredStr(params, 'currency').toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw invalid(`Invalid currency: ${currency}`, 'currency');
  const productId = requiredStr(params, 'product');
  engine.get(productId, 'product', 'product', 'product');
  const amount = int(params, 'unit_amount');
  if (amount === undefined) throw invalid('Missing required param: unit_amount.', 'unit_amount', 'parameter_missing');
  if (amount > 99_999_999) throw invalid('This value must be less than or equal to 99999999.', 'unit_amount');
  const recurringParams = hash(params, 'recurring');
  let recurring: Record<string, unknown> | null = null;
  if (recurringParams) {
    allowOnly(recurringParams, ['interval', 'interval_count', 'usage_type']);
    const interval = requiredStr(recurringParams, 'interval', 'recurring[interval]');
    if (!['day', 'week', 'month', 'year'].includes(interval)) throw invalid(`Invalid recurring[interval]: must be one of day, week, month, or year`, 'recurring[interval]');
    const count = int(recurringParams, 'interval_count', 'recurring[interval_count]') ?? 1;
    recurring = { interval, interval_count: count, usage_type: 'licensed', meter: null, trial_period_days: null };
  }
  const lookupKey = str(params, 'lookup_key');
  if (lookupKey !== undefined && (lookupKey === '' || lookupKey.length > 200)) throw invalid('Invalid lookup_key.', 'lookup_key');
  const transfer = bool(params, 'transfer_lookup_key') ?? false;
  if (transfer && lookupKey === undefined) throw invalid('`transfer_lookup_key` requires a `lookup_key`.', 'transfer_lookup_key');
  if (lookupKey !== undefined) claimLookupKey(engine, lookupKey, transfer, null);
  const price = engine.put({
    id: newId('price', 24),
    object: 'price',
    active: bool(params, 'active') ?? true,
    billing_scheme: 'per_unit',
    created: Math.floor(Date.now() / 1000),
    currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: lookupKey ?? null,
    metadata: mergeMetadata({}, params),
    nickname: str(params, 'nickname') ?? null,
    product: productId,
    recurring,
    tax_behavior: str(params, 'tax_behavior') ?? 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: recurring ? 'recurring' : 'one_time',
    unit_amount: amount,
    unit_amount_decimal: String(amount),
  });
  engine.emit('price.created', price);
  return price;
}

/** A price's amount, currency and interval never change; only these fields do. */
export function updatePrice(engine: StripeEngine, id: string, params: Params): StripeObject {
  allowOnly(params, ['active', 'lookup_key', 'transfer_lookup_key', 'nickname', 'metadata', 'expand']);
  const price = engine.get(id, 'price', 'price');
  const previous: Record<string, unknown> = {};
  const lookupKey = str(params, 'lookup_key');
  const transfer = bool(params, 'transfer_lookup_key') ?? false;
  if (lookupKey !== undefined && lookupKey !== '') claimLookupKey(engine, lookupKey, transfer, id);
  const changes: Record<string, unknown> = {};
  if (lookupKey !== undefined) changes['lookup_key'] = lookupKey === '' ? null : lookupKey;
  const active = bool(params, 'active');
  if (active === false && price['active'] === true && engine.state.objects[price['product'] as string]?.['default_price'] === id) {
    // Stripe's refusal (stripe/stripe-python#658): clear or move the product's default_price first.
    throw new StripeApiError(400, 'invalid_request_error', 'This price cannot be archived because it is the default price of its product.');
  }
  if (active !== undefined) changes['active'] = active;
  const nickname = str(params, 'nickname');
  if (nickname !== undefined) changes['nickname'] = nickname === '' ? null : nickname;
  if (params['metadata'] !== undefined) changes['metadata'] = mergeMetadata(price['metadata'] as Record<string, string>, params);
  for (const [field, value] of Object.entries(changes)) {
    if (JSON.stringify(price[field]) !== JSON.stringify(value)) {
      previous[field] = price[field];
      price[field] = value;
    }
  }
  if (Object.keys(previous).length > 0) engine.emit('price.updated', price, previous);
  return price;
}
