// The class-name-like words of the web code's string literals (for the cut-down tailwind-merge configuration, ADR 028).
import fs from 'node:fs';
import path from 'node:path';

export function appClassTokens(root = 'src/web') {
  const tokens = new Set();
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
    if (entry.name === 'tw-merge-config.ts') continue;
    // Test support (src/web/test/) is not shipped: its prose is not class names.
    if (path.relative(root, entry.parentPath).split(path.sep)[0] === 'test') continue;
    const code = fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    for (const m of code.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)) {
      const text = (m[1] ?? m[2] ?? m[3]).replace(/\$\{[^}]*\}/g, ' ');
      for (const word of text.split(/\s+/)) if (/^[!a-z@[-][^\s]*$/.test(word) && word.length < 80) tokens.add(word);
    }
  }
  return [...tokens].sort();
}
