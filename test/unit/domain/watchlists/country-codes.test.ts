import { countryCodeOf, isIsoCountryCode, isoCountryCodes } from '../../../../domain/watchlists/country-codes';

describe('country names as the lists and registries print them → ISO 3166-1 alpha-2', () => {
  it.each([
    ['Yemen', 'YE'],
    ["Democratic People's Republic of Korea", 'KP'],
    ['Korea, North', 'KP'],
    ['Republic of Korea', 'KR'],
    ['Iran (Islamic Republic of)', 'IR'],
    ['IRAN (ISLAMIC REPUBLIC OF)', 'IR'],
    ['Russian Federation', 'RU'],
    ['Russia', 'RU'],
    ['Syrian Arab Republic', 'SY'],
    ["Côte d'Ivoire", 'CI'],
    ['COTE D IVOIRE', 'CI'],
    ['Congo, Democratic Republic of the', 'CD'],
    ['Viet Nam', 'VN'],
    ['The Netherlands', 'NL'],
    ['United Kingdom of Great Britain and Northern Ireland', 'GB'],
    ['United States', 'US'],
    ['Türkiye', 'TR'],
    ['Venezuela (Bolivarian Republic of)', 'VE'],
    // Receita Federal's spellings (Portuguese)
    ['ESTADOS UNIDOS', 'US'],
    ['Alemanha', 'DE'],
    ['REINO UNIDO', 'GB'],
    ['COREIA DO SUL', 'KR'],
    ['Emirados Árabes Unidos', 'AE'],
    ['PAÍSES BAIXOS', 'NL'],
    ['Brasil', 'BR'],
    ['África do Sul', 'ZA'],
    // codes pass through, unknown names give nothing (no guessed nationality)
    ['br', 'BR'],
    ['IR', 'IR'],
    ['Atlantis', undefined],
    ['', undefined],
    [null, undefined],
  ])('%p → %p', (name, code) => {
    expect(countryCodeOf(name)).toBe(code);
  });

  it.each([
    ['BR', true],
    ['GB', true],
    ['UK', false],
    ['XK', false],
    ['br', false],
    ['ZZ', false],
  ])('%s is an assigned code: %p', (code, assigned) => {
    expect(isIsoCountryCode(code)).toBe(assigned);
  });

  it('holds the 249 assigned codes, each once', () => {
    expect(isoCountryCodes).toHaveLength(249);
    expect(new Set(isoCountryCodes).size).toBe(249);
  });
});
