import { describe, expect, it } from 'vitest';
import { escapeXml, robotsTxt, ROBOTS_DISALLOW, sitemapXml } from './seo-sitemap.ts';

describe('sitemapXml', () => {
  it('writes a urlset with one url per address and the date of lastmod', () => {
    const xml = sitemapXml([
      { loc: 'https://verdant.example/' },
      { loc: 'https://verdant.example/about', lastmod: '2026-09-08' },
      { loc: 'https://verdant.example/experiences/x', lastmod: '2026-10-01T08:00:00.000Z' },
    ]);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '<url><loc>https://verdant.example/</loc></url>',
        '<url><loc>https://verdant.example/about</loc><lastmod>2026-09-08</lastmod></url>',
        '<url><loc>https://verdant.example/experiences/x</loc><lastmod>2026-10-01</lastmod></url>',
        '</urlset>',
        '',
      ].join('\n'),
    );
  });

  it('escapes addresses and drops duplicates', () => {
    const xml = sitemapXml([{ loc: 'https://verdant.example/a?b=1&c=2' }, { loc: 'https://verdant.example/a?b=1&c=2' }]);
    expect(xml.match(/<url>/g)).toHaveLength(1);
    expect(xml).toContain('<loc>https://verdant.example/a?b=1&amp;c=2</loc>');
  });

  it('ignores a lastmod that is not a date', () => expect(sitemapXml([{ loc: 'https://v.example/', lastmod: 'soon' }])).not.toContain('lastmod'));
  it('refuses relative addresses', () => expect(() => sitemapXml([{ loc: '/about' }])).toThrow(/absolute/));
  it('refuses more URLs than one file may hold', () =>
    expect(() => sitemapXml(Array.from({ length: 50_001 }, (_, i) => ({ loc: `https://v.example/${i}` })))).toThrow(/50000/));
});

describe('escapeXml', () => {
  it('escapes the five XML characters', () => expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;'));
});

describe('robotsTxt', () => {
  const text = robotsTxt({ sitemapUrl: 'https://verdant.example/sitemap.xml' });

  it('allows everything else and points at the sitemap', () => {
    expect(text.startsWith('User-agent: *\nAllow: /\n')).toBe(true);
    expect(text).toContain('\nSitemap: https://verdant.example/sitemap.xml\n');
  });

  it.each(['/account/', '/checkout/', '/users/', '/admin/', '/partner/', '/api/', '/shells/', '/calendar/'])('disallows %s', (path) => {
    expect(ROBOTS_DISALLOW).toContain(path);
    expect(text).toContain(`\nDisallow: ${path}\n`);
  });
});
