import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, isTable } from 'drizzle-orm';
import ts from 'typescript';

/**
 * A static look at the query modules (modules/<m>/*.queries.ts): for each exported function
 * (declared, or an arrow function assigned to an exported const), the tables it names, through the drizzle schema
 * objects it uses or in its raw SQL, and whether it mentions the enterprise (enterprise_id or
 * enterpriseId). tenant-schema.test.ts reads it.
 */
export interface QueryFunction {
  /** modules/<m>/<file>.queries.ts */
  file: string;
  name: string;
  tables: string[];
  /**
   * True when the function is scoped to one enterprise: a parameter names it (enterpriseId, or a
   * value whose type carries enterprise_id), or its conditions compare enterprise_id.
   */
  scopedToEnterprise: boolean;
}

const SRC = new URL('../', import.meta.url);
const SQL_TABLE = /\b(?:from|join|update|into|using)\s+("?)([a-z_][a-z0-9_]*)\1/gi;
const ENTERPRISE_PARAM = /enterprise_?id/i;
/** `eq(t.enterprise_id, …)`, `enterprise_id = …`, `enterprise_id in (…)`, `(enterprise_id, id) in …`. */
const ENTERPRISE_CONDITION =
  /eq\(\s*[\w.]+\.enterprise_id\b|\benterprise_id\s*(?:=|\bin\b)|\(\s*(?:\w+\.)?enterprise_id\s*,[^)]*\)\s*(?:=|\bin\b)/i;

/** Every `*.queries.ts` under modules/, relative to src/. */
export function queryFiles(): string[] {
  const modules = new URL('modules/', SRC);
  return readdirSync(modules, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(new URL(`${d.name}/`, modules))
        .filter((f) => f.endsWith('.queries.ts'))
        .map((f) => `modules/${d.name}/${f}`),
    )
    .sort();
}

/** identifier -> SQL table name, for every drizzle table a file imports from db/schema. */
async function schemaTablesOf(file: string, source: ts.SourceFile): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement)) continue;
    const from = (statement.moduleSpecifier as ts.StringLiteral).text;
    if (!from.includes('/db/schema/')) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    const mod = (await import(new URL(from, new URL(file, SRC)).href)) as Record<string, unknown>;
    for (const el of bindings.elements) {
      const value = mod[(el.propertyName ?? el.name).text];
      if (isTable(value)) out.set(el.name.text, getTableName(value));
    }
  }
  return out;
}

const exported = (node: ts.Node) =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/**
 * The module's exported functions: its interface. A helper it keeps to itself (a page of rows for a
 * condition its caller built) is checked through the exported function that calls it.
 */
function exportedFunctions(source: ts.SourceFile): Array<{ name: string; node: ts.Node }> {
  const out: Array<{ name: string; node: ts.Node }> = [];
  for (const statement of source.statements) {
    if (!exported(statement)) continue;
    if (ts.isFunctionDeclaration(statement) && statement.name && statement.body) {
      out.push({ name: statement.name.text, node: statement });
    } else if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) {
        const init = d.initializer;
        if (
          ts.isIdentifier(d.name) &&
          init &&
          (ts.isArrowFunction(init) || ts.isFunctionExpression(init))
        ) {
          out.push({ name: d.name.text, node: d });
        }
      }
    }
  }
  return out;
}

function parametersOf(node: ts.Node): readonly ts.ParameterDeclaration[] {
  if (ts.isFunctionDeclaration(node)) return node.parameters;
  if (ts.isVariableDeclaration(node) && node.initializer) {
    const init = node.initializer;
    if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return init.parameters;
  }
  return [];
}

/** The identifiers a function uses as values (not those only in its types: `typeof t.$inferSelect`). */
function identifiersIn(node: ts.Node): Set<string> {
  const names = new Set<string>();
  const visit = (n: ts.Node) => {
    if (ts.isTypeNode(n)) return;
    if (ts.isIdentifier(n)) names.add(n.text);
    n.forEachChild(visit);
  };
  visit(node);
  return names;
}

/**
 * The exported functions of one query module's source. `schema` maps the identifiers it imports
 * from db/schema to their SQL table names.
 */
export function analyzeQueryModule(
  file: string,
  text: string,
  schema: ReadonlyMap<string, string>,
): QueryFunction[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  return exportedFunctions(source).map(({ name, node }) => {
    const body = node.getText(source);
    const tables = new Set<string>();
    for (const id of identifiersIn(node)) {
      const table = schema.get(id);
      if (table) tables.add(table);
    }
    for (const m of body.matchAll(SQL_TABLE)) tables.add(m[2]!.toLowerCase());
    const params = parametersOf(node)
      .map((p) => p.getText(source))
      .join(',');
    return {
      file,
      name,
      tables: [...tables].sort(),
      scopedToEnterprise: ENTERPRISE_PARAM.test(params) || ENTERPRISE_CONDITION.test(body),
    };
  });
}

export async function scanQueryModules(): Promise<QueryFunction[]> {
  const out: QueryFunction[] = [];
  for (const file of queryFiles()) {
    const text = readFileSync(join(fileURLToPath(SRC), file), 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    out.push(...analyzeQueryModule(file, text, await schemaTablesOf(file, source)));
  }
  return out;
}
