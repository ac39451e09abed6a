import { watchlistCodes, watchlistSchemas } from '../../../../domain/watchlists/watchlist-entry';

describe('the watchlist vocabulary', () => {
  it.each([
    [watchlistCodes, ['un', 'ofac_sdn', 'eu_fsf']],
    [watchlistSchemas, ['person', 'organization']],
  ])('%#: %j', (values, expected) => expect([...values]).toEqual(expected));
});
