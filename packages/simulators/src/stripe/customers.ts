// Customers: created by the app or by a checkout that needs one, and updated with the
// changed fields reported in `customer.updated`.
import { newId, type StripeEngine } from './engine.ts';
import { allowOnly, mergeMetadata, str, type Params } from './params.ts';
import type { StripeObject } from './store.ts';

/** Creates a customer, on a test clock when `test_clock` names one. */
export function createCustomer(engine: StripeEngine, params: Params): StripeObject {
  allowOnly(params, ['email', 'name', 'description', 'metadata', 'phone', 'test_clock', 'expand', 'address', 'preferred_locales']);
  const clockId = str(params, 'test_clock');
  if (clockId) engine.get(clockId, 'test_helpers.test_clock', 'test clock', 'test_clock');
  const created = clockId ? (engine.state.objects[clockId]!['frozen_time'] as number) : Math.floor(Date.now() / 1000);
  const customer = engine.put({
    id: newId('cus', 14),
    object: 'customer',
    address: null,
    balance: 0,
    created,
    currency: null,
    default_source: null,
    delinquent: false,
    description: str(params, 'description') ?? null,
    email: str(params, 'email') ?? null,
    invoice_prefix: newId('X', 8).slice(2).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: mergeMetadata({}, params),
    name: str(params, 'name') ?? null,
    phone: str(params, 'phone') ?? null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: clockId ?? null,
  });
  engine.emit('customer.created', customer);
  return customer;
}

/** Updates a customer; only a real change emits `customer.updated`. */
export function updateCustomer(engine: StripeEngine, id: string, params: Params): StripeObject {
  allowOnly(params, ['email', 'name', 'description', 'metadata', 'phone', 'expand', 'address', 'preferred_locales']);
  const customer = engine.get(id, 'customer', 'customer');
  const previous: Record<string, unknown> = {};
  for (const field of ['email', 'name', 'description', 'phone'] as const) {
    const value = str(params, field);
    if (value === undefined) continue;
    const next = value === '' ? null : value;
    if (customer[field] !== next) {
      previous[field] = customer[field];
      customer[field] = next;
    }
  }
  if (params['metadata'] !== undefined) {
    previous['metadata'] = customer['metadata'];
    customer['metadata'] = mergeMetadata(customer['metadata'] as Record<string, string>, params);
  }
  if (Object.keys(previous).length > 0) engine.emit('customer.updated', customer, previous);
  return customer;
}
