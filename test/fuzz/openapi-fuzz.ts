/**
 * Request generators and response checks for the OpenAPI fuzzer: arbitraries built from an operation's
 * parameters and JSON body schema, hostile values, and a validator for the subset of JSON Schema the
 * document uses.
 */
import fc from 'fast-check';

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
}

export interface Operation {
  method: string;
  /** OpenAPI path, e.g. /api/songs/{id} */
  path: string;
  parameters: Array<{
    in: 'path' | 'query' | 'header' | 'cookie';
    name: string;
    required?: boolean;
    schema: JsonSchema;
  }>;
  body?: JsonSchema;
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}

/** Every operation of an OpenAPI document. */
export function operationsOf(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const content = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content;
      ops.push({
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters as Operation['parameters']) ?? [],
        body: content?.['application/json']?.schema,
        responses: (op.responses as Operation['responses']) ?? {},
      });
    }
  }
  return ops;
}

// ── Hostile values ──────────────────────────────────────────────────────────────────────────────────────────

export const ONE_MB = 'x'.repeat(1024 * 1024);
/** Strings that have broken servers before: NUL bytes, 1 MB, markup, SQL, paths, odd Unicode. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  ONE_MB,
  `${'é'.repeat(300)}`,
  '<script>alert(1)</script>',
  "' OR '1'='1' --",
  "'; drop table users; --",
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%2e%2e%2f',
  '__proto__',
  'constructor',
  'prototype',
  '\ud800',
  '\u202eevil',
  '\r\nSet-Cookie: x=1',
  '😀'.repeat(20),
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e3',
  '0x10',
  ' 1',
  '1.5',
  '99999999999999999999999999',
  'null',
  'true',
  '[]',
  '{}',
  'global',
];
export const HOSTILE_VALUES: unknown[] = [
  ...HOSTILE_STRINGS,
  null,
  true,
  false,
  0,
  -1,
  1.5,
  2_147_483_648,
  -2_147_483_649,
  Number.MAX_SAFE_INTEGER,
  1e308,
  [],
  [1, 2],
  {},
  { nested: { deeper: [1, { x: '\u0000' }] } },
  JSON.parse('{"__proto__":{"polluted":true,"role":"admin"}}'),
];
/** Fields a client must never be able to set: ownership, roles, counters. */
export const MASS_ASSIGNMENT_FIELDS: Record<string, unknown> = {
  id: 1,
  ownerId: 'someone-else',
  uploaderId: 'someone-else',
  creatorId: 'someone-else',
  senderId: 'someone-else',
  userId: 'someone-else',
  role: 'admin',
  isAdmin: true,
  upVotes: 9999,
  downVotes: -5,
  netVotes: 9999,
  status: 'approved',
  isRead: true,
  createdAt: '2000-01-01T00:00:00.000Z',
};

/** Raw bodies that are not what the route expects at all. */
export const RAW_BODIES: Array<{ contentType: string; payload: string }> = [
  { contentType: 'application/json', payload: '{' },
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: 'null' },
  { contentType: 'application/json', payload: '"text"' },
  { contentType: 'application/json', payload: '[1,2,3]' },
  { contentType: 'application/json', payload: '{"__proto__":{"role":"admin"}}' },
  { contentType: 'application/json', payload: '{"constructor":{"prototype":{"role":"admin"}}}' },
  { contentType: 'application/json', payload: '{"a":1,"a":2}' },
  { contentType: 'application/json', payload: `${'['.repeat(5000)}${']'.repeat(5000)}` },
  { contentType: 'application/json', payload: `{"x":"${'y'.repeat(1024 * 1024 + 10)}"}` },
  { contentType: 'application/json', payload: '{"content":"\\u0000"}' },
  { contentType: 'text/plain', payload: 'hello' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&role=admin' },
  {
    contentType: 'multipart/form-data; boundary=xyz',
    payload: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xyz--\r\n',
  },
  {
    contentType: 'application/xml',
    payload: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
  },
];

// ── Arbitraries from schemas ────────────────────────────────────────────────────────────────────────────────

export interface KnownIds {
  ints: number[];
  strings: string[];
}

