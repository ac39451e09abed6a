import { eventActions, eventsQuery } from '../../../../../console/src/logic/webhook-actions';

describe('what a webhook event offers', () => {
  it.each([
    ['failed', ['retry', 'resend']],
    ['succeeded', ['resend']],
    ['canceled', ['resend']],
    ['pending', []],
    ['delivering', []],
  ])('a %s event offers %j', (status, actions) => {
    expect(eventActions(status)).toEqual(actions);
  });

  it('builds the events query from set filters only', () => {
    expect(eventsQuery({ status: 'failed', endpoint_uuid: '', type: '' })).toBe('?status=failed');
    expect(eventsQuery({ status: '', endpoint_uuid: '', type: '' }, 'c1')).toBe('?cursor=c1');
  });
});
