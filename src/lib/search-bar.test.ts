import { describe, expect, it } from 'vitest';
import {
  GUEST_MAX,
  SEARCH_HISTORY_MAX,
  addToHistory,
  decodeTopPlaces,
  encodeTopPlaces,
  dateWindow,
  formatRange,
  guestCount,
  guestsLabel,
  highlightParts,
  parseCounter,
  parseHistory,
  pickDate,
  resultHref,
  resultSubtitle,
  searchFailureText,
  searchHref,
  stepCounter,
  topCities,
  topCountries,
  truncateName,
} from './search-bar.ts';

describe('search history', () => {
  it('puts the newest first, trims, and ignores empty text', () => {
    expect(addToHistory([], '  bali  ')).toEqual(['bali']);
    expect(addToHistory(['bali'], 'kayak')).toEqual(['kayak', 'bali']);
    expect(addToHistory(['bali'], '   ')).toEqual(['bali']);
    expect(addToHistory([], 'sea   kayak')).toEqual(['sea kayak']);
  });

  it('deduplicates ignoring case, moving the entry to the front', () => {
    expect(addToHistory(['kayak', 'bali', 'nepal'], 'Bali')).toEqual(['Bali', 'kayak', 'nepal']);
  });

  it(`keeps at most ${SEARCH_HISTORY_MAX} entries`, () => {
    let h: string[] = [];
    for (let i = 1; i <= 12; i++) h = addToHistory(h, `q${i}`);
    expect(h).toEqual(['q12', 'q11', 'q10', 'q9', 'q8', 'q7', 'q6', 'q5']);
  });

  it.each([
    [null, []],
    ['', []],
    ['not json', []],
    ['{"a":1}', []],
    ['["bali", 3, "Bali", "kayak"]', ['bali', 'kayak']],
    [JSON.stringify(Array.from({ length: 12 }, (_, i) => `q${i}`)), ['q0', 'q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7']],
  ])('reads stored history %s', (raw, expected) => {
    expect(parseHistory(raw)).toEqual(expected);
  });
});

describe('truncateName', () => {
  it('keeps names of at most 38 characters', () => {
    const name = 'a'.repeat(38);
    expect(truncateName(name)).toBe(name);
  });
  it('cuts longer names to 38 characters with an ellipsis', () => {
    const out = truncateName('Sunrise Kayak Through the Mangroves of Pulau Ubin');
    expect([...out].length).toBeLessThanOrEqual(38);
    expect(out).toBe('Sunrise Kayak Through the Mangroves o…');
  });
  it('does not leave a space before the ellipsis', () => {
    expect(truncateName('abcd efgh', 6)).toBe('abcd…');
  });
});

describe('highlightParts', () => {
  it.each([
    ['Sea Kayaking in Bali', 'kayak', [{ text: 'Sea ', match: false }, { text: 'Kayak', match: true }, { text: 'ing in Bali', match: false }]],
    ['Bali', 'bali', [{ text: 'Bali', match: true }]],
    ['Kayak Bali', 'bali kayak', [{ text: 'Kayak', match: true }, { text: ' ', match: false }, { text: 'Bali', match: true }]],
    ['Singapore', 'singapre', [{ text: 'Singapore', match: false }]],
    ['Singapore', '', [{ text: 'Singapore', match: false }]],
    ['aaa', 'a', [{ text: 'aaa', match: true }]],
  ])('%s / %s', (name, q, parts) => {
    expect(highlightParts(name, q)).toEqual(parts);
  });
});

describe('resultSubtitle and resultHref', () => {
  it.each([
    [{ type: 'Activity' as const, cityName: 'Ubud', slugCode: 'x-1' }, 'Activity · Ubud', '/experiences/x-1'],
    [{ type: 'Collection' as const, cityName: 'Singapore', slugCode: 'wild-singapore' }, 'Collection · Singapore', '/collections/wild-singapore'],
    [{ type: 'City' as const, cityName: 'Indonesia', slugCode: 'ubud' }, 'City · Indonesia', '/cities/ubud'],
    [{ type: 'Country' as const, cityName: null, slugCode: 'nepal' }, 'Country', '/countries/nepal'],
    [{ type: 'Country' as const, cityName: null, slugCode: 'singapore' }, 'Country', '/cities/singapore'],
  ])('%o', (r, subtitle, href) => {
    expect(resultSubtitle(r)).toBe(subtitle);
    expect(resultHref(r)).toBe(href);
  });
});

