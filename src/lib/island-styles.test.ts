import { describe, expect, it } from 'vitest';
import { hoistIslandStyle as hoistBytes } from './island-styles.ts';

const hoistIslandStyle = (page: string) => Buffer.from(hoistBytes(Buffer.from(page))).toString();

const style = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

describe('hoistIslandStyle', () => {
  it("moves Astro's island style from the body to the end of the head", () => {
    const page = `<html><head><title>x</title></head><body><nav>${style}<script>1</script><astro-island></astro-island></nav></body></html>`;
    expect(hoistIslandStyle(page)).toBe(
      `<html><head><title>x</title>${style}</head><body><nav><script>1</script><astro-island></astro-island></nav></body></html>`,
    );
  });

  it('leaves a page without islands, or with the style already in the head, as it is', () => {
    const plain = '<html><head></head><body><p>Hi</p></body></html>';
    expect(hoistIslandStyle(plain)).toBe(plain);
    const inHead = `<html><head>${style}</head><body></body></html>`;
    expect(hoistIslandStyle(inHead)).toBe(inHead);
  });

  it('leaves other styles in the body alone', () => {
    const page = '<html><head></head><body><style>p{color:red}</style></body></html>';
    expect(hoistIslandStyle(page)).toBe(page);
  });

  it('keeps multi-byte text intact around the moved style', () => {
    const page = `<html><head><title>Café – 東京</title></head><body><nav>Đà Lạt ${style}<astro-island>ü</astro-island></nav></body></html>`;
    expect(hoistIslandStyle(page)).toBe(`<html><head><title>Café – 東京</title>${style}</head><body><nav>Đà Lạt <astro-island>ü</astro-island></nav></body></html>`);
  });
});
