// Jobber's GraphQL as the simulator runs it: the reference implementation (graphql-js) parses,
// validates and executes every request against Jobber's schema (schema.graphql), so a
// query Jobber would refuse is refused here too; and the query cost is computed as Jobber
// documents it (api_rate_limits): each requested field costs 1, `edges`, `nodes` and `node` cost
// nothing, and a connection multiplies the cost of its selection by `first` (or `last`; 100 when
// neither is given).
import { readFileSync } from 'node:fs';
import {
  buildSchema,
  getNamedType,
  getVariableValues,
  GraphQLError,
  isObjectType,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLObjectType,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';

/** The schema, built once from the SDL file beside this module. */
export const jobberSchema = buildSchema(readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8'));

/** A connection's size when the query names none (Jobber's default page). */
export const DEFAULT_CONNECTION_SIZE = 100;
const FREE_FIELDS = new Set(['edges', 'nodes', 'node']);

/** One error as Jobber (graphql-ruby) answers it. */
export interface JobberGraphQLError {
  message: string;
  locations?: { line: number; column: number }[];
  path?: (string | number)[];
  extensions?: Record<string, unknown>;
}

/** A request that passed parsing, validation and variable coercion, ready to cost and run. */
export interface PreparedOperation {
  document: DocumentNode;
  operation: OperationDefinitionNode;
  variables: Record<string, unknown>;
  fragments: Map<string, FragmentDefinitionNode>;
}

/** graphql-js's message for an unknown field, rewritten as graphql-ruby words it (Jobber runs graphql-ruby). */
function jobberShape(error: GraphQLError, operationType: string): JobberGraphQLError {
  const locations = error.locations?.map((l) => ({ line: l.line, column: l.column }));
  const unknown = /^Cannot query field "([^"]+)" on type "([^"]+)"\./.exec(error.message);
  if (unknown) {
    const [, fieldName, typeName] = unknown as unknown as [string, string, string];
    return { message: `Field '${fieldName}' doesn't exist on type '${typeName}'`, locations, path: [operationType, fieldName], extensions: { code: 'undefinedField', typeName, fieldName } };
  }
  return { message: error.message, ...(locations ? { locations } : {}) };
}

/** Parses, validates and coerces the variables of a request; answers the operation or Jobber's errors. */
export function prepare(query: string, variableInputs: Record<string, unknown>, operationName: string | undefined): PreparedOperation | { errors: JobberGraphQLError[] } {
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (error) {
    if (error instanceof GraphQLError) return { errors: [{ message: `Parse error: ${error.message}`, ...(error.locations ? { locations: error.locations.map((l) => ({ line: l.line, column: l.column })) } : {}) }] };
    throw error;
  }
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const operation = operationName ? operations.find((o) => o.name?.value === operationName) : operations.length === 1 ? operations[0] : undefined;
  const type = operation?.operation ?? 'query';
  const invalid = validate(jobberSchema, document);
  if (invalid.length > 0) return { errors: invalid.map((e) => jobberShape(e, type)) };
  if (!operation) return { errors: [{ message: operationName ? `Unknown operation named "${operationName}".` : 'An operation name is required' }] };
  const coerced = getVariableValues(jobberSchema, operation.variableDefinitions ?? [], variableInputs);
  if (coerced.errors) return { errors: coerced.errors.map((e) => jobberShape(e, type)) };
  const fragments = new Map(document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]));
  return { document, operation, variables: coerced.coerced, fragments };
}

function intArgument(node: ValueNode | undefined, variables: Record<string, unknown>): number | undefined {
  if (!node) return undefined;
  if (node.kind === Kind.INT) return Number(node.value);
  if (node.kind === Kind.VARIABLE) {
    const value = variables[node.name.value];
    return typeof value === 'number' ? value : undefined;
  }
  return undefined;
}

/**
 * The cost of an operation by Jobber's rule. Without `data` it is the requested cost (each
 * connection counted at its `first`); with the answer's data it is the actual cost (each
 * connection counted at the number of nodes it returned).
 */
export function operationCost(prepared: PreparedOperation, data?: Record<string, unknown> | null): number {
  const root = prepared.operation.operation === 'mutation' ? jobberSchema.getMutationType() : jobberSchema.getQueryType();
  if (!root) return 0;
  const walk = (set: SelectionSetNode, parent: GraphQLObjectType, value: unknown): number => {
    let total = 0;
    for (const selection of set.selections) {
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = prepared.fragments.get(selection.name.value);
        if (fragment) total += walk(fragment.selectionSet, parent, value);
        continue;
      }
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        total += walk(selection.selectionSet, parent, value);
        continue;
      }
      const name = selection.name.value;
      if (name.startsWith('__')) continue;
      const field = parent.getFields()[name];
      if (!field) continue;
      const named = getNamedType(field.type);
      const own = FREE_FIELDS.has(name) ? 0 : 1;
      const fieldValue = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[selection.alias?.value ?? name] : undefined;
      const inner = selection.selectionSet && isObjectType(named) ? walk(selection.selectionSet, named, Array.isArray(fieldValue) ? fieldValue[0] : fieldValue) : 0;
      if (named.name.endsWith('Connection')) {
        const args = new Map(selection.arguments?.map((a) => [a.name.value, a.value]));
        const size = data === undefined
          ? (intArgument(args.get('first'), prepared.variables) ?? intArgument(args.get('last'), prepared.variables) ?? DEFAULT_CONNECTION_SIZE)
          : returnedSize(fieldValue);
        total += size * inner;
      } else {
        total += own + inner;
      }
    }
    return total;
  };
  return walk(prepared.operation.selectionSet, root, data ?? undefined);
}

/** How many nodes a connection in an answer holds (its largest list: nodes or edges, under any alias). */
function returnedSize(connection: unknown): number {
  if (!connection || typeof connection !== 'object') return 0;
  return Math.max(0, ...Object.values(connection).map((v) => (Array.isArray(v) ? v.length : 0)));
}

/** An execution error in Jobber's shape. */
export function executionError(error: GraphQLError): JobberGraphQLError {
  return { message: error.message, ...(error.locations ? { locations: error.locations.map((l) => ({ line: l.line, column: l.column })) } : {}), ...(error.path ? { path: [...error.path] } : {}) };
}
