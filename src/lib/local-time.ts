// Experiences start at a local wall-clock date and time. Deadlines and "today" are therefore
// taken in the experience's own time zone: by country, with the cities of countries that span
// several zones named explicitly. Pure (Intl only), so the browser and the server agree.

const COUNTRY_ZONES: Record<string, string> = {
  SG: 'Asia/Singapore',
  MY: 'Asia/Kuala_Lumpur',
  ID: 'Asia/Jakarta',
  TH: 'Asia/Bangkok',
  VN: 'Asia/Ho_Chi_Minh',
  KH: 'Asia/Phnom_Penh',
  LA: 'Asia/Vientiane',
  MM: 'Asia/Yangon',
  PH: 'Asia/Manila',
  TW: 'Asia/Taipei',
  CN: 'Asia/Shanghai',
  JP: 'Asia/Tokyo',
  LK: 'Asia/Colombo',
  NP: 'Asia/Kathmandu',
  IN: 'Asia/Kolkata',
  BT: 'Asia/Thimphu',
};

/** Cities east of Java keep Indonesia's central (WITA) or eastern (WIT) time. */
const CITY_ZONES: Record<string, string> = {
  ubud: 'Asia/Makassar',
  denpasar: 'Asia/Makassar',
  'labuan-bajo': 'Asia/Makassar',
  'raja-ampat': 'Asia/Jayapura',
};

export function timeZoneOf(countryCode: string, citySlug?: string): string {
  return (citySlug && CITY_ZONES[citySlug]) || COUNTRY_ZONES[countryCode.toUpperCase()] || 'Asia/Singapore';
}

/** The wall-clock date and time in a zone: { date: 'YYYY-MM-DD', time: 'HH:MM' }. */
export function localNow(zone: string, now: Date = new Date()): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '00';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` };
}

/** The instant of a local wall-clock date and time in a zone. */
export function zonedInstant(date: string, time: string, zone: string): Date {
  const guess = new Date(`${date}T${time}:00Z`);
  // The zone's offset at that moment, found by formatting the guess there (twice for DST edges).
  let t = guess.getTime();
  for (let i = 0; i < 2; i++) {
    const seen = localNow(zone, new Date(t));
    const drift = new Date(`${seen.date}T${seen.time}:00Z`).getTime() - guess.getTime();
    t -= drift;
  }
  return new Date(t);
}

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' + n days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) throw new Error(`Not a date: ${date}`);
  return new Date(d.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from a to b (dates). */
export function daysBetween(a: string, b: string): number {
  return Math.round((new Date(`${b}T00:00:00Z`).getTime() - new Date(`${a}T00:00:00Z`).getTime()) / DAY_MS);
}

/** 0 = Monday … 6 = Sunday. */
export function weekdayOf(date: string): number {
  return (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** Spec §5 date picker: the last day of the month one year ahead of `today`. */
export function lastBookableDate(today: string): string {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const end = new Date(Date.UTC(y + 1, m, 0)); // day 0 of the next month = last day of this month, a year on
  return end.toISOString().slice(0, 10);
}

/** 'HH:MM' + minutes, wrapping past midnight. */
export function addMinutesToTime(time: string, minutes: number): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const total = (((h * 60 + m + minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}
