import { ar, base, fa, Faker, ko, ru, tr, uk, vi, zh_CN } from '@faker-js/faker';
import anyAscii from 'any-ascii';
import { seedNumber } from '../../generator/prng';
import type { HeldOutLocale, NativePerson, Romanizer } from './held-out-set';

/**
 * The held-out set's sources, none of them the matcher's (docs/watchlists.md, "The held-out
 * set"): people drawn from `@faker-js/faker`'s locale name lists with a fixed seed (faker is
 * pinned, so the same seed draws the same people), and the `any-ascii` transliteration.
 */
const locales = { ar, fa, ru, uk, zh_CN, ko, tr, vi } as const;

// Russian and Ukrainian people carry a patronymic, as their documents do; faker's middle names
// for those locales are patronymics.
const withPatronymic: ReadonlySet<HeldOutLocale> = new Set(['ru', 'uk']);

export function drawFakerPeople(locale: HeldOutLocale, count: number, seed: string): NativePerson[] {
  const faker = new Faker({ locale: [locales[locale], base] });
  faker.seed(seedNumber(`${seed}:${locale}`));
  const people: NativePerson[] = [];
  for (let i = 0; i < count; i++) {
    const sex = i % 2 === 0 ? 'male' : 'female';
    people.push({
      given: faker.person.firstName(sex),
      middle: withPatronymic.has(locale) ? faker.person.middleName(sex) : null,
      family: faker.person.lastName(sex),
      female: sex === 'female',
    });
  }
  return people;
}

export const anyAsciiRomanizer: Romanizer = { name: 'any-ascii', romanize: anyAscii };
