import { describe, expect, it } from 'vitest';
import { adminRoute, applicationStatus, linesToList, minorToText, textToMinor } from './admin-pages.ts';

describe('adminRoute', () => {
  it('reads the pages', () => {
    expect(adminRoute('/admin')).toEqual({ page: 'home' });
    expect(adminRoute('/admin/')).toEqual({ page: 'home' });
    expect(adminRoute('/admin/experiences')).toEqual({ page: 'section', section: 'experiences' });
    expect(adminRoute('/admin/experiences/42')).toEqual({ page: 'experience', id: 42 });
    expect(adminRoute('/admin/magazine')).toEqual({ page: 'section', section: 'magazine' });
    expect(adminRoute('/admin/magazine/7')).toEqual({ page: 'article', id: 7 });
    expect(adminRoute('/admin/operators/12')).toEqual({ page: 'operator', id: 12 });
    expect(adminRoute('/admin/operators')).toEqual({ page: 'section', section: 'operators' });
    expect(adminRoute('/admin/settings/')).toEqual({ page: 'section', section: 'settings' });
    expect(adminRoute('/admin/ambassadors')).toEqual({ page: 'section', section: 'ambassadors' });
    expect(adminRoute('/admin/places')).toEqual({ page: 'section', section: 'places' });
    expect(adminRoute('/admin/places/countries/3')).toEqual({ page: 'country', id: 3 });
    expect(adminRoute('/admin/places/cities/12')).toEqual({ page: 'city', id: 12 });
    expect(adminRoute('/admin/places/towns/12')).toEqual({ page: 'unknown' });
    expect(adminRoute('/admin/tags/5')).toEqual({ page: 'tag', id: 5 });
    expect(adminRoute('/admin/collections')).toEqual({ page: 'section', section: 'collections' });
    expect(adminRoute('/admin/collections/3')).toEqual({ page: 'collection', id: 3 });
    expect(adminRoute('/admin/itineraries/9/')).toEqual({ page: 'itinerary', id: 9 });
    expect(adminRoute('/admin/best-of-lists')).toEqual({ page: 'section', section: 'best-of-lists' });
    expect(adminRoute('/admin/best-of-lists/4')).toEqual({ page: 'best-of-list', id: 4 });
    expect(adminRoute('/admin/nope')).toEqual({ page: 'unknown' });
    expect(adminRoute('/admin/experiences/x')).toEqual({ page: 'unknown' });
  });
});

describe('applicationStatus', () => {
  it('reads the status filter, applied unless the address names another', () => {
    expect(applicationStatus('')).toBe('applied');
    expect(applicationStatus('?status=approved')).toBe('approved');
    expect(applicationStatus('?status=suspended&x=1')).toBe('suspended');
    expect(applicationStatus('?status=deleted')).toBe('applied');
    expect(applicationStatus('?status=')).toBe('applied');
  });
});

describe('prices in the editor', () => {
  it('round-trips minor units', () => {
    expect(minorToText(12345, 2)).toBe('123.45');
    expect(minorToText(5000, 0)).toBe('5000');
    expect(minorToText(null, 2)).toBe('');
    expect(textToMinor('123.45', 2)).toBe(12345);
    expect(textToMinor('123.4', 2)).toBe(12340);
    expect(textToMinor('1,200', 2)).toBe(120000);
    expect(textToMinor('', 2)).toBeNull();
    expect(textToMinor('12.345', 2)).toBeNaN();
    expect(textToMinor('-3', 2)).toBeNaN();
    expect(textToMinor('abc', 0)).toBeNaN();
  });
  it('splits lines', () => expect(linesToList(' a \n\n b\n')).toEqual(['a', 'b']));
});
