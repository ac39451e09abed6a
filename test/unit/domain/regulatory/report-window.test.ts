import { currentRegulatoryManifest } from '../../../../domain/regulatory/manifest-registry';
import { isWindowOpen, reportWindow } from '../../../../domain/regulatory/report-window';

describe('report window', () => {
  const completed = new Date('2026-11-20T10:15:00.000Z');
  const window = reportWindow(completed, currentRegulatoryManifest);

  it('runs 24 hours from the completion of the analysis', () => {
    expect(window).toEqual({ anchor_at: '2026-11-20T10:15:00.000Z', expires_at: '2026-11-21T10:15:00.000Z' });
  });

  it('has no window before the analysis completes', () => {
    expect(reportWindow(null, currentRegulatoryManifest)).toBeNull();
    expect(isWindowOpen(null, completed)).toBe(false);
  });

  it.each([
    ['at completion', '2026-11-20T10:15:00.000Z', true],
    ['23h59 later', '2026-11-21T10:14:59.999Z', true],
    ['exactly 24 h later', '2026-11-21T10:15:00.000Z', false],
    ['two days later', '2026-11-22T10:15:00.000Z', false],
  ])('is open %s: %s → %s', (_label, now, open) => {
    expect(isWindowOpen(window, new Date(now))).toBe(open);
  });
});
