import { areSpellingVariants, nameSkeleton, variantKey } from '../../../../domain/watchlists/name-variants';

describe('spelling variants', () => {
  it.each([
    ['mohammed', 'muhammad', true],
    ['mohamed', 'mohamad', true],
    ['hussein', 'husayn', true],
    ['osama', 'usama', true],
    ['yusuf', 'youssef', true],
    ['yusuf', 'joseph', false],
    ['aleksandr', 'alexander', true],
    ['sergei', 'sergey', true],
    ['yuri', 'yury', true],
    ['volodymyr', 'vladimir', true],
    ['zhang', 'chang', true],
    ['maria', 'mario', false],
    ['smith', 'smith', false],
  ])('%s ~ %s: %s', (a, b, expected) => expect(areSpellingVariants(a, b)).toBe(expected));

  it.each([
    ['mohamed', 'muhammad'],
    ['husayn', 'hussein'],
    ['unknownname', null],
  ])('%s belongs to group %s', (token, key) => expect(variantKey(token)).toBe(key));
});

describe('nameSkeleton', () => {
  it.each([
    ['muhammad', 'mhmd'],
    ['mohammed', 'mhmd'],
    ['mhmd', 'mhmd'],
    ['hussein', 'hsn'],
    ['husayn', 'hsn'],
    ['alexander', 'lksndr'],
    ['aleksandr', 'lksndr'],
    ['abdullah', 'bdl'],
    ['abdulla', 'bdl'],
    ['osama', 'sm'],
    ['usamah', 'sm'],
    ['khaled', 'kld'],
    ['qadir', 'kdr'],
    ['kadir', 'kdr'],
    ['djamel', 'jml'],
    ['philipp', 'flp'],
    ['ali', 'l'],
    ['', ''],
  ])('%s → %s', (token, expected) => expect(nameSkeleton(token)).toBe(expected));
});