const types = (s: JsonSchema) => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

/** A value that satisfies `schema` (roughly: enough to get past validation often), using known ids for ids. */
export function validArb(schema: JsonSchema, known: KnownIds, depth = 0): fc.Arbitrary<unknown> {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants)
    return fc.oneof(
      ...variants.map((v) => validArb(v, known, depth + 1)),
      ...(schema.nullable ? [fc.constant(null)] : []),
    );
  if (schema.allOf?.length) return validArb(Object.assign({}, ...schema.allOf), known, depth);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const t = types(schema);
  const base = (): fc.Arbitrary<unknown> => {
    if (t.includes('integer') || t.includes('number')) {
      const min = schema.minimum !== undefined ? schema.minimum + (schema.exclusiveMinimum === true ? 1 : 0) : -5;
      const max = Math.min(schema.maximum ?? 1000, 2_147_483_647);
      const ids = known.ints.filter((n) => n >= min && n <= max);
      return fc.oneof(
        fc.integer({ min: Math.max(min, -1000), max: Math.min(max, Math.max(min, -1000) + 1000) }),
        ...(ids.length ? [fc.constantFrom(...ids)] : []),
      );
    }
    if (t.includes('boolean')) return fc.boolean();
    if (t.includes('string')) {
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.min(schema.maxLength ?? 40, minLength + 40);
      return fc.oneof(
        fc.string({ minLength, maxLength }),
        ...(known.strings.length ? [fc.constantFrom(...known.strings)] : []),
      );
    }
    if (t.includes('array'))
      return depth > 3 ? fc.constant([]) : fc.array(validArb(schema.items ?? {}, known, depth + 1), { maxLength: 3 });
    if (t.includes('object') || schema.properties) {
      const props = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props)) record[k] = validArb(v, known, depth + 1);
      return fc.record(record, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
    }
    return fc.constantFrom<unknown>('x', 1, true, null);
  };
  return schema.nullable ? fc.oneof(base(), fc.constant(null)) : base();
}

export const hostileArb = fc.constantFrom(...HOSTILE_VALUES);

/** A body: valid, valid with a hostile field, with a field missing, with mass-assignment fields, or hostile as a whole. */
export function bodyArb(
  schema: JsonSchema | undefined,
  known: KnownIds,
): fc.Arbitrary<{ json?: unknown; raw?: { contentType: string; payload: string } }> {
  const valid = schema ? validArb(schema, known) : fc.constant(undefined);
  const keys = Object.keys(schema?.properties ?? {});
  const asObject = (v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  return fc.oneof(
    valid.map((json) => ({ json })),
    fc
      .tuple(valid, fc.constantFrom(...(keys.length ? keys : ['x'])), hostileArb)
      .map(([v, k, h]) => ({ json: { ...asObject(v), [k]: h } })),
    fc.tuple(valid, fc.constantFrom(...(keys.length ? keys : ['x']))).map(([v, k]) => {
      const copy = { ...asObject(v) };
      delete copy[k];
      return { json: copy };
    }),
    fc.tuple(valid, fc.subarray(Object.keys(MASS_ASSIGNMENT_FIELDS), { minLength: 1 })).map(([v, extra]) => ({
      json: { ...asObject(v), ...Object.fromEntries(extra.map((k) => [k, MASS_ASSIGNMENT_FIELDS[k]])) },
    })),
    hostileArb.map((json) => ({ json })),
    fc.constantFrom(...RAW_BODIES).map((raw) => ({ raw })),
    fc.constant({}),
  );
}

/** A path parameter: a valid or known value, an unknown id, or something hostile (URL-encoded). */
export function pathParamArb(schema: JsonSchema, known: KnownIds): fc.Arbitrary<string> {
  return fc
    .oneof(
      { weight: 3, arbitrary: validArb(schema, known).map((v) => String(v)) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          '2147483000',
          '999999',
          '0',
          '-1',
          '2147483648',
          '1.5',
          'abc',
          '1e3',
          '00001',
          'a'.repeat(300),
        ),
      },
      { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 5000 && s !== '')) },
    )
    .map(encodeSegment);
}

