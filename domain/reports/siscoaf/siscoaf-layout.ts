import { decodeLatin1 } from './latin1';
import { create } from 'xmlbuilder2';

/**
 * The reference of COAF's published Siscoaf batch layout ("Leiaute do arquivo de lote de
 * comunicações — Siscoaf", cited in docs/reports.md) as this service reads it: each element,
 * its children in order with how many may occur, its attributes and the format of its text.
 * `checkSiscoafLayout` holds a batch against it; the XML writer and this reference are two
 * separate readings of the layout, so a test of one against the other catches a slip in either.
 */
type Text = { pattern: RegExp; describe: string };
type ElementSpec = { name: string; attributes?: string[]; text?: Text; children?: { spec: ElementSpec; min: number; max: number }[] };

const day = { pattern: /^(0[1-9]|[12]\d|3[01])\/(0[1-9]|1[0-2])\/\d{4}$/, describe: 'a date DD/MM/AAAA' };
const amount = { pattern: /^\d{1,15},\d{2}$/, describe: 'a value in reais with two decimals and a comma (1234,56)' };
const textOf = (min: number, max: number): Text => ({
  pattern: new RegExp(`^[\\s\\S]{${min},${max}}$`),
  describe: `${min} to ${max} characters`,
});
const leaf = (name: string, text: Text): ElementSpec => ({ name, text });
const one = (spec: ElementSpec) => ({ spec, min: 1, max: 1 });
const optional = (spec: ElementSpec) => ({ spec, min: 0, max: 1 });
const flag01 = { pattern: /^[01]$/, describe: '0 or 1' };
const ufs = 'AC|AL|AP|AM|BA|CE|DF|ES|GO|MA|MT|MS|MG|PA|PB|PR|PE|PI|RJ|RN|RS|RO|RR|SC|SP|SE|TO';

const envolvido: ElementSpec = {
  name: 'ENVOLVIDO',
  children: [
    // A CNPJ may be alphanumeric (12 letters or digits, then 2 check digits) since Receita's 2026 format.
    one(leaf('CPFCNPJEnv', { pattern: /^(\d{11}|[0-9A-Z]{12}\d{2})$/, describe: 'a CPF (11 digits) or CNPJ (14 characters)' })),
    one(leaf('NmEnv', textOf(1, 150))),
    one(leaf('TpEnv', { pattern: /^\d{1,3}$/, describe: 'a code of the TpEnv table' })),
    optional(leaf('AgNumEnv', { pattern: /^[0-9A-Za-z-]{1,10}$/, describe: 'an agency number' })),
    optional(leaf('AgNomeEnv', textOf(1, 100))),
    optional(leaf('NumConta', { pattern: /^[0-9A-Za-z-]{1,20}$/, describe: 'an account number' })),
    optional(leaf('DtAbConta', day)),
    optional(leaf('DtAtuaCad', day)),
    one(leaf('PObrigada', flag01)),
    one(leaf('PEP', flag01)),
    one(leaf('ServPub', { pattern: /^[0-4]$/, describe: '0 não, 1 sim, 2 federal, 3 estadual, 4 municipal' })),
  ],
};

const ocorrencia: ElementSpec = {
  name: 'OCORRENCIA',
  attributes: [],
  children: [
    one(
      leaf('NumOcorrencia', {
        pattern: /^[0-9A-Za-z./-]{1,50}$/,
        describe: "the institution's occurrence number (1 to 50 letters, digits, . / -)",
      }),
    ),
    one(leaf('CPFCNPJCom', { pattern: /^[0-9A-Z]{12}\d{2}$/, describe: 'the CNPJ of the reporting institution (14 characters)' })),
    one(leaf('DtInicio', day)),
    one(leaf('DtFim', day)),
    one(leaf('AgNum', { pattern: /^[0-9A-Za-z-]{1,10}$/, describe: 'an agency number' })),
    one(leaf('AgNome', textOf(1, 100))),
    one(leaf('AgMun', textOf(1, 100))),
    one(leaf('AgUF', { pattern: new RegExp(`^(${ufs})$`), describe: 'a state (UF) of Brazil' })),
    one(leaf('Det', textOf(1, 8000))),
    one(leaf('VlCred', amount)),
    one(leaf('VlDeb', amount)),
    one(leaf('VlProv', amount)),
    one(leaf('VlProp', amount)),
    one({
      name: 'ENQUADRAMENTOS',
      children: [{ spec: leaf('CodEnq', { pattern: /^\d{1,6}$/, describe: 'a code of the CodEnq table' }), min: 1, max: 100 }],
    }),
    one({ name: 'ENVOLVIDOS', children: [{ spec: envolvido, min: 1, max: 1000 }] }),
  ],
};

