import { normalizeName } from '../names/normalize-name';
import {
  commonGivenNames,
  commonSurnames,
  companyFormAliases,
  generationalSuffixes,
  genericBusinessWords,
  particles,
} from './name-vocabulary';
import { tokenizeText } from './tokenize-text';

/** How the matcher treats a name: persons and organizations fail in different ways. */
export type NameKind = 'person' | 'organization';

/**
 * A screened name, prepared once: `words` are its tokens without joining particles (company
 * forms canonicalized and kept in place), `core` drops the company forms, `distinctive` also
 * drops generic business words. Matching rules are phrased over these three lists.
 */
export type NameProfile = {
  kind: NameKind;
  normalized: string;
  words: string[];
  core: string[];
  distinctive: string[];
  forms: string[];
  /** Every core word is a very common given name, surname or generational suffix. */
  allCommon: boolean;
  endsWithGenerationalSuffix: boolean;
};

export function isCommonWord(word: string): boolean {
  return commonGivenNames.has(word) || commonSurnames.has(word) || generationalSuffixes.has(word);
}

export function buildNameProfile(name: string, kind: NameKind): NameProfile {
  const all = tokenizeText(name)
    .map((t) => t.word)
    .filter((w) => !particles.has(w));
  // A person called "Me" is not a microempresa: company forms only mean something for organizations.
  const isForm = (w: string) => kind === 'organization' && Object.values(companyFormAliases).includes(w);
  const words = all;
  const core = words.filter((w) => !isForm(w));
  const distinctive = kind === 'organization' ? core.filter((w) => !genericBusinessWords.has(w)) : core;
  return {
    kind,
    normalized: normalizeName(name),
    words,
    core,
    distinctive,
    forms: words.filter(isForm),
    allCommon: core.length > 0 && core.every(isCommonWord),
    endsWithGenerationalSuffix: core.length > 0 && generationalSuffixes.has(core[core.length - 1]),
  };
}
