import type { NameMatch } from '../../../../../domain/media/match-types';
import { buildNameProfile, type NameKind, type NameProfile } from '../../../../../domain/media/name-profile';
import { contentTokens, type ContentToken } from '../../../../../domain/media/token-sequence';
import { tokenizeText, type TextToken } from '../../../../../domain/media/tokenize-text';

type Aligner = (profile: NameProfile, text: string, tokens: TextToken[], content: ContentToken[]) => NameMatch | null;

/** Runs one aligner as matchName does, and gives the matched text beside the match. */
export function align(aligner: Aligner, kind: NameKind, name: string, text: string) {
  const tokens = tokenizeText(text);
  const match = aligner(buildNameProfile(name, kind), text, tokens, contentTokens(tokens));
  return match && { type: match.match_type, score: match.score, text: text.slice(match.start, match.end) };
}
