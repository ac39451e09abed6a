import { endOfNextBusinessDay, endOfSaoPauloDay, saoPauloDayOf } from '../../../../domain/calendar/sao-paulo-time';

describe('São Paulo time', () => {
  it.each([
    ['2026-11-25T12:00:00.000Z', '2026-11-25'],
    ['2026-11-26T02:59:59.999Z', '2026-11-25'], // 23:59:59.999 local
    ['2026-11-26T03:00:00.000Z', '2026-11-26'], // midnight local
  ])('%s is %s in São Paulo', (instant, day) => {
    expect(saoPauloDayOf(new Date(instant))).toBe(day);
  });

  it('ends a day at 23:59:59.999 local, 02:59:59.999 UTC the next day', () => {
    expect(endOfSaoPauloDay('2026-11-25').toISOString()).toBe('2026-11-26T02:59:59.999Z');
  });
});

describe('endOfNextBusinessDay', () => {
  it.each([
    ['a Wednesday noon', '2026-11-25T15:00:00.000Z', '2026-11-27T02:59:59.999Z'],
    ['late Wednesday night local (already Thursday in UTC)', '2026-11-26T02:30:00.000Z', '2026-11-27T02:59:59.999Z'],
    ['Thursday before the Consciência Negra Friday', '2026-11-19T15:00:00.000Z', '2026-11-24T02:59:59.999Z'],
    ['a Friday: the next Monday', '2026-11-27T15:00:00.000Z', '2026-12-01T02:59:59.999Z'],
    ['a Saturday: the next Monday', '2026-11-28T15:00:00.000Z', '2026-12-01T02:59:59.999Z'],
    ['the Friday before Carnival 2026: Ash Wednesday', '2026-02-13T15:00:00.000Z', '2026-02-19T02:59:59.999Z'],
    ['the Wednesday before Corpus Christi 2025', '2025-06-18T15:00:00.000Z', '2025-06-21T02:59:59.999Z'],
    ['the Thursday before Good Friday 2027', '2027-03-25T15:00:00.000Z', '2027-03-30T02:59:59.999Z'],
    ["New Year's Eve 2024 (Tuesday)", '2024-12-31T15:00:00.000Z', '2025-01-03T02:59:59.999Z'],
  ])('%s', (_name, instant, expected) => {
    expect(endOfNextBusinessDay(new Date(instant)).toISOString()).toBe(expected);
  });

  it('refuses an invalid date', () => {
    expect(() => endOfNextBusinessDay(new Date('x'))).toThrow(RangeError);
  });
});
