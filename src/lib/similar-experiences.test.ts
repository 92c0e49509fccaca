import { describe, expect, it } from 'vitest';
import { byOrders, showsAsSimilar, SIMILAR_SHOWN, similarOrder, type SimilarKey } from './similar-experiences.ts';

const exp = (name: string, ordersCount: number, activity?: string): SimilarKey => ({ name, ordersCount, activityType: activity ? { slug: activity } : null });

describe('similar experiences', () => {
  const city = [exp('Kayak', 50), exp('Birding', 40, 'wildlife'), exp('Cooking', 30), exp('Cycling', 20), exp('Night walk', 10, 'wildlife'), exp('Batik', 5)];

  it('orders the same kind of activity first, then most booked, then by name', () => {
    const sorted = [...city].sort(byOrders).sort(similarOrder('wildlife')).map((o) => o.name);
    expect(sorted).toEqual(['Birding', 'Night walk', 'Kayak', 'Cooking', 'Cycling', 'Batik']);
    expect([exp('B', 3), exp('A', 3)].sort(byOrders).map((o) => o.name)).toEqual(['A', 'B']);
  });

  it('agrees with the page: shown exactly when among the first SIMILAR_SHOWN of the others', () => {
    for (const page of city) {
      const onPage = city.filter((o) => o !== page).sort(similarOrder(page.activityType?.slug)).slice(0, SIMILAR_SHOWN);
      for (const shown of city) if (shown !== page) expect(showsAsSimilar(page, shown, city), `${shown.name} on ${page.name}`).toBe(onPage.includes(shown));
    }
  });

  it('a tie in bookings and name counts as shown (the page keeps file order)', () => {
    const twins = [exp('Kayak', 50), exp('Kayak', 50), exp('Kayak', 50), exp('Kayak', 50), exp('Kayak', 50), exp('Kayak', 50)];
    expect(showsAsSimilar(twins[0]!, twins[5]!, twins)).toBe(true);
  });
});
