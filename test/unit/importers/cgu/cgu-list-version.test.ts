import { cguListVersion } from '../../../../importers/cgu/cgu-list-version';

describe('the version of a CEPIM / CEAF download', () => {
  it.each([
    ['/tmp/20261101_CEPIM.csv', undefined, '2026-11-01'],
    ['/tmp/20261101_CEAF.zip', undefined, '2026-11-01'],
    ['/tmp/cepim.csv', '2026-10-31', '2026-10-31'],
    ['/tmp/20261101_CEPIM.csv', '2026-11-02', '2026-11-02'],
  ])('%s with --version %p → %s', (file, given, version) => {
    expect(cguListVersion('cepim', file, given)).toEqual({ version, published_at: `${version}T00:00:00.000Z` });
  });

  it.each([
    ['/tmp/cepim.csv', undefined, /name the file YYYYMMDD_CEPIM\.csv .* or pass --version YYYY-MM-DD/],
    ['/tmp/20261301_CEPIM.csv', undefined, /name the file/],
    ['/tmp/cepim.csv', '2026-02-30', /--version "2026-02-30" is not a date/],
  ])('%s with --version %p is refused', (file, given, message) => {
    expect(() => cguListVersion('cepim', file, given)).toThrow(message);
  });
});
