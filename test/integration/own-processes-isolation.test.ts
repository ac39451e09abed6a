import { request } from '../support/http';
import { apiUrl } from '../support/stack';

// The own-processes project's setup file keeps its tests off the shared api (docs/testing.md,
// "How long the suite takes"): the shared-stack tests count that api's requests exactly.
describe('own-processes tests and the shared api', () => {
  it('cannot reach the shared api, with a key or without', async () => {
    expect(() => apiUrl()).toThrow(/own-processes test calls the shared api/);
    await expect(request('GET', '/healthz')).rejects.toThrow(/own-processes test calls the shared api/);
  });
});
