import { describe, expect, it } from 'vitest';
import { dueDateOf, legalHolidays, nextBusinessDay } from './due-dates.ts';

describe('dueDateOf', () => {
  it('gives federal and state returns April 15 of the next year, October 15 once extended', () => {
    expect(dueDateOf('federal', 2025)).toBe('2026-04-15'); // a Wednesday
    expect(dueDateOf('state', 2025)).toBe('2026-04-15');
    expect(dueDateOf('federal', 2025, { extended: true })).toBe('2026-10-15');
    expect(dueDateOf('state', 2025, { extended: true })).toBe('2026-10-15');
  });

  it('moves a date on a weekend to the Monday (the IRS dates of 2023 and 2022)', () => {
    expect(dueDateOf('federal', 2022, { extended: true })).toBe('2023-10-16'); // October 15, 2023: a Sunday
    expect(dueDateOf('federal', 2021, { extended: true })).toBe('2022-10-17'); // a Saturday
  });

  it("moves past Emancipation Day, the District of Columbia's legal holiday (2022: April 18; 2017: April 18)", () => {
    // April 16, 2022 was a Saturday, observed Friday April 15: the deadline moved to Monday April 18.
    expect(dueDateOf('federal', 2021)).toBe('2022-04-18');
    // April 15, 2017 was a Saturday; Monday April 17 was Emancipation Day observed: Tuesday April 18.
    expect(dueDateOf('federal', 2016)).toBe('2017-04-18');
    // April 16, 2019 was a Tuesday: April 15 stood.
    expect(dueDateOf('federal', 2018)).toBe('2019-04-15');
  });

  it('gives the FBAR April 15, and October 15 with its automatic extension recorded', () => {
    expect(dueDateOf('fbar', 2025)).toBe('2026-04-15');
    expect(dueDateOf('fbar', 2025, { extended: true })).toBe('2026-10-15');
    expect(dueDateOf('fbar', 2021)).toBe('2022-04-18');
  });

  it('gives the extension the return’s own April date, extended or not', () => {
    expect(dueDateOf('extension', 2025)).toBe('2026-04-15');
    expect(dueDateOf('extension', 2025, { extended: true })).toBe('2026-04-15');
    expect(dueDateOf('extension', 2021)).toBe('2022-04-18');
  });

  it('gives the Indian return July 31, unmoved by US weekends and holidays', () => {
    expect(dueDateOf('itr', 2025)).toBe('2026-07-31');
    expect(dueDateOf('itr', 2026)).toBe('2027-07-31'); // a Saturday: India's date stands
  });

  it('has no rule for an amended return or other work: staff give the date', () => {
    expect(dueDateOf('amended', 2025)).toBeNull();
    expect(dueDateOf('other', 2025)).toBeNull();
  });
});

describe('legalHolidays and nextBusinessDay', () => {
  it('lists the federal holidays as observed, and Emancipation Day', () => {
    expect([...legalHolidays(2026)].sort()).toEqual([
      '2026-01-01',
      '2026-01-19', // Martin Luther King, Jr.: third Monday of January
      '2026-02-16', // Washington's Birthday: third Monday of February
      '2026-04-16', // Emancipation Day
      '2026-05-25', // Memorial Day: last Monday of May
      '2026-06-19',
      '2026-07-03', // July 4 is a Saturday: observed Friday
      '2026-09-07', // Labor Day
      '2026-10-12', // Columbus Day
      '2026-11-11',
      '2026-11-26', // Thanksgiving: fourth Thursday
      '2026-12-25',
    ]);
    // A Sunday holiday is observed on the Monday: New Year's Day 2023, Christmas 2022.
    expect(legalHolidays(2023).has('2023-01-02')).toBe(true);
    expect(legalHolidays(2022).has('2022-12-26')).toBe(true);
  });

  it('keeps a business day and moves past weekends and holidays', () => {
    expect(nextBusinessDay('2026-04-15')).toBe('2026-04-15');
    expect(nextBusinessDay('2026-07-03')).toBe('2026-07-06'); // observed holiday, then the weekend
    expect(nextBusinessDay('2026-11-26')).toBe('2026-11-27');
    expect(nextBusinessDay('2026-12-26')).toBe('2026-12-28');
    // January 1, 2022 was a Saturday: New Year's Day was observed on Friday, December 31, 2021.
    expect(legalHolidays(2022).has('2021-12-31')).toBe(true);
    expect(nextBusinessDay('2021-12-31')).toBe('2022-01-03');
  });
});
