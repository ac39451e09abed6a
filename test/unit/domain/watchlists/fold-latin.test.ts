import { foldLatin } from '../../../../domain/watchlists/fold-latin';

describe('foldLatin', () => {
  it.each([
    ['AÇÚCAR', 'acucar'],
    ["O'Brien", 'obrien'],
    ['Ma‘mun', 'mamun'],
    ['Straße', 'strasse'],
    ['Łódź', 'lodz'],
    ['Ørsted', 'orsted'],
    ['Þór', 'thor'],
    ['beschränkter', 'beschrankter'],
  ])('%j → %j', (word, folded) => expect(foldLatin(word)).toBe(folded));
});
