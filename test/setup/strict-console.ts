/** An unexpected console.error fails the test (house style: strict tests). */
import { afterEach, vi } from 'vitest';

let errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  const seen = errors;
  errors = [];
  if (seen.length) throw new Error(`console.error was called during the test: ${String(seen[0][0]).slice(0, 300)}`);
});

/** Lets a test expect console.error calls: call before the code that logs. */
export function allowConsoleError() {
  return vi.spyOn(console, 'error').mockImplementation(() => {});
}
