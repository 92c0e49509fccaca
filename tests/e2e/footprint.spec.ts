// Footprint (ADR 0044): the experience page's figure with its method page, the trip's figure
// once the traveller says where they start, and the "Lowest footprint" sort.
import type { OptionDetail, OptionSummary } from '../../src/contract/options.ts';
import type { TripFootprint } from '../../src/contract/trips.ts';
import { footprintText } from '../../src/lib/footprint.ts';
import { camelizeKeys } from '../../src/lib/key-case.ts';
import { expect, test } from './fixtures.ts';
import { flexibleExperience, getJson, travellerWithTrip } from './trips.ts';

type List = { options: OptionSummary[] };

test.describe('footprint', () => {
  test('the experience page shows its figure per person and links to how it is estimated @mobile', async ({ page, api, axe }) => {
    // A demo experience with a jeep or a boat: a figure above zero.
    const { options } = camelizeKeys<List>(await api('/options?per=100&sort_by=footprint'));
    const summary = options.find((o) => (o.footprintKg ?? 0) > 1)!;
    const option = camelizeKeys<OptionDetail>(await api(`/options/${summary.slugCode}`));
    await page.goto(`/experiences/${option.slugCode}`);
    const section = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Footprint' }) });
    await expect(section.locator('[data-footprint-figure]')).toHaveText(footprintText(option.footprint!.perPersonKg));
    await expect(section).toContainText('per person');
    await expect(section).toContainText(`for ${option.footprint!.groupSize} travellers`);
    await section.scrollIntoViewIfNeeded();
    await axe();
    await section.getByRole('link', { name: 'How we estimate this' }).click();
    await page.waitForURL('**/how-we-estimate-footprint');
    await expect(page.getByRole('heading', { level: 1, name: 'How we estimate a footprint' })).toBeVisible();
    await expect(page.locator('[data-footprint-factors]')).toContainText('Greenhouse gas reporting: conversion factors 2024');
    await expect(page.getByRole('table', { name: /Transport/ })).toContainText('Cars: large car, diesel');
    await axe();
  });

  test('the trip shows the experience for the group, then getting there from a chosen city', async ({ page, api, axe }) => {
    test.setTimeout(90_000);
    const trip = await travellerWithTrip(page, await flexibleExperience(api));
    await page.goto(`/account/trips/${trip.itemId}`);
    const panel = page.getByTestId('trip-footprint');
    await expect(panel.getByRole('heading', { name: 'Footprint' })).toBeVisible();
    await expect(panel.getByTestId('footprint-experience')).toContainText(/kg CO₂e for your group of 2|Not estimated yet/);
    await expect(panel.getByRole('link', { name: 'How we estimate this' })).toHaveAttribute('href', '/how-we-estimate-footprint');

    await panel.getByLabel('How do you travel?').selectOption('train');
    const start = panel.getByLabel('Where do you start?');
    const first = (await start.locator('option').nth(1).getAttribute('value'))!;
    await start.selectOption(first);
    const there = panel.getByTestId('footprint-getting-there');
    await expect(there).toContainText('by train');
    // The same figure the API gives the signed-in traveller (the page's context holds the session).
    const { footprint } = await getJson<{ footprint: TripFootprint }>(page.request, `/trips/${trip.itemId}/footprint?from_city_id=${first}&by=train`);
    await expect(there).toContainText(footprintText(footprint.gettingThere!.totalKg));
    await expect(panel.getByTestId('footprint-total')).toContainText('kg CO₂e');
    await axe();
    // The start stays for the traveller's next visit.
    await page.reload();
    await expect(panel.getByTestId('footprint-getting-there')).toContainText('by train');
  });

  test('search sorts by lowest footprint', async ({ page, api }) => {
    await page.goto('/search');
    await page.getByLabel('Sort by').selectOption({ label: 'Lowest footprint' });
    await expect(page).toHaveURL(/sort_by=footprint/);
    const lowest = camelizeKeys<List>(await api('/options?per=3&sort_by=footprint')).options;
    await expect(page.locator('[data-list] .option-card__name').first()).toHaveText(lowest[0]!.name);
    expect(lowest.map((o) => o.footprintKg ?? Infinity)).toEqual([...lowest.map((o) => o.footprintKg ?? Infinity)].sort((a, b) => a - b));
  });
});