describe('dates', () => {
  it('opens today and closes at the end of the month a year ahead', () => {
    expect(dateWindow('2026-11-23')).toEqual({ first: '2026-11-23', last: '2027-11-30' });
    expect(dateWindow('2028-02-10')).toEqual({ first: '2028-02-10', last: '2029-02-28' });
    expect(dateWindow('2027-12-31')).toEqual({ first: '2027-12-31', last: '2028-12-31' });
  });

  const w = dateWindow('2026-11-23');
  it('picks a start, then an end; an earlier day restarts', () => {
    let r = pickDate({ start: null, end: null }, '2026-12-01', w);
    expect(r).toEqual({ start: '2026-12-01', end: null });
    r = pickDate(r, '2026-12-05', w);
    expect(r).toEqual({ start: '2026-12-01', end: '2026-12-05' });
    expect(pickDate(r, '2026-12-10', w)).toEqual({ start: '2026-12-10', end: null });
    expect(pickDate({ start: '2026-12-05', end: null }, '2026-12-02', w)).toEqual({ start: '2026-12-02', end: null });
    expect(pickDate({ start: '2026-12-05', end: null }, '2026-12-05', w)).toEqual({ start: '2026-12-05', end: '2026-12-05' });
  });

  it('ignores days outside the window', () => {
    const r = { start: null, end: null };
    expect(pickDate(r, '2026-11-22', w)).toBe(r);
    expect(pickDate(r, '2027-12-01', w)).toBe(r);
    expect(pickDate(r, '2027-11-30', w)).toEqual({ start: '2027-11-30', end: null });
  });

  it('shows day-month-year', () => {
    expect(formatRange({ start: '2026-12-01', end: '2026-12-05' })).toBe('01 Dec 2026 – 05 Dec 2026');
    expect(formatRange({ start: '2026-12-01', end: null })).toBe('01 Dec 2026');
    expect(formatRange({ start: null, end: null })).toBe('');
  });
});

describe('guest counters', () => {
  it('goes up from empty to 1 and down from 1 to empty', () => {
    expect(stepCounter(null, 1)).toBe(1);
    expect(stepCounter(1, 1)).toBe(2);
    expect(stepCounter(2, -1)).toBe(1);
    expect(stepCounter(1, -1)).toBeNull();
    expect(stepCounter(null, -1)).toBeNull();
    expect(stepCounter(GUEST_MAX, 1)).toBe(GUEST_MAX);
  });

  it.each([
    ['3', 3],
    [' 2 ', 2],
    ['0', null],
    ['-1', null],
    ['1.5', null],
    ['abc', null],
    ['', null],
    ['999', GUEST_MAX],
  ])('typed %j is %j', (text, value) => {
    expect(parseCounter(text)).toBe(value);
  });

  it('counts adults plus children', () => {
    expect(guestCount({ adults: 2, children: 1 })).toBe(3);
    expect(guestCount({ adults: null, children: null })).toBe(0);
    expect(guestsLabel({ adults: 1, children: null })).toBe('1 guest');
    expect(guestsLabel({ adults: 2, children: 3 })).toBe('5 guests');
    expect(guestsLabel({ adults: null, children: null })).toBe('');
  });
});

