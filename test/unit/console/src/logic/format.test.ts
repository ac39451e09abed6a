import {
  formatBasisPoints,
  formatDateTime,
  formatDuration,
  formatNumber,
  formatPercent,
  riskTone,
  shortHash,
} from '../../../../../console/src/logic/format';

describe('how the console writes numbers, dates and hashes', () => {
  it.each([
    [38.368512, 'en', '38.37%'],
    [38.368512, 'pt', '38,37%'],
    ['91.000000', 'en', '91%'],
    [null, 'en', '—'],
    ['abc', 'pt', '—'],
  ] as const)('percent %p in %s reads %s', (value, language, text) => {
    expect(formatPercent(value, language)).toBe(text);
  });

  it.each([
    [100000, 'en', 0, '100,000'],
    [100000, 'pt', 0, '100.000'],
    [0.75, 'pt', 2, '0,75'],
    [null, 'en', 0, '—'],
  ] as const)('number %p in %s', (value, language, digits, text) => {
    expect(formatNumber(value, language, digits)).toBe(text);
  });

  it('writes instants in UTC with the language’s date order', () => {
    expect(formatDateTime('2026-11-23T02:48:21.000Z', 'en')).toBe('23/11/2026, 02:48:21 UTC');
    expect(formatDateTime('2026-11-23T02:48:21.000Z', 'pt')).toMatch(/^23\/11\/2026,? 02:48:21 UTC$/);
    expect(formatDateTime(null, 'en')).toBe('—');
    expect(formatDateTime('not a date', 'en')).toBe('not a date');
  });

  it('reads basis points as factors and shortens hashes', () => {
    expect(formatBasisPoints(7500, 'en')).toBe('0.75');
    expect(formatBasisPoints(-2500, 'pt')).toBe('-0,25');
    expect(shortHash('1ec8840dd6b953fcc7f37701859706c5')).toBe('1ec8840dd6b9…');
    expect(shortHash('abc')).toBe('abc');
    expect(shortHash(null)).toBe('—');
  });

  it('writes durations and risk tones', () => {
    expect(formatDuration(250, 'en')).toBe('250 ms');
    expect(formatDuration(1500, 'pt')).toBe('1,5 s');
    expect(riskTone('critical')).toBe('critical');
    expect(riskTone('clean')).toBe('neutral');
    expect(riskTone(undefined)).toBe('neutral');
  });
});
