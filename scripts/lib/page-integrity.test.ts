import { describe, expect, it } from 'vitest';
import { pageIntegrity } from './page-integrity.ts';

const runtime = '<script>(()=>{customElements.get("astro-island")||customElements.define("astro-island",f)})();</script>';
const directive = '<script>(()=>{(self.Astro||(self.Astro={})).interaction=Y;})();</script>';
const island = (n: number) => `<astro-island prefix="r${n}" component-url="/_astro/X.js" client="interaction"></astro-island>`;
const star = '<svg><symbol id="vi-star" viewBox="0 0 24 24"></symbol><use href="#vi-star"></use></svg>';

describe('pageIntegrity', () => {
  it('passes a page that writes each mark once, before what needs it', () => {
    expect(pageIntegrity(`${directive}${runtime}${island(1)}${island(3)}${star}<svg><use href="#vi-star"></use></svg>`)).toEqual([]);
    expect(pageIntegrity('<main>No islands, no icons.</main>')).toEqual([]);
  });

  it('names each mark written twice, missing or late', () => {
    expect(pageIntegrity(`${directive}${runtime}${island(1)}${runtime}${directive}${island(1)}${star}${star}`)).toEqual([
      'the island runtime is written 2 times',
      "the interaction directive's script is written 2 times",
      'the icon vi-star is drawn 2 times',
      'two React islands are numbered r1',
    ]);
    expect(pageIntegrity(`${island(1)}${runtime}<svg><use href="#vi-clock"></use></svg>`)).toEqual([
      'the island runtime comes after the first island',
      'an island waits for client:interaction, whose script is not on the page',
      'the icon vi-clock is used but not drawn',
    ]);
  });
});
