/**
 * XSD validation in process with libxml2 compiled to WebAssembly (npm `xmllint-wasm`, the xmllint
 * of libxml2 itself, so the answers match `xmllint --schema` used by the SAT check in CI). The SAT
 * schemas come from the repository's data/sat-xml (cfdi40-bundle.xsd imports CFDI 4.0, Pagos 2.0,
 * implocal, TimbreFiscalDigital 1.1 and leyendasFiscales with relative paths).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';

export const SAT_XML_DIR = fileURLToPath(new URL('../../../../data/sat-xml/', import.meta.url));

let esquemas: XMLFileInfo[] | undefined;

function cargarEsquemas(): XMLFileInfo[] {
  if (esquemas) return esquemas;
  const out: XMLFileInfo[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith('.xsd'))
        out.push({ fileName: relative(SAT_XML_DIR, p), contents: readFileSync(p, 'utf8') });
    }
  };
  walk(SAT_XML_DIR);
  esquemas = out;
  return out;
}

/** Schema errors of `xml` against the bundle (empty when valid). */
export async function validarXsd(xml: string): Promise<string[]> {
  const todos = cargarEsquemas();
  const bundle = todos.find((f) => f.fileName === 'cfdi40-bundle.xsd');
  if (!bundle) throw new Error('Falta data/sat-xml/cfdi40-bundle.xsd en el repositorio.');
  const r = await validateXML({
    xml: { fileName: 'cfdi.xml', contents: xml },
    schema: bundle,
    preload: todos.filter((f) => f !== bundle),
    maxMemoryPages: 4096,
  });
  return r.valid ? [] : r.errors.map((e) => e.message.trim());
}
