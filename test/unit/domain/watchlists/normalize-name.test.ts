import { comparableTokens, normalizeWatchlistName } from '../../../../domain/watchlists/normalize-name';
import type { WatchlistSchema } from '../../../../domain/watchlists/watchlist-entry';

const show = (raw: string, schema: WatchlistSchema) =>
  normalizeWatchlistName(raw, schema)
    .tokens.map((t) => `${t.text}:${t.kind}${t.consonantal ? '*' : ''}`)
    .join(' ');

describe('normalizeWatchlistName', () => {
  it.each([
    ['José  MARÍA Núñez', 'person', 'jose:name maria:name nunez:name'],
    ["Ma'mun O’Brien", 'person', 'mamun:name obrien:name'],
    ['Straße Łukasz Øster', 'person', 'strasse:name lukasz:name oster:name'],
    [
      'Usama bin Muhammad bin Awad BIN LADIN',
      'person',
      'usama:name bin:particle muhammad:name bin:particle awad:name bin:particle ladin:name',
    ],
    ['Abd al-Rahman', 'person', 'abdulrahman:name'],
    ['Abdel Rahman', 'person', 'abdulrahman:name'],
    ['Abdurrahman', 'person', 'abdulrahman:name'],
    ['Abdallah', 'person', 'abdullah:name'],
    ['Abdou Diouf', 'person', 'abdou:name diouf:name'],
    ['عبد الرحمن', 'person', 'abdulrhmn:name*'],
    ['محمد بن سلمان', 'person', 'mhmd:name* bin:particle* slman:name*'],
    ['Сергей Хрущёв', 'person', 'sergey:name khrushchev:name'],
    ['Олексій Гнатюк', 'person', 'oleksiy:name hnatyuk:name'],
    ['Sheikh Ahmed Yassin', 'person', 'sheikh:title ahmed:name yassin:name'],
    ['João dos Santos Filho', 'person', 'joao:name dos:particle santos:name filho:title'],
    ['ACME Trading Co., L.L.C.', 'organization', 'acme:name trading:generic co:legal_form llc:legal_form'],
    ['Construtora Alfa S/A', 'organization', 'construtora:name alfa:name sa:legal_form'],
    ['Padaria Bom Pão Ltda - ME', 'organization', 'padaria:name bom:name pao:name ltda:legal_form me:legal_form'],
    ['Me Corp', 'person', 'me:name corp:name'],
    ['ООО «Восток»', 'organization', 'ooo:legal_form vostok:name'],
    ['Padaria Ao Pão', 'organization', 'padaria:name ao:name pao:name'],
    ['Anna Jurʹevna', 'person', 'anna:name jurevna:name'],
    ['Abd-un-Nasir', 'person', 'abdulnasir:name'],
    ['习近平', 'person', ''],
    ['', 'person', ''],
  ] as const)('%j (%s) → %s', (raw, schema, expected) => expect(show(raw, schema)).toBe(expected));

  it.each([
    ['GLOBAL TRADING CORP', ['global', 'trading']],
    ['Al-Qaida', ['qaida']],
    ['Dr. Ayman al-Zawahiri', ['ayman', 'zawahiri']],
  ])('comparable tokens of %j: %j', (raw, expected) => {
    const schema = raw.includes('CORP') ? 'organization' : 'person';
    expect(comparableTokens(normalizeWatchlistName(raw, schema)).map((t) => t.text)).toEqual(expected);
  });
});
