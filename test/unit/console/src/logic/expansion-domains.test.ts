import { defaultDomains, domainsFor } from '../../../../../console/src/logic/expansion-domains';

describe('the domains a node expands by', () => {
  it('offers a proceeding the proceedings domain only, and never media', () => {
    expect(domainsFor('proceeding')).toEqual(['proceedings']);
    expect(domainsFor('entity')).not.toContain('media');
    expect(defaultDomains('entity')).toEqual(['ownership', 'administration', 'family']);
  });
});
