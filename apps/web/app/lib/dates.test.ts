import { describe, expect, it } from 'vitest';
import { daysBetween, firmDayOf } from './dates.ts';

describe('the firm calendar', () => {
  it("names an instant's day as the firm (Central time) sees it", () => {
    // 03:00 UTC on March 10 is still the evening of March 9 in Chicago; 06:00 UTC is March 10.
    expect(firmDayOf('2026-03-10T03:00:00Z')).toBe('2026-03-09');
    expect(firmDayOf(new Date('2026-03-10T06:00:00Z'))).toBe('2026-03-10');
    // Daylight saving time: midnight in Chicago is 05:00 UTC in summer, 06:00 UTC in winter.
    expect(firmDayOf('2026-07-10T05:30:00Z')).toBe('2026-07-10');
    expect(firmDayOf('2026-01-10T05:30:00Z')).toBe('2026-01-09');
  });

  it('counts whole calendar days between two days, across a daylight-saving change', () => {
    expect(daysBetween('2026-03-07', '2026-03-10')).toBe(3);
    expect(daysBetween('2026-03-10', '2026-03-07')).toBe(-3);
    expect(daysBetween('2026-11-01', '2026-11-01')).toBe(0);
    // Entered a status late yesterday, firm time: one day in it today, though fewer than 24 hours ago.
    expect(daysBetween(firmDayOf('2026-03-10T04:30:00Z'), firmDayOf('2026-03-10T16:00:00Z'))).toBe(1);
  });
});
