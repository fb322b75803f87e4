// A small GraphQL reader for the Jobber simulator: parses one document (operations, variables,
// arguments, aliases, fragments) into fields with resolved argument values. It executes nothing:
// the simulator walks the fields against its own small schema.

/** A field of a selection set, with fragments already expanded and arguments resolved. */
export interface FieldNode {
  /** The response key: the alias, or the name. */
  key: string;
  name: string;
  args: Record<string, unknown>;
  selections: FieldNode[];
}

export interface ParsedOperation {
  type: 'query' | 'mutation';
  name: string | undefined;
  fields: FieldNode[];
}

/** A syntax or variable problem; its message is GraphQL's error message. */
export class GraphQLSyntaxError extends Error {
  override name = 'GraphQLSyntaxError';
}

type Token = { kind: 'punct' | 'name' | 'int' | 'float' | 'string' | 'eof'; value: string; pos: number };

const SKIP = /(?:[\s,\uFEFF]+|#[^\n\r]*)*/y;
const LEXER = /(\.\.\.|[!$():=@[\]{}|&])|([_A-Za-z][_0-9A-Za-z]*)|(-?\d+\.\d+(?:[eE][+-]?\d+)?|-?\d+[eE][+-]?\d+)|(-?\d+)|("""[\s\S]*?"""|"(?:\\.|[^"\\\n\r])*")/y;

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let pos = 0;
  while (true) {
    SKIP.lastIndex = pos;
    SKIP.exec(source);
    pos = SKIP.lastIndex;
    if (pos >= source.length) break;
    LEXER.lastIndex = pos;
    const m = LEXER.exec(source);
    if (!m) throw new GraphQLSyntaxError(`Parse error on "${source.slice(pos, pos + 10)}" at position ${pos}`);
    if (m[1] !== undefined) tokens.push({ kind: 'punct', value: m[1], pos });
    else if (m[2] !== undefined) tokens.push({ kind: 'name', value: m[2], pos });
    else if (m[3] !== undefined) tokens.push({ kind: 'float', value: m[3], pos });
    else if (m[4] !== undefined) tokens.push({ kind: 'int', value: m[4], pos });
    else if (m[5] !== undefined) {
      const raw = m[5];
      tokens.push({ kind: 'string', value: raw.startsWith('"""') ? raw.slice(3, -3) : (JSON.parse(raw) as string), pos });
    }
    pos = LEXER.lastIndex;
  }
  tokens.push({ kind: 'eof', value: '', pos: source.length });
  return tokens;
}

type ValueNode =
  | { kind: 'variable'; name: string }
  | { kind: 'literal'; value: unknown }
  | { kind: 'list'; items: ValueNode[] }
  | { kind: 'object'; fields: Record<string, ValueNode> };

type RawSelection =
  | { kind: 'field'; alias: string | undefined; name: string; args: Record<string, ValueNode>; selections: RawSelection[] }
  | { kind: 'spread'; name: string }
  | { kind: 'inline'; selections: RawSelection[] };

interface RawOperation {
  type: 'query' | 'mutation' | 'subscription';
  name: string | undefined;
  variables: { name: string; type: string; defaultValue: ValueNode | undefined }[];
  selections: RawSelection[];
}

