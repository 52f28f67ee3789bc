// Calendar arithmetic on ISO dates ("YYYY-MM-DD") as plain civil dates: no Date objects, no
// time zone, so "today + 7 days" or "end of February" never shifts by a day around midnight or a
// daylight-saving change, whatever the TZ of the process.

import { DomainValidationError } from './errors.js';

export type IsoDate = string;

interface CivilDate {
  year: number;
  month: number; // 1..12
  day: number; // 1..31
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function parse(date: IsoDate, field: string): CivilDate {
  const match = typeof date === 'string' ? ISO_DATE.exec(date) : null;
  if (match) {
    const civil = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
    if (civil.month >= 1 && civil.month <= 12 && civil.day >= 1 && civil.day <= daysInMonth(civil.year, civil.month)) {
      return civil;
    }
  }
  throw new DomainValidationError(field, `${field} must be a calendar date formatted YYYY-MM-DD, got "${String(date)}".`);
}

function format({ year, month, day }: CivilDate): IsoDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** True when `date` is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(date: unknown): date is IsoDate {
  if (typeof date !== 'string') return false;
  try {
    parse(date, 'date');
    return true;
  } catch {
    return false;
  }
}

/** Throws DomainValidationError naming `field` unless `date` is a valid ISO date; returns it. */
export function assertIsoDate(date: IsoDate, field: string): IsoDate {
  parse(date, field);
  return date;
}

// Days since 1970-01-01 of a civil date (H. Hinnant's algorithm), and back.
function toDayNumber({ year, month, day }: CivilDate): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function fromDayNumber(days: number): CivilDate {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return format(fromDayNumber(toDayNumber(parse(date, 'date')) + days));
}

/** Adds calendar months; the day is clamped to the end of the target month (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const { year, month, day } = parse(date, 'date');
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12 + 1;
  return format({ year: targetYear, month: targetMonth, day: Math.min(day, daysInMonth(targetYear, targetMonth)) });
}

export function endOfMonth(date: IsoDate): IsoDate {
  const { year, month } = parse(date, 'date');
  return format({ year, month, day: daysInMonth(year, month) });
}

/** The given day of the month of `date`, clamped to the month's length (31 in February -> 28/29). */
export function withDayOfMonth(date: IsoDate, dayOfMonth: number): IsoDate {
  const { year, month } = parse(date, 'date');
  return format({ year, month, day: Math.min(dayOfMonth, daysInMonth(year, month)) });
}

/** Negative, zero or positive like a comparator; ISO dates also compare correctly as strings. */
export function compareDates(a: IsoDate, b: IsoDate): number {
  return toDayNumber(parse(a, 'date')) - toDayNumber(parse(b, 'date'));
}

export function maxDate(a: IsoDate, b: IsoDate): IsoDate {
  return compareDates(a, b) >= 0 ? a : b;
}

export function dateParts(date: IsoDate): { year: number; month: number; day: number } {
  return parse(date, 'date');
}

/** The calendar date at `now` in an IANA time zone (the account's "today"). */
export function todayIn(timeZone: string, now: Date = new Date()): IsoDate {
  let zone = dayFormats.get(timeZone);
  if (!zone) {
    // Building a formatter costs far more than using one: one per time zone, kept.
    zone = {
      format: new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
      minute: NaN,
      date: '',
    };
    dayFormats.set(timeZone, zone);
  }
  // Today's offsets are whole minutes, so the local date only changes on a UTC minute boundary:
  // the date formatted once stays right for the rest of that minute.
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== zone.minute) {
    zone.date = zone.format.format(now);
    zone.minute = minute;
  }
  return zone.date;
}
const dayFormats = new Map<string, { format: Intl.DateTimeFormat; minute: number; date: IsoDate }>();
