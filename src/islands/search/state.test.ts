import { describe, expect, it } from 'vitest';
import { apiQuery, clearedState, filterCount, hasFilters, readState, stateQuery } from './state.ts';

describe('search state in the URL', () => {
  it('reads every spec §9 filter key, lists as a,b or key[]', () => {
    const s = readState(
      '?q=kayak&prev_path=%2Fcities%2Fubud&tab=stays&sort_by=asc&kind=stay,adventure&activity_type[]=cycling&activity_type[]=rafting&time=morning' +
        '&location_ids=3&city_ids=1,2&suitable_for=families&prices=10-200&master_prices=-300&child_age=0_3&durations=0,3&trip_type=private' +
        '&city_id=4&country_id=5&specific_id=6&sustainability=low_carbon&currency=eur&page=3',
    );
    expect(s.search).toEqual({ q: 'kayak', prev_path: '/cities/ubud' });
    expect(s.lists).toMatchObject({ kind: ['stay', 'adventure'], activity_type: ['cycling', 'rafting'], time: ['morning'], location_ids: ['3'], city_ids: ['1', '2'] });
    expect(s.lists).toMatchObject({ suitable_for: ['families'], child_age: ['0_3'], durations: ['0', '3'], trip_type: ['private'], sustainability: ['low_carbon'] });
    expect(s.single).toEqual({ tab: 'stays', sort_by: 'asc', prices: '10-200', master_prices: '-300', city_id: '4', country_id: '5', specific_id: '6' });
    expect(s.currency).toBe('EUR');
    expect(s.page).toBe(3);
  });

  it('drops values it cannot use instead of failing', () => {
    const s = readState('?time=noon,evening&durations=9&tab=all&sort_by=recommended&prices=200-100&page=-2&city_ids=abc&kind=cruise');
    expect(s.lists.time).toEqual(['evening']);
    expect(s.lists.durations).toEqual([]);
    expect(s.lists.city_ids).toEqual([]);
    expect(s.lists.kind).toEqual([]);
    expect(s.single).toEqual({});
    expect(s.page).toBe(1);
  });

  it('prints a canonical, shareable query that reads back the same', () => {
    const s = readState('?page=2&time=evening,morning&q=rafting&prices=5-50&currency=SGD&sort_by=desc');
    const q = stateQuery(s);
    expect(q).toBe('q=rafting&sort_by=desc&time=evening,morning&prices=5-50&currency=SGD&page=2');
    expect(readState(q)).toEqual(s);
    expect(stateQuery(readState(''))).toBe('');
  });

  it('builds the API query within a page scope; the search record becomes a filter', () => {
    const s = readState('?q=Ubud&record_type=City&record_id=7&record_name=Ubud&time=morning');
    expect(apiQuery(s, {}, { per: '24' })).toBe('time=morning&city_id=7&per=24');
    const landing = readState('?durations=1');
    expect(apiQuery(landing, { city_id: '3', activity_type: 'cycling' })).toBe('city_id=3&activity_type=cycling&durations=1');
    expect(apiQuery(readState('?q=kayak'), {})).toBe('q=kayak');
    expect(apiQuery(readState('?record_type=Collection&record_id=9&q=Wild'), {})).toBe('specific_id=9');
  });

  it('counts and clears filters, keeping the search text and the sort', () => {
    const s = readState('?q=x&time=morning,evening&prices=1-2&tab=stays&sort_by=latest');
    expect(filterCount(s)).toBe(4);
    expect(hasFilters(readState(''))).toBe(false);
    expect(hasFilters(readState('?page=2'))).toBe(true);
    const cleared = clearedState(s);
    expect(filterCount(cleared)).toBe(0);
    expect(stateQuery(cleared)).toBe('q=x&sort_by=latest');
  });
});
