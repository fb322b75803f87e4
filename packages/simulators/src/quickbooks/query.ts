// The subset of QuickBooks' query language a sync uses, parsed and run against a company:
// SELECT * | COUNT(*) FROM Entity [WHERE a AND b] [ORDERBY f [ASC|DESC]] [STARTPOSITION n] [MAXRESULTS n]
import { QboFault, validation } from './faults.ts';
import { QBO_LIMITS, type Company, type Entity } from './state.ts';

/** Fields a query may filter or order on, per entity (QuickBooks' names). */
const QUERYABLE: Record<'Item' | 'Account', string[]> = {
  Item: ['Id', 'Name', 'Sku', 'Type', 'Active', 'FullyQualifiedName', 'UnitPrice', 'PurchaseCost', 'Taxable'],
  Account: ['Id', 'Name', 'AccountType', 'AccountSubType', 'Classification', 'Active', 'FullyQualifiedName'],
};

type Value = string | number | boolean;

interface Condition {
  field: string;
  op: '=' | '!=' | '<' | '>' | '<=' | '>=' | 'in' | 'like';
  values: Value[];
}

export interface ParsedQuery {
  entity: 'Item' | 'Account';
  count: boolean;
  conditions: Condition[];
  orderBy: { field: string; descending: boolean }[];
  startPosition: number;
  maxResults: number;
}

const TOKEN = /\s*(?:('(?:\\.|[^'\\])*')|(-?\d+(?:\.\d+)?)|(<=|>=|!=|[=<>(),*])|([A-Za-z_][A-Za-z0-9_.]*))/y;

function parseError(detail: string): QboFault {
  return validation('4000', 'Error parsing query', `QueryParserError: ${detail}`);
}

interface Token {
  kind: 'string' | 'number' | 'symbol' | 'word';
  text: string;
  value: Value;
}

/** The query's tokens, or the parser fault at the first character no token starts with. */
function tokenize(text: string): Token[] | QboFault {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  const source = text.trim();
  while (TOKEN.lastIndex < source.length) {
    const start = TOKEN.lastIndex;
    const m = TOKEN.exec(source);
    if (!m) return parseError(`Encountered "${source.slice(start, start + 20)}" at column ${start + 1}.`);
    if (m[1] !== undefined) tokens.push({ kind: 'string', text: m[1], value: m[1].slice(1, -1).replace(/\\(.)/g, '$1') });
    else if (m[2] !== undefined) tokens.push({ kind: 'number', text: m[2], value: Number(m[2]) });
    else if (m[3] !== undefined) tokens.push({ kind: 'symbol', text: m[3], value: m[3] });
    else if (m[4] !== undefined) tokens.push({ kind: 'word', text: m[4], value: m[4] });
  }
  return tokens;
}

/** A position in the tokens, with the reads the grammar needs. */
class Cursor {
  i = 0;
  constructor(readonly tokens: Token[]) {}

  get token(): Token | undefined {
    return this.tokens[this.i];
  }

  /** The next keyword or symbol, lower case ('' for anything else). */
  peek(): string {
    const token = this.token;
    return token?.kind === 'word' || token?.kind === 'symbol' ? token.text.toLowerCase() : '';
  }

  /** Takes the next token when it is `word`. */
  expect(word: string): boolean {
    if (this.peek() !== word) return false;
    this.i += 1;
    return true;
  }

  /** The next token as a parser message names it. */
  here(): string {
    return this.token ? `"${this.token.text}"` : 'end of query';
  }

  /** A queryable field of `entity`, in QuickBooks' spelling. */
  field(entity: ParsedQuery['entity']): string | QboFault {
    const word = this.token?.kind === 'word' ? this.token.text : '';
    const known = QUERYABLE[entity].find((f) => f.toLowerCase() === word.toLowerCase());
    if (!known) return validation('4001', 'Invalid query', `QueryValidationError: property '${word}' is not queryable on ${entity}.`);
    this.i += 1;
    return known;
  }

  /** A string, number or boolean literal. */
  value(): Value | QboFault {
    const token = this.token;
    if (token?.kind === 'string' || token?.kind === 'number') {
      this.i += 1;
      return token.value;
    }
    if (token?.kind === 'word' && /^(true|false)$/i.test(token.text)) {
      this.i += 1;
      return token.text.toLowerCase() === 'true';
    }
    return parseError(`Encountered ${this.here()}; expected a value.`);
  }
}

/** Parses the subset of QuickBooks' query language a sync needs; anything else is a parser fault. */
export function parseQuery(text: string, maxResultsCap = QBO_LIMITS.maxResults): ParsedQuery | QboFault {
  const tokens = tokenize(text);
  if (tokens instanceof QboFault) return tokens;
  const cursor = new Cursor(tokens);
  if (!cursor.expect('select')) return parseError(`Encountered ${cursor.here()}; expected SELECT.`);
  let count = false;
  if (!cursor.expect('*')) {
    if (!(cursor.expect('count') && cursor.expect('(') && cursor.expect('*') && cursor.expect(')'))) return parseError(`Encountered ${cursor.here()}; expected * or count(*).`);
    count = true;
  }
  if (!cursor.expect('from')) return parseError(`Encountered ${cursor.here()}; expected FROM.`);
  const entityWord = String(cursor.token?.text ?? '');
  const entity = (['Item', 'Account'] as const).find((e) => e.toLowerCase() === entityWord.toLowerCase());
  if (!entity) return validation('4001', 'Invalid query', `QueryValidationError: Entity ${entityWord || '(none)'} is not supported by this service.`);
  cursor.i += 1;

  const conditions = parseConditions(cursor, entity);
  if (conditions instanceof QboFault) return conditions;
  const orderBy = parseOrderBy(cursor, entity);
  if (orderBy instanceof QboFault) return orderBy;
  const paging = parsePaging(cursor);
  if (paging instanceof QboFault) return paging;
  if (paging.maxResults > maxResultsCap) return validation('4001', 'Invalid query', `QueryValidationError: MAXRESULTS may be at most ${maxResultsCap}.`);
  if (cursor.i < tokens.length) return parseError(`Encountered ${cursor.here()} after the end of the query.`);
  return { entity, count, conditions, orderBy, ...paging };
}

