// `expand[]`: an answer with the ids it names replaced by the objects they stand for.
import { invalid } from './params.ts';
import type { StripeObject, StripeState } from './store.ts';

/** A copy of an object with `expand[]` paths (dotted, e.g. `subscription.latest_invoice`) filled in. */
export function render(state: StripeState, object: StripeObject, expand: string[]): unknown {
  const copy = structuredClone(object) as Record<string, unknown>;
  for (const path of expand) expandPath(state, copy, path.split('.'), path);
  return copy;
}

function expandPath(state: StripeState, target: Record<string, unknown>, segments: string[], full: string): void {
  const [field, ...rest] = segments;
  if (field === undefined) return;
  if (field === 'line_items' && target['object'] === 'checkout.session') {
    const id = target['id'] as string;
    target['line_items'] = { object: 'list', data: structuredClone(state.lineItems[id] ?? []), has_more: false, url: `/v1/checkout/sessions/${id}/line_items` };
    return;
  }
  if (!(field in target)) throw invalid(`This property cannot be expanded (${full}).`, 'expand');
  let value = target[field];
  if (typeof value === 'string') {
    const found = state.objects[value];
    if (!found) return;
    value = structuredClone(found);
    target[field] = value;
  }
  if (rest.length > 0 && value && typeof value === 'object' && !Array.isArray(value)) {
    expandPath(state, value as Record<string, unknown>, rest, full);
  }
}