export const siscoafLayout: ElementSpec = {
  name: 'LOTE',
  children: [one({ name: 'OCORRENCIAS', attributes: ['ID'], children: [{ spec: ocorrencia, min: 1, max: 10_000 }] })],
};

/** A batch must stay under 1 MB (docs/reports.md). */
export const SISCOAF_BATCH_MAX_BYTES = 1024 * 1024;
const declaration = '<?xml version="1.0" encoding="ISO-8859-1"?>';

type Node = {
  nodeType: number;
  nodeName: string;
  childNodes: Iterable<Node>;
  textContent: string | null;
  attributes?: { length: number; item(i: number): { name: string } | null };
};

/** Open and close tags balance (the DOM parser used below forgives a mismatched close tag). */
function unbalancedTag(text: string): string | null {
  const stack: string[] = [];
  for (const [, close, name, selfClosing] of text
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\?[\s\S]*?\?>/g, '')
    .matchAll(/<(\/?)([A-Za-z_][\w.-]*)[^>]*?(\/?)>/g)) {
    if (selfClosing) continue;
    if (!close) stack.push(name);
    else if (stack.pop() !== name) return `</${name}> closes nothing open`;
  }
  return stack.length > 0 ? `<${stack[stack.length - 1]}> is never closed` : null;
}

function checkElement(node: Node, spec: ElementSpec, path: string, problems: string[]): void {
  const attributes = Array.from({ length: node.attributes?.length ?? 0 }, (_, i) => node.attributes!.item(i)!.name);
  const allowed = spec.attributes ?? [];
  for (const a of attributes) if (!allowed.includes(a)) problems.push(`${path}: unexpected attribute ${a}`);
  for (const a of allowed) if (!attributes.includes(a)) problems.push(`${path}: missing attribute ${a}`);
  const children = [...node.childNodes].filter((c) => c.nodeType === 1);
  if (spec.text) {
    if (children.length > 0) problems.push(`${path}: must hold text only`);
    const text = node.textContent ?? '';
    if (!spec.text.pattern.test(text)) problems.push(`${path}: "${text.slice(0, 40)}" is not ${spec.text.describe}`);
    return;
  }
  let i = 0;
  for (const { spec: child, min, max } of spec.children ?? []) {
    let count = 0;
    while (i < children.length && children[i].nodeName === child.name && count < max) {
      checkElement(children[i], child, `${path}/${child.name}[${count + 1}]`, problems);
      i += 1;
      count += 1;
    }
    if (count < min)
      problems.push(
        `${path}: expected ${child.name}${i < children.length ? `, found ${children[i].nodeName}` : ''} (order: ${(spec.children ?? []).map((c) => c.spec.name).join(', ')})`,
      );
  }
  for (const extra of children.slice(i))
    problems.push(`${path}: unexpected ${extra.nodeName} here (order: ${(spec.children ?? []).map((c) => c.spec.name).join(', ')})`);
}

/**
 * Every way `bytes` departs from the layout: size, the ISO-8859-1 declaration and encoding
 * (UTF-8 bytes read as Latin-1 show as "Ã" pairs), then structure, order, attributes and the
 * format of every value. Empty when the batch conforms.
 */
export function checkSiscoafLayout(bytes: Buffer): string[] {
  const problems: string[] = [];
  if (bytes.length >= SISCOAF_BATCH_MAX_BYTES) problems.push(`the batch has ${bytes.length} bytes: it must stay under 1 MB`);
  const text = decodeLatin1(bytes);
  if (!text.startsWith(declaration)) problems.push(`the batch must begin with ${declaration}`);
  if (/[\u00c2\u00c3][\u0080-\u00bf]/.test(text)) problems.push('the bytes look like UTF-8, not ISO-8859-1');
  const unbalanced = unbalancedTag(text);
  if (unbalanced) return [...problems, `not well-formed XML: ${unbalanced}`];
  let root: Node;
  try {
    root = create(text).root().node as unknown as Node;
  } catch (error) {
    return [...problems, `not well-formed XML: ${(error as Error).message}`];
  }
  if (root.nodeName !== siscoafLayout.name) return [...problems, `the root must be ${siscoafLayout.name}, not ${root.nodeName}`];
  checkElement(root, siscoafLayout, '/LOTE', problems);
  return problems;
}
