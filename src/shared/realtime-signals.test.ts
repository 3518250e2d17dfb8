/**
 * The browser checks signals without zod (realtime-signals.ts); ServerEventSchema stays the definition. These tests
 * hold the two equal: the same events listed, the same fields, and the same answer for every kind of value.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ServerEventSchema } from './realtime';
import { parseSignal, SIGNAL_FIELDS, type SignalType } from './realtime-signals';

type Kind = 'string' | 'string?' | 'int' | 'int?' | 'int~';

/** The kind of a field's zod schema when it is a scalar the table can state; null otherwise. */
function kindOf(schema: z.ZodType): Kind | null {
  const def = schema._zod.def as { type: string; innerType?: z.ZodType; checks?: unknown[] };
  if ((def.type === 'nullable' || def.type === 'optional') && def.innerType) {
    const inner = kindOf(def.innerType);
    const mark = def.type === 'nullable' ? '?' : '~';
    return inner && !/[?~]$/.test(inner) && (mark === '?' || inner === 'int') ? (`${inner}${mark}` as Kind) : null;
  }
  if (def.type === 'string' && !def.checks?.length) return 'string';
  // z.number().int() is zod's safe-integer format.
  if (def.type === 'number' && (schema as z.ZodNumber).format === 'safeint') return 'int';
  return null;
}

const options = ServerEventSchema.options.map((o) => {
  const { type, ...fields } = o.shape as Record<string, z.ZodType>;
  const name = (type._zod.def as unknown as { values: string[] }).values[0];
  const kinds = Object.entries(fields).map(([field, schema]) => [field, kindOf(schema)] as const);
  return { name, kinds, scalar: kinds.every(([, k]) => k !== null) };
});

const VALUES: unknown[] = ['a', '', null, undefined, 0, 7, -3, 1.5, 2 ** 53, Number.NaN, Infinity, true, {}, []];
const valid = (kind: Kind) => (kind.startsWith('string') ? 'a' : 1);

describe('parseSignal and ServerEventSchema', () => {
  it('lists exactly the events whose fields are all scalars, each with the schema’s fields and kinds', () => {
    const scalar = options.filter((o) => o.scalar);
    expect(Object.keys(SIGNAL_FIELDS).sort()).toEqual(scalar.map((o) => o.name).sort());
    for (const o of scalar) expect(SIGNAL_FIELDS[o.name as SignalType], o.name).toEqual(Object.fromEntries(o.kinds));
  });

  it('accepts, rejects and returns what the schema does, for every field and every kind of value', () => {
    let compared = 0;
    for (const [type, fields] of Object.entries(SIGNAL_FIELDS) as Array<[string, Record<string, Kind>]>) {
      const base = Object.fromEntries(Object.entries(fields).map(([f, k]) => [f, valid(k)]));
      const cases = [{ type, ...base, extra: 'dropped' }, { type }];
      for (const field of Object.keys(fields)) for (const v of VALUES) cases.push({ type, ...base, [field]: v });
      for (const event of cases) {
        const expected = ServerEventSchema.safeParse(event);
        const got = parseSignal(event);
        expect(got, JSON.stringify(event)).toEqual(expected.success ? expected.data : null);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('rejects what is not an event, and leaves every other type to the schema', () => {
    for (const junk of [null, 'hello', 3, [], [{ type: 'pong' }], { type: 7 }, {}]) {
      expect(parseSignal(junk)).toBeNull();
      expect(ServerEventSchema.safeParse(junk).success).toBe(false);
    }
    for (const o of options.filter((x) => !x.scalar)) expect(parseSignal({ type: o.name })).toBe('payload');
    expect(parseSignal({ type: 'no_such_event' })).toBe('payload');
  });
});
