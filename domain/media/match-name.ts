import { alignOrganizationName } from './align-organization-name';
import { alignPersonName } from './align-person-name';
import type { NameMatch } from './match-types';
import type { NameProfile } from './name-profile';
import { type ContentToken, contentTokens } from './token-sequence';
import { tokenizeText, TextToken } from './tokenize-text';

/**
 * Version of the matching rules and word lists (domain/media/*). It is stored with every
 * screening and hit so that a verdict can be replayed and explained years later.
 */
export const MATCHER_VERSION = 'media-matcher-1.0.0';

/** Hits below this score are not reported (docs/adverse-media.md explains the scale). */
export const REPORT_THRESHOLD = 70;

/**
 * The best place where `profile` occurs in `text`, or null; tokens and their content words may be
 * passed when already computed (screenArticle computes them once per field for all names).
 */
export function matchName(
  profile: NameProfile,
  text: string,
  tokens: TextToken[] = tokenizeText(text),
  content: ContentToken[] = contentTokens(tokens),
): NameMatch | null {
  return profile.kind === 'person'
    ? alignPersonName(profile, text, tokens, content)
    : alignOrganizationName(profile, text, tokens, content);
}