/** Parses `source` and picks the operation (by name when there are several); resolves variables. */
export function parseOperation(source: string, variables: Record<string, unknown>, operationName?: string): ParsedOperation {
  const tokens = tokenize(source);
  let i = 0;
  const peek = (): Token => tokens[i] as Token;
  const fail = (expected: string): never => {
    const t = peek();
    throw new GraphQLSyntaxError(`Parse error on ${t.kind === 'eof' ? 'end of file' : `"${t.value}" (${t.kind.toUpperCase()})`} at position ${t.pos}; expected ${expected}`);
  };
  const take = (kind: Token['kind'], value?: string): Token => {
    const t = peek();
    if (t.kind !== kind || (value !== undefined && t.value !== value)) return fail(value ?? kind);
    i += 1;
    return t;
  };
  const is = (kind: Token['kind'], value?: string): boolean => peek().kind === kind && (value === undefined || peek().value === value);

  const parseValue = (constant: boolean): ValueNode => {
    const t = peek();
    if (t.kind === 'punct' && t.value === '$' && !constant) {
      i += 1;
      return { kind: 'variable', name: take('name').value };
    }
    if (t.kind === 'punct' && t.value === '[') {
      i += 1;
      const items: ValueNode[] = [];
      while (!is('punct', ']')) items.push(parseValue(constant));
      i += 1;
      return { kind: 'list', items };
    }
    if (t.kind === 'punct' && t.value === '{') {
      i += 1;
      const fields: Record<string, ValueNode> = {};
      while (!is('punct', '}')) {
        const name = take('name').value;
        take('punct', ':');
        fields[name] = parseValue(constant);
      }
      i += 1;
      return { kind: 'object', fields };
    }
    i += 1;
    if (t.kind === 'int' || t.kind === 'float') return { kind: 'literal', value: Number(t.value) };
    if (t.kind === 'string') return { kind: 'literal', value: t.value };
    if (t.kind === 'name') return { kind: 'literal', value: t.value === 'true' ? true : t.value === 'false' ? false : t.value === 'null' ? null : t.value };
    i -= 1;
    return fail('a value');
  };
  const skipDirectives = (): void => {
    while (is('punct', '@')) {
      i += 1;
      take('name');
      if (is('punct', '(')) parseArguments();
    }
  };
  const parseArguments = (): Record<string, ValueNode> => {
    const args: Record<string, ValueNode> = {};
    take('punct', '(');
    while (!is('punct', ')')) {
      const name = take('name').value;
      take('punct', ':');
      args[name] = parseValue(false);
    }
    i += 1;
    return args;
  };
  const parseSelections = (): RawSelection[] => {
    take('punct', '{');
    const selections: RawSelection[] = [];
    while (!is('punct', '}')) {
      if (is('punct', '...')) {
        i += 1;
        if (is('name') && peek().value !== 'on') {
          selections.push({ kind: 'spread', name: take('name').value });
          skipDirectives();
        } else {
          if (is('name', 'on')) {
            i += 1;
            take('name');
          }
          skipDirectives();
          selections.push({ kind: 'inline', selections: parseSelections() });
        }
        continue;
      }
      let name = take('name').value;
      let alias: string | undefined;
      if (is('punct', ':')) {
        i += 1;
        alias = name;
        name = take('name').value;
      }
      const args = is('punct', '(') ? parseArguments() : {};
      skipDirectives();
      const selections2 = is('punct', '{') ? parseSelections() : [];
      selections.push({ kind: 'field', alias, name, args, selections: selections2 });
    }
    i += 1;
    if (selections.length === 0) fail('a field');
    return selections;
  };
  const parseType = (): string => {
    let text: string;
    if (is('punct', '[')) {
      i += 1;
      text = `[${parseType()}]`;
      take('punct', ']');
    } else {
      text = take('name').value;
    }
    if (is('punct', '!')) {
      i += 1;
      text += '!';
    }
    return text;
  };

  const operations: RawOperation[] = [];
  const fragments = new Map<string, RawSelection[]>();
  while (!is('eof')) {
    if (is('punct', '{')) {
      operations.push({ type: 'query', name: undefined, variables: [], selections: parseSelections() });
      continue;
    }
    const keyword = take('name').value;
    if (keyword === 'fragment') {
      const name = take('name').value;
      take('name', 'on');
      take('name');
      skipDirectives();
      fragments.set(name, parseSelections());
      continue;
    }
    if (keyword !== 'query' && keyword !== 'mutation' && keyword !== 'subscription') {
      i -= 1;
      fail('query, mutation or fragment');
    }
    const name = is('name') ? take('name').value : undefined;
    const vars: RawOperation['variables'] = [];
    if (is('punct', '(')) {
      i += 1;
      while (!is('punct', ')')) {
        take('punct', '$');
        const varName = take('name').value;
        take('punct', ':');
        const type = parseType();
        let defaultValue: ValueNode | undefined;
        if (is('punct', '=')) {
          i += 1;
          defaultValue = parseValue(true);
        }
        vars.push({ name: varName, type, defaultValue });
      }
      i += 1;
    }
    skipDirectives();
    operations.push({ type: keyword as RawOperation['type'], name, variables: vars, selections: parseSelections() });
  }

  if (operations.length === 0) throw new GraphQLSyntaxError('No operations in query document');
  let operation: RawOperation | undefined;
  if (operationName) {
    operation = operations.find((o) => o.name === operationName);
    if (!operation) throw new GraphQLSyntaxError(`No operation named "${operationName}"`);
  } else if (operations.length > 1) {
    throw new GraphQLSyntaxError('An operation name is required when the document holds several operations');
  } else {
    operation = operations[0] as RawOperation;
  }
  if (operation.type === 'subscription') throw new GraphQLSyntaxError('Subscriptions are not supported');

  const values: Record<string, unknown> = {};
  for (const v of operation.variables) {
    if (Object.hasOwn(variables, v.name)) values[v.name] = variables[v.name];
    else if (v.defaultValue) values[v.name] = resolve(v.defaultValue, {});
    else if (v.type.endsWith('!')) throw new GraphQLSyntaxError(`Variable $${v.name} of type ${v.type} was provided invalid value`);
  }
  const declared = new Set(operation.variables.map((v) => v.name));
  const resolveChecked = (node: ValueNode): unknown => {
    if (node.kind === 'variable' && !declared.has(node.name)) throw new GraphQLSyntaxError(`Variable $${node.name} is used but not declared`);
    if (node.kind === 'list') return node.items.map(resolveChecked);
    if (node.kind === 'object') return Object.fromEntries(Object.entries(node.fields).map(([k, v]) => [k, resolveChecked(v)]));
    return resolve(node, values);
  };

  const seen = new Set<string>();
  const expand = (selections: RawSelection[]): FieldNode[] =>
    selections.flatMap((s): FieldNode[] => {
      if (s.kind === 'field') {
        return [{ key: s.alias ?? s.name, name: s.name, args: Object.fromEntries(Object.entries(s.args).map(([k, v]) => [k, resolveChecked(v)])), selections: expand(s.selections) }];
      }
      if (s.kind === 'inline') return expand(s.selections);
      const fragment = fragments.get(s.name);
      if (!fragment) throw new GraphQLSyntaxError(`Fragment ${s.name} was used, but not defined`);
      if (seen.has(s.name)) throw new GraphQLSyntaxError(`Fragment ${s.name} contains an infinite loop`);
      seen.add(s.name);
      const fields = expand(fragment);
      seen.delete(s.name);
      return fields;
    });
  return { type: operation.type, name: operation.name, fields: expand(operation.selections) };
}

function resolve(node: ValueNode, values: Record<string, unknown>): unknown {
  switch (node.kind) {
    case 'variable':
      return values[node.name] ?? null;
    case 'literal':
      return node.value;
    case 'list':
      return node.items.map((item) => resolve(item, values));
    case 'object':
      return Object.fromEntries(Object.entries(node.fields).map(([k, v]) => [k, resolve(v, values)]));
  }
}
