import { normalizeName } from '../names/normalize-name';

/** Elective offices (mandato eletivo) in CGU's role descriptions; every other PEP role is a public official. */
const electiveWords = [
  'DEPUTADO',
  'SENADOR',
  'VEREADOR',
  'PREFEITO',
  'GOVERNADOR',
  'PRESIDENTE DA REPUBLICA',
  'VICE PRESIDENTE DA REPUBLICA',
  'VICE PREFEITO',
  'VICE GOVERNADOR',
];

export function classifyPepRole(roleDescription: string | null, roleAcronym: string | null): 'elected_official' | 'public_official' {
  const text = normalizeName(`${roleDescription ?? ''} ${roleAcronym ?? ''}`);
  return electiveWords.some((w) => text.includes(w)) ? 'elected_official' : 'public_official';
}
