// Checks bodies the Stripe simulator answered and events it sent against the `stripe` package's
// TypeScript definitions, which Stripe generates from its OpenAPI specification for the API
// version the package pins (the one the simulator answers in). Each body becomes
// `const x: Stripe.<Type> = <json>;` and the TypeScript compiler judges it: a field Stripe always
// sends that is missing, a field Stripe does not have, a wrong enum literal or an unknown
// `object` name is a diagnostic.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import ts from 'typescript';

/** A body to check and where it came from (shown with its diagnostics). */
export interface ShapeSample {
  source: string;
  body: unknown;
}

/** The Stripe type of each `object` name the simulator answers with. */
const TYPE_OF_OBJECT: Record<string, string> = {
  'billing_portal.session': 'Stripe.BillingPortal.Session',
  charge: 'Stripe.Charge',
  'checkout.session': 'Stripe.Checkout.Session',
  customer: 'Stripe.Customer',
  invoice: 'Stripe.Invoice',
  invoice_payment: 'Stripe.InvoicePayment',
  item: 'Stripe.LineItem',
  payment_intent: 'Stripe.PaymentIntent',
  price: 'Stripe.Price',
  product: 'Stripe.Product',
  refund: 'Stripe.Refund',
  subscription: 'Stripe.Subscription',
  'test_helpers.test_clock': 'Stripe.TestHelpers.TestClock',
};

/** The Stripe type a body must have, from its `object` (and an event's `type`); throws for a name Stripe's types do not know. */
export function stripeTypeOf(body: unknown): string {
  const record = body as { object?: unknown; type?: unknown; data?: unknown };
  const object = typeof record?.object === 'string' ? record.object : undefined;
  if (object === 'event') return `Extract<Stripe.Event, { type: ${JSON.stringify(String(record.type))} }>`;
  if (object === 'list') {
    const items = Array.isArray(record.data) ? record.data : [];
    const kinds = [...new Set(items.map((item) => stripeTypeOf(item)))];
    return `Stripe.ApiList<${kinds.length === 0 ? 'never' : kinds.join(' | ')}>`;
  }
  const type = object === undefined ? undefined : TYPE_OF_OBJECT[object];
  if (!type) throw new Error(`unknown Stripe object name: ${JSON.stringify(object)}`);
  return type;
}

/** The package whose `stripe` the check resolves: this package, so the SDK the simulator is tested with. */
const HERE = path.dirname(fileURLToPath(import.meta.url));

/**
 * Type-checks every sample against Stripe's definitions; answers one line per problem
 * (`<source> (<type>): <diagnostic>`), none when all match.
 */
export function checkStripeShapes(samples: readonly ShapeSample[]): string[] {
  const fileName = path.join(HERE, '__stripe_shapes__.ts');
  const problems: string[] = [];
  // Two changes to the SDK's types, field by field: decimal fields (`unit_amount_decimal`...),
  // which the SDK hands over as its Decimal class, are strings on the wire (OpenAPI `format:
  // decimal`); and an enum keeps only the values Stripe lists, without the SDK's open
  // `| OtherString`, so a value Stripe does not list fails.
  const lines = [
    "import type Stripe from 'stripe';",
    'type Literals<T> = T extends string ? (string extends T ? never : T) : never;',
    'type NonString<T> = T extends string ? never : T;',
    'type Closed<T> = [Literals<T>] extends [never] ? T : Literals<T> | NonString<T>;',
    'type WireMember<T> = T extends Stripe.Decimal ? string : T extends readonly (infer U)[] ? Wire<U>[] : T extends object ? { [K in keyof T]: Wire<T[K]> } : T;',
    'type Wire<T> = WireMember<Closed<T>>;',
  ];
  const origins: { line: number; label: string }[] = [];
  samples.forEach((sample, index) => {
    let type: string;
    try {
      type = stripeTypeOf(sample.body);
    } catch (error) {
      problems.push(`${sample.source}: ${(error as Error).message}`);
      return;
    }
    origins.push({ line: lines.length, label: `${sample.source} (${type})` });
    lines.push(`export const sample${index}: Wire<${type}> = ${JSON.stringify(sample.body)};`);
  });
  const text = `${lines.join('\n')}\n`;
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const readSource = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, onError, create) =>
    path.resolve(name) === fileName ? ts.createSourceFile(name, text, language, true) : readSource(name, language, onError, create);
  const exists = host.fileExists.bind(host);
  host.fileExists = (name) => path.resolve(name) === fileName || exists(name);
  const program = ts.createProgram({ rootNames: [fileName], options, host });
  const file = program.getSourceFile(fileName)!;
  for (const diagnostic of [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]) {
    const line = diagnostic.start === undefined ? 0 : file.getLineAndCharacterOfPosition(diagnostic.start).line;
    const origin = origins.filter((o) => o.line <= line).at(-1);
    const where = diagnostic.start === undefined ? '' : ` at ${JSON.stringify(text.slice(diagnostic.start, diagnostic.start + 60))}`;
    problems.push(`${origin?.label ?? 'header'}${where}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n  ')}`);
  }
  return problems;
}