/** `WHERE a AND b ...`, when there is one. */
function parseConditions(cursor: Cursor, entity: ParsedQuery['entity']): Condition[] | QboFault {
  const conditions: Condition[] = [];
  if (!cursor.expect('where')) return conditions;
  do {
    const f = cursor.field(entity);
    if (f instanceof QboFault) return f;
    const op = cursor.peek();
    if (op === 'in') {
      cursor.i += 1;
      if (!cursor.expect('(')) return parseError(`Encountered ${cursor.here()}; expected (.`);
      const values: Value[] = [];
      do {
        const v = cursor.value();
        if (v instanceof QboFault) return v;
        values.push(v);
      } while (cursor.expect(','));
      if (!cursor.expect(')')) return parseError(`Encountered ${cursor.here()}; expected ).`);
      conditions.push({ field: f, op: 'in', values });
    } else if (['=', '!=', '<', '>', '<=', '>=', 'like'].includes(op)) {
      cursor.i += 1;
      const v = cursor.value();
      if (v instanceof QboFault) return v;
      conditions.push({ field: f, op: op as Condition['op'], values: [v] });
    } else {
      return parseError(`Encountered ${cursor.here()}; expected an operator.`);
    }
  } while (cursor.expect('and'));
  return conditions;
}

/** `ORDERBY f [ASC|DESC], ...` (or `ORDER BY`), when there is one. */
function parseOrderBy(cursor: Cursor, entity: ParsedQuery['entity']): ParsedQuery['orderBy'] | QboFault {
  const orderBy: ParsedQuery['orderBy'] = [];
  if (cursor.expect('orderby') || (cursor.expect('order') && cursor.expect('by'))) {
    do {
      const f = cursor.field(entity);
      if (f instanceof QboFault) return f;
      const descending = cursor.expect('desc');
      if (!descending) cursor.expect('asc');
      orderBy.push({ field: f, descending });
    } while (cursor.expect(','));
  }
  return orderBy;
}

/** `STARTPOSITION n` and `MAXRESULTS n`, in either order. */
function parsePaging(cursor: Cursor): { startPosition: number; maxResults: number } | QboFault {
  let startPosition = 1;
  let maxResults = 100;
  for (let clause = 0; clause < 2; clause += 1) {
    for (const [word, set] of [
      ['startposition', (n: number) => (startPosition = n)],
      ['maxresults', (n: number) => (maxResults = n)],
    ] as const) {
      if (cursor.expect(word)) {
        const n = cursor.token;
        if (n?.kind !== 'number' || !Number.isInteger(n.value) || Number(n.value) < 1) return parseError(`${word.toUpperCase()} needs a whole number of at least 1.`);
        cursor.i += 1;
        set(Number(n.value));
      }
    }
  }
  return { startPosition, maxResults };
}

function normalize(value: unknown): Value | undefined {
  if (typeof value === 'string') return value.toLowerCase();
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  return undefined;
}

function matches(actual: unknown, condition: Condition): boolean {
  const left = normalize(actual);
  const rights = condition.values.map((v) => {
    // Booleans and numbers stored as such compare with their query text too ('true', '12').
    if (typeof left === 'boolean' && typeof v === 'string') return v.toLowerCase() === 'true';
    if (typeof left === 'number' && typeof v === 'string') return Number(v);
    if (typeof left === 'string' && typeof v !== 'string') return String(v);
    return normalize(v);
  });
  const right = rights[0];
  if (left === undefined) return condition.op === '!=';
  switch (condition.op) {
    case '=':
      return left === right;
    case '!=':
      return left !== right;
    case 'in':
      return rights.includes(left);
    case 'like': {
      const pattern = String(right).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('%', '.*');
      return new RegExp(`^${pattern}$`).test(String(left));
    }
    case '<':
      return right !== undefined && left < right;
    case '>':
      return right !== undefined && left > right;
    case '<=':
      return right !== undefined && left <= right;
    case '>=':
      return right !== undefined && left >= right;
  }
}

function compareBy(a: Entity, b: Entity, orderBy: ParsedQuery['orderBy']): number {
  for (const { field, descending } of orderBy) {
    const x = normalize(a[field]) ?? '';
    const y = normalize(b[field]) ?? '';
    if (x !== y) return (x < y ? -1 : 1) * (descending ? -1 : 1);
  }
  return Number(a.Id) - Number(b.Id);
}

/** Runs a query on a company's items or accounts: its QueryResponse, or the fault. */
export function runQuery(target: Company, text: string, maxResults: number): Record<string, unknown> | QboFault {
  const parsed = parseQuery(text, maxResults);
  if (parsed instanceof QboFault) return parsed;
  const source = parsed.entity === 'Item' ? target.items : target.accounts;
  const filtersActive = parsed.conditions.some((c) => c.field === 'Active');
  const matching = source
    .filter((e) => filtersActive || e.Active)
    .filter((e) => parsed.conditions.every((c) => matches(e[c.field], c)))
    .sort((a, b) => compareBy(a, b, parsed.orderBy));
  if (parsed.count) return { totalCount: matching.length };
  const page = matching.slice(parsed.startPosition - 1, parsed.startPosition - 1 + parsed.maxResults);
  if (page.length === 0) return {};
  return { [parsed.entity]: page, startPosition: parsed.startPosition, maxResults: page.length };
}
