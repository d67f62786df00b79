import { readFileSync } from 'node:fs';
import { configSchema } from './config.ts';

/** The README's configuration table, made from config.ts: name, default, and the comment above it. */
export function renderConfigTable(): string {
  const source = readFileSync(new URL('./config.ts', import.meta.url), 'utf8');
  const rows = Object.entries(configSchema.shape).map(([name, schema]) => {
    const comment =
      new RegExp(`/\\*\\*\\s*((?:(?!\\*/)[\\s\\S])*?)\\s*\\*/\\s*\\n\\s*${name}:`).exec(
        source,
      )?.[1] ?? '';
    const parsed = schema.safeParse(undefined);
    const value = parsed.success ? String(parsed.data) : '';
    return `| \`${name}\` | ${value === '' ? '(empty)' : `\`${value}\``} | ${comment.replace(/\s+/g, ' ')} |`;
  });
  return ['| variable | default | what it does |', '| --- | --- | --- |', ...rows].join('\n');
}
