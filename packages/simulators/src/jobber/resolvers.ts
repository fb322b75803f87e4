// The root fields' resolvers: the account, products and services with Relay-style paging,
// create and edit with Jobber's userErrors, and appDisconnect.
import { GraphQLError } from 'graphql';
import type { Grant } from '../provider-common.ts';
import { DEFAULT_CONNECTION_SIZE } from './graphql.ts';
import { encodeId, INPUT_FIELDS, type Account, type JobberContext, type ProductOrService } from './state.ts';

/** The root fields' resolvers for one account and grant (graphql-js reads the rest as properties). */
export function rootValue(context: JobberContext, target: Account, grant: Grant): Record<string, unknown> {
  return {
    account: () => ({ id: target.id, name: target.name }),
    productOrService: ({ id }: { id: string }) => target.items.find((i) => i.id === id) ?? null,
    productOrServices: (args: { first?: number | null; after?: string | null; searchTerm?: string | null }) => {
      const first = args.first ?? DEFAULT_CONNECTION_SIZE;
      if (first < 0) throw new GraphQLError('Argument \'first\' must be a positive number');
      const after = args.after ? decodeCursor(args.after) : 0;
      if (after === undefined) throw new GraphQLError(`Invalid cursor: ${JSON.stringify(args.after)}`);
      const term = args.searchTerm?.toLowerCase() ?? '';
      const all = term ? target.items.filter((i) => i.name.toLowerCase().includes(term)) : target.items;
      const page = all.slice(after, after + first);
      return {
        nodes: page,
        edges: page.map((node, n) => ({ cursor: encodeCursor(after + n + 1), node })),
        pageInfo: {
          hasNextPage: after + page.length < all.length,
          hasPreviousPage: after > 0,
          startCursor: page.length ? encodeCursor(after + 1) : null,
          endCursor: page.length ? encodeCursor(after + page.length) : null,
        },
        totalCount: all.length,
      };
    },
    productsAndServicesCreate: ({ input }: { input: Record<string, unknown> }) => {
      const userErrors = inputErrors(input);
      if (userErrors.length > 0) return { productOrService: null, userErrors };
      const item: ProductOrService = {
        id: encodeId('ProductOrService', `${accountNumber(target.id)}${String(target.nextId++).padStart(6, '0')}`),
        name: String(input['name']).trim(),
        description: (input['description'] as string | null | undefined) ?? null,
        category: (input['category'] as ProductOrService['category'] | null | undefined) ?? 'SERVICE',
        defaultUnitCost: input['defaultUnitCost'] as number,
        internalUnitCost: (input['internalUnitCost'] as number | null | undefined) ?? null,
        markup: (input['markup'] as number | null | undefined) ?? null,
        taxable: (input['taxable'] as boolean | null | undefined) ?? true,
        visible: (input['visible'] as boolean | null | undefined) ?? true,
        durationMinutes: (input['durationMinutes'] as number | null | undefined) ?? null,
      };
      target.items.push(item);
      context.stats.writes += 1;
      context.persist();
      return { productOrService: item, userErrors: [] };
    },
    productsAndServicesEdit: ({ productOrServiceId, input }: { productOrServiceId: string; input: Record<string, unknown> }) => {
      const existing = target.items.find((i) => i.id === productOrServiceId);
      if (!existing) return { productOrService: null, userErrors: [{ message: 'Product or service not found', path: ['productOrServiceId'] }] };
      const userErrors = inputErrors(input);
      if (userErrors.length > 0) return { productOrService: existing, userErrors };
      for (const key of INPUT_FIELDS) {
        if (input[key] !== undefined && input[key] !== null) (existing as unknown as Record<string, unknown>)[key] = key === 'name' ? String(input[key]).trim() : input[key];
      }
      context.stats.writes += 1;
      context.persist();
      return { productOrService: existing, userErrors: [] };
    },
    appDisconnect: () => {
      context.grants.revokeGrant(grant);
      context.persist(true);
      return { app: { id: encodeId('Application', 1), name: 'Tradelist', author: 'Tradelist' }, userErrors: [] };
    },
  };
}

/** Business rules Jobber answers in userErrors rather than as GraphQL errors. */
function inputErrors(input: Record<string, unknown>): { message: string; path: string[] }[] {
  const errors: { message: string; path: string[] }[] = [];
  if (typeof input['name'] === 'string' && input['name'].trim() === '') errors.push({ message: "Name can't be blank", path: ['input', 'name'] });
  if (typeof input['name'] === 'string' && input['name'].length > 255) errors.push({ message: 'Name is too long (maximum is 255 characters)', path: ['input', 'name'] });
  for (const key of ['defaultUnitCost', 'internalUnitCost']) {
    const value = input[key];
    if (typeof value === 'number' && Math.abs(value) >= 1e9) errors.push({ message: `${key} is out of range`, path: ['input', key] });
  }
  return errors;
}

/** The number inside an account's global id. */
const accountNumber = (id: string): string => /\/(\d+)$/.exec(Buffer.from(id, 'base64').toString('utf8'))?.[1] ?? '0';

const encodeCursor = (position: number): string => Buffer.from(String(position)).toString('base64');

function decodeCursor(cursor: string): number | undefined {
  const text = Buffer.from(cursor, 'base64').toString('utf8');
  return /^\d+$/.test(text) ? Number(text) : undefined;
}
