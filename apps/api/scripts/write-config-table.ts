// Rewrites the configuration table of the root README from apps/api/src/config.ts.
import { readFileSync, writeFileSync } from 'node:fs';
import { renderConfigTable } from '../src/config-table.ts';

const file = new URL('../../../README.md', import.meta.url);
const readme = readFileSync(file, 'utf8');
const next = readme.replace(
  /<!-- config-table:start -->[\s\S]*?<!-- config-table:end -->/,
  `<!-- config-table:start -->\n${renderConfigTable()}\n<!-- config-table:end -->`,
);
writeFileSync(file, next);
