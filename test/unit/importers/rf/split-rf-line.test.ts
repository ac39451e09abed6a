import { splitRfLine } from '../../../../importers/rf/split-rf-line';

describe('splitRfLine', () => {
  it.each([
    ['"a";"b";"c"', ['a', 'b', 'c']],
    ['"BAR "DO ZE" LTDA";"x"', ['BAR "DO ZE" LTDA', 'x']],
    ['"SAY ""HI""";""', ['SAY "HI"', '']],
    ['01;Descrição', ['01', 'Descrição']],
    ['"";""', ['', '']],
  ])('%s', (line, expected) => expect(splitRfLine(line)).toEqual(expected));
});
