/**
 * The unit project shares each worker's modules between files (`isolate: false`, vitest.config.ts): a file that
 * replaces a module with `vi.mock` must run in the isolated project, or its mock would reach the files after it; so
 * must a file that runs in a DOM, or the files after it would run with its globals (`window`, `document`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mocksModules, usesDom } from '../vitest.config';

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : testFiles(p);
    return /\.test\.tsx?$/.test(e.name) && !/\.int\.test\.ts$/.test(e.name) ? [p] : [];
  });
}

describe('unit test isolation', () => {
  it('runs every file that mocks a module in a process of its own', () => {
    const mocking = [...testFiles('src'), ...testFiles('test')].filter((f) =>
      /\bvi\.(mock|doMock)\(/.test(fs.readFileSync(f, 'utf8')),
    );
    expect(mocking.sort()).toEqual([...mocksModules].sort());
  });

  it('runs every file that asks for a DOM in a process of its own', () => {
    const withDom = [...testFiles('src'), ...testFiles('test')].filter((f) =>
      /@vitest-environment\s+(?!node\b)/.test(fs.readFileSync(f, 'utf8')),
    );
    expect(withDom.sort()).toEqual([...usesDom].sort());
  });
});