/** encodeURIComponent, except that a lone surrogate becomes the (invalid UTF-8) bytes it would have had. */
export function encodeSegment(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    return v.replace(/[\ud800-\udfff]/g, '%ED%A0%80').replace(/[^%\w.-]/g, (c) => encodeURIComponent(c));
  }
}

/** Query pairs (a name may repeat): valid values, hostile values, unknown names. */
export function queryArb(params: Operation['parameters'], known: KnownIds): fc.Arbitrary<Array<[string, string]>> {
  const names = params.filter((p) => p.in === 'query');
  const pair = fc.oneof(
    ...names.map((p) =>
      fc.tuple(
        fc.constant(p.name),
        fc.oneof(
          validArb(p.schema, known).map(String),
          hostileArb.map((h) => (typeof h === 'string' ? h : JSON.stringify(h))),
        ),
      ),
    ),
    fc.tuple(
      fc.constantFrom('__proto__', 'constructor', 'role', 'ownerId', 'limit', 'x'),
      fc.constantFrom('1', 'admin', ''),
    ),
  );
  return fc.array(pair, { maxLength: 4 }).chain((pairs) =>
    // Sometimes repeat a parameter: ?limit=1&limit=2
    pairs.length
      ? fc.boolean().map((dup) => (dup ? [...pairs, [pairs[0][0], `${pairs[0][1]}2`] as [string, string]] : pairs))
      : fc.constant(pairs),
  );
}

// ── Response checks ─────────────────────────────────────────────────────────────────────────────────────────

/** Stack traces, SQL and file system paths: nothing of the kind may reach a client. */
export const LEAK_PATTERNS: RegExp[] = [
  /\bat [\w.<>]+ \(?[^)\s]*:\d+:\d+\)?/, // a stack frame
  /node_modules/,
  /\/(work|home|usr|app|src)\/[\w.-]+\//,
  /[A-Z]:\\[\w\\]+/,
  /\.(ts|js|mjs):\d+/,
  /\b(select|insert|update|delete)\b[^"]{0,80}\b(from|into|set|where)\b/i,
  /syntax error at or near/i,
  /violates (check|foreign key|unique|not-null) constraint/i,
  /duplicate key value/i,
  /relation "[^"]+"/i,
  /\bdrizzle\b|\bpglite\b|PostgresError|DatabaseError/i,
];

/** Problems with `value` against `schema` (the subset of JSON Schema used by the document), empty when it fits. */
export function validate(schema: JsonSchema, value: unknown, at = '$'): string[] {
  if (value === null)
    return schema.nullable ||
      types(schema).includes('null') ||
      schema.anyOf?.some((s) => validate(s, null).length === 0)
      ? []
      : [`${at}: null`];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.some((v) => validate(v, value, at).length === 0) ? [] : [`${at}: matches no variant`];
  if (schema.allOf) return schema.allOf.flatMap((s) => validate(s, value, at));
  if (schema.enum && !schema.enum.includes(value)) return [`${at}: ${JSON.stringify(value)} not in enum`];
  if (schema.const !== undefined && schema.const !== value) return [`${at}: not the constant`];
  const t = types(schema);
  if (t.length === 0) return [];
  const actual = Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;
  const fits = t.some((x) => x === actual || (x === 'number' && actual === 'integer'));
  if (!fits) return [`${at}: expected ${t.join('|')}, got ${actual}`];
  if (actual === 'array')
    return (value as unknown[]).flatMap((v, i) => (schema.items ? validate(schema.items, v, `${at}[${i}]`) : []));
  if (actual === 'object') {
    const obj = value as Record<string, unknown>;
    const problems = (schema.required ?? []).filter((k) => !(k in obj)).map((k) => `${at}.${k}: missing`);
    for (const [k, v] of Object.entries(obj)) {
      const sub = schema.properties?.[k];
      if (sub) problems.push(...validate(sub, v, `${at}.${k}`));
      else if (schema.additionalProperties === false) problems.push(`${at}.${k}: not declared`);
    }
    return problems;
  }
  return [];
}
