import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** Parses XML the way a receiving system would (entities decoded, attributes as @name); throws on malformed XML. */
export function parseXml(xml: string): any {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`malformed XML: ${valid.err.msg} at line ${valid.err.line}`);
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    parseTagValue: false,
    isArray: (name) => ['CodEnq', 'ENVOLVIDO'].includes(name),
  }).parse(xml);
}
