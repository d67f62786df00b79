import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import checkFile from 'eslint-plugin-check-file';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// The SPA's layers: app → features → shared; a shared module imports no feature.
const WEB_RESTRICTED = ['node:*', '@repo/api*', 'drizzle-orm*', 'fastify*'];

// Each document type's screens live in their own folder under features/facturacion (decision 012);
// every folder there is a type's, found on disk, so a new type needs no edit here. The income
// invoice has two (its list and detail, its form). A type never imports another type: what two
// types share lives in apps/web/src/shared/comprobantes, and the app's routes compose one type's
// parts into another's screen.
const MISMO_TIPO_WEB = { 'factura-form': 'facturas' };
const carpetasDe = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const TIPOS_WEB = [];
for (const carpeta of carpetasDe('./apps/web/src/features/facturacion/')) {
  const tipo = MISMO_TIPO_WEB[carpeta] ?? carpeta;
  const grupo = TIPOS_WEB.find(([t]) => t === tipo);
  if (grupo) grupo[1].push(carpeta);
  else TIPOS_WEB.push([tipo, [carpeta]]);
}

function fronteraDeTipo([tipo, carpetas]) {
  const ajenas = TIPOS_WEB.filter(([otro]) => otro !== tipo)
    .flatMap(([, c]) => c)
    .join('|');
  return {
    files: carpetas.map((c) => `apps/web/src/features/facturacion/${c}/**/*.{ts,tsx}`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: WEB_RESTRICTED },
            {
              regex: `^(#src/features/facturacion/|(\\.\\./)+)(${ajenas})/`,
              message:
                'A document type does not import another type: move what they share to #src/shared/comprobantes, or compose them in the route (decision 012).',
            },
          ],
        },
      ],
    },
  };
}

// The API's document types, one module each (decision 012): the modules that hold a TipoDocumento
// (a `*-tipo.ts` file), found on disk. A type imports the lifecycle (timbrado/, comprobantes/) and
// never another type. Tests may seed another type's documents.
const TIPOS_API = carpetasDe('./apps/api/src/modules/').filter((m) =>
  readdirSync(new URL(`./apps/api/src/modules/${m}/`, import.meta.url)).some((f) =>
    f.endsWith('-tipo.ts'),
  ),
);

function fronteraDeTipoApi(modulo) {
  const ajenos = TIPOS_API.filter((m) => m !== modulo).join('|');
  return {
    files: [`apps/api/src/modules/${modulo}/**/*.ts`],
    ignores: ['**/*.test.ts', '**/*.test-support.ts', '**/*.test-entorno.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(modules/)?(${ajenos})/`,
              message:
                'A document type does not import another type: move what they share to timbrado/ or comprobantes/ (decision 012).',
            },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'check-file': checkFile },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { '{apps,packages,e2e,bench}/**/': 'KEBAB_CASE' },
      ],
    },
  },
  {
    // The CFDI core is pure and browser-safe: no node built-ins, no database, no HTTP.
    files: [
      'packages/cfdi/src/{calc,xml,cadena,validacion}/**/*.ts',
      'packages/cfdi/src/decimal.ts',
    ],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'drizzle-orm*', 'fastify*'] }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='parseFloat']",
          message: 'Money is never a float: use decimal.ts',
        },
      ],
    },
  },
  {
    files: ['packages/contracts/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', '@repo/*', 'fastify*', 'drizzle-orm*'] },
      ],
    },
  },
  {
    files: ['packages/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@repo/api*', '@repo/web*'] }] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: WEB_RESTRICTED }],
    },
  },
  ...TIPOS_WEB.map(fronteraDeTipo),
  ...TIPOS_API.map(fronteraDeTipoApi),
  {
    files: ['apps/web/src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: WEB_RESTRICTED },
            {
              regex: '^(#src/(features|app)/|(\\.\\./)+(features|app)/)',
              message:
                'Shared code imports no feature and no app module (app → features → shared).',
            },
          ],
        },
      ],
    },
  },
  {
    // Type-aware rules (issue 26): mistakes only the type checker sees. A promise nobody awaits or
    // catches (a rejection that crashes the process or is lost), a promise where a callback's result
    // is ignored, `await` on what is not a promise, a value turned into "[object Object]" in a
    // message, a thrown non-Error, an assertion that changes nothing. Every .ts/.tsx file is checked
    // with the program of its own tsconfig.json (projectService): the workspace packages (the engine,
    // the PAC, the catalogs, the contracts) and the API; the SPA and e2e are next.
    files: ['packages/**/*.ts', 'apps/api/**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/no-for-in-array': 'error',
      '@typescript-eslint/no-implied-eval': 'error',
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/prefer-promise-reject-errors': 'error',
      '@typescript-eslint/no-base-to-string': 'error',
      '@typescript-eslint/no-array-delete': 'error',
      '@typescript-eslint/no-duplicate-type-constituents': 'error',
      '@typescript-eslint/no-redundant-type-constituents': 'error',
    },
  },
);
