import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs helper of the scripts, without types
import { appClassTokens } from '../../../scripts/lib/class-tokens.mjs';
import { cn } from './utils';

/** A class name's variants, in a canonical order (`hover:focus:x` and `focus:hover:y` can conflict). */
function variantsOf(token: string): string {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < token.length; i++) {
    if (token[i] === '[' || token[i] === '(') depth++;
    else if (token[i] === ']' || token[i] === ')') depth--;
    else if (token[i] === ':' && depth === 0) {
      parts.push(token.slice(start, i));
      start = i + 1;
    }
  }
  return parts.sort().join(':');
}

describe('cn', () => {
  it('lets later classes win, as tailwind-merge does', () => {
    expect(cn('px-2 py-1 bg-primary', 'px-4', null, undefined, { 'text-sm': true })).toBe(
      'py-1 bg-primary px-4 text-sm',
    );
    expect(cn('p-2', 'px-4', 'p-3')).toBe('p-3');
    expect(cn('hover:bg-muted', 'hover:bg-accent')).toBe('hover:bg-accent');
  });

  // The configuration is tailwind-merge's default cut down to the groups of the app's class names
  // (scripts/gen-tw-merge-config.mjs, ADR 028): any two of those class names merge as with the full default.
  // A class name from a group the cut-down configuration lacks fails here: regenerate it.
  it('merges every pair of the class names in src/web as the default configuration does', () => {
    // The words tailwind-merge knows as Tailwind classes (it drops the first of two copies of those only).
    const tokens = (appClassTokens() as string[]).filter((t) => twMerge(`${t} ${t}`) === t);
    expect(tokens.length).toBeGreaterThan(500);
    const byVariants = new Map<string, string[]>();
    for (const t of tokens) {
      const key = variantsOf(t.replace(/^!|!$/g, ''));
      byVariants.set(key, [...(byVariants.get(key) ?? []), t]);
    }
    const differences: string[] = [];
    for (const group of byVariants.values()) {
      for (const a of group) {
        for (const b of group) {
          if (a === b) continue;
          const expected = twMerge(a, b);
          if (cn(a, b) !== expected) differences.push(`${a} ${b} → ${cn(a, b)} (default: ${expected})`);
        }
      }
    }
    expect(differences.slice(0, 10)).toEqual([]);
  }, 120_000);
});