describe('searchHref', () => {
  const base = { prevPath: '/cities/ubud?x=1', record: null, dates: { start: null, end: null }, guests: { adults: null, children: null } };
  it('sends the trimmed text and where the search started', () => {
    const url = new URL(searchHref({ ...base, text: '  sea  kayak ' }), 'http://x');
    expect(url.pathname).toBe('/search');
    expect(url.searchParams.get('q')).toBe('sea kayak');
    expect(url.searchParams.get('prev_path')).toBe('/cities/ubud?x=1');
    expect(url.searchParams.has('record_id')).toBe(false);
    expect(url.searchParams.has('num_guest')).toBe(false);
  });

  it('sends a picked place as the record and its filter, plus dates and guests', () => {
    const url = new URL(
      searchHref({ ...base, text: 'Ubud', record: { id: 7, type: 'City', name: 'Ubud' }, dates: { start: '2026-12-01', end: '2026-12-04' }, guests: { adults: 2, children: 1 } }),
      'http://x',
    );
    const p = url.searchParams;
    expect([p.get('record_id'), p.get('record_type'), p.get('record_name'), p.get('city_id')]).toEqual(['7', 'City', 'Ubud', '7']);
    expect([p.get('num_guest'), p.get('num_adult'), p.get('num_child')]).toEqual(['3', '2', '1']);
    expect(p.getAll('dates[]')).toEqual(['2026-12-01', '2026-12-04']);
    const country = new URL(searchHref({ ...base, text: 'Nepal', record: { id: 3, type: 'Country', name: 'Nepal' } }), 'http://x');
    expect(country.searchParams.get('country_id')).toBe('3');
  });

  it('says what could not be searched', () => {
    expect(searchFailureText('  bali ')).toBe("Couldn't search with bali");
  });
});

describe('top places', () => {
  it('puts Singapore first, then countries by option count, leaving out empty ones', () => {
    const list = topCountries([
      { slug: 'nepal', name: 'Nepal', code: 'NP', optionsCount: 30 },
      { slug: 'japan', name: 'Japan', code: 'JP', optionsCount: 50 },
      { slug: 'singapore', name: 'Singapore', code: 'SG', optionsCount: 10 },
      { slug: 'laos', name: 'Laos', code: 'LA', optionsCount: 0 },
    ]);
    expect(list.map((c) => [c.name, c.href])).toEqual([
      ['Singapore', '/cities/singapore'],
      ['Japan', '/countries/japan'],
      ['Nepal', '/countries/nepal'],
    ]);
  });

  it('takes the six cities with the most orders', () => {
    const cities = Array.from({ length: 9 }, (_, i) => ({ name: `C${i}`, ordersCount: i * 10, optionsCount: 1 }));
    expect(topCities(cities).map((c) => c.name)).toEqual(['C8', 'C7', 'C6', 'C5', 'C4', 'C3']);
  });
});

describe('top places as one prop', () => {
  it('comes back as the panel links them, thumbnails and country names included', () => {
    const text = encodeTopPlaces(
      [
        { name: 'Singapore', slug: 'singapore' },
        { name: 'Sri Lanka', slug: 'sri-lanka' },
      ],
      [
        { name: 'Ubud', slug: 'ubud', country: 'Indonesia', imageUrl: '/storage/pool/rice terraces-011.jpg' },
        { name: 'Hội An', slug: 'hoi-an', country: 'Vietnam', imageUrl: null },
      ],
    );
    expect(decodeTopPlaces(text)).toEqual({
      topCountries: [
        { name: 'Singapore', href: '/cities/singapore', imageUrl: null },
        { name: 'Sri Lanka', href: '/countries/sri-lanka', imageUrl: null },
      ],
      topCities: [
        { name: 'Ubud', href: '/cities/ubud', imageUrl: '/_image?url=%2Fstorage%2Fpool%2Frice%20terraces-011.jpg&w=128&f=webp', detail: 'Indonesia' },
        { name: 'Hội An', href: '/cities/hoi-an', imageUrl: null, detail: 'Vietnam' },
      ],
    });
  });

  it('keeps each place whole when a name holds a tab or a line break', () => {
    const { topCountries: c, topCities: t } = decodeTopPlaces(encodeTopPlaces([{ name: 'Odd\tname\nhere', slug: 'odd' }], [{ name: 'A\r\nB', slug: 'ab', country: 'C\tD', imageUrl: null }]));
    expect(c).toEqual([{ name: 'Odd name here', href: '/countries/odd', imageUrl: null }]);
    expect(t).toEqual([{ name: 'A  B', href: '/cities/ab', imageUrl: null, detail: 'C D' }]);
  });

  it('nothing to show is no places', () => {
    expect(decodeTopPlaces(encodeTopPlaces([], []))).toEqual({ topCountries: [], topCities: [] });
  });
});
