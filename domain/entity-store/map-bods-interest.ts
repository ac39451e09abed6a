import { bodsDate, bodsPercent } from './bods-fields';

export type BodsInterestRow = {
  ref: string;
  statementId: string;
  subjectRef: string;
  interestedRef: string | null;
  interestTypes: string[];
  shareExact: string | null;
  shareMinimum: string | null;
  shareMaximum: string | null;
  votingExact: string | null;
  votingMinimum: string | null;
  isDirect: boolean | null;
  beneficialOwnershipOrControl: boolean | null;
  startDate: string | null;
  endDate: string | null;
};

/** An ownership-or-control statement → the interest it declares (shares, voting, directness, dates). */
export function mapBodsInterest(
  recordForm: boolean,
  ref: string,
  statementId: string,
  details: Record<string, any>,
): { ok: true; interest: BodsInterestRow } | { ok: false; reason: string } {
  const subjectRef = recordForm ? details.subject : details.subject?.describedByEntityStatement;
  const party = details.interestedParty;
  const interestedRef = recordForm
    ? typeof party === 'string'
      ? party
      : null
    : (party?.describedByPersonStatement ?? party?.describedByEntityStatement ?? null);
  if (typeof subjectRef !== 'string') return { ok: false, reason: 'relationship: subject reference missing' };
  const interests: any[] = Array.isArray(details.interests) ? details.interests : [];
  const shares = interests.filter((i) => i?.type === 'shareholding');
  const votes = interests.filter((i) => i?.type === 'voting-rights' || i?.type === 'votingRights');
  const direct = interests.map((i) => i?.directOrIndirect);
  return {
    ok: true,
    interest: {
      ref,
      statementId,
      subjectRef,
      interestedRef,
      interestTypes: [...new Set(interests.map((i) => String(i?.type ?? 'unknown')))].sort(),
      shareExact: bodsPercent(shares[0]?.share?.exact),
      shareMinimum: bodsPercent(shares[0]?.share?.minimum ?? shares[0]?.share?.exclusiveMinimum),
      shareMaximum: bodsPercent(shares[0]?.share?.maximum ?? shares[0]?.share?.exclusiveMaximum),
      votingExact: bodsPercent(votes[0]?.share?.exact),
      votingMinimum: bodsPercent(votes[0]?.share?.minimum ?? votes[0]?.share?.exclusiveMinimum),
      isDirect: direct.includes('direct') ? true : direct.length > 0 && direct.every((d) => d === 'indirect') ? false : null,
      beneficialOwnershipOrControl: interests.some((i) => i?.beneficialOwnershipOrControl === true)
        ? true
        : interests.length
          ? false
          : null,
      startDate:
        interests
          .map((i) => bodsDate(i?.startDate))
          .filter(Boolean)
          .sort()[0] ?? null,
      endDate:
        interests
          .map((i) => bodsDate(i?.endDate))
          .filter(Boolean)
          .sort()
          .reverse()[0] ?? null,
    },
  };
}
