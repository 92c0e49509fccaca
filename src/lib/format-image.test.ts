import { describe, expect, it } from 'vitest';
import { imageUrl, responsiveImage, srcsetWidths } from './format-image.ts';

describe.each([
  [1600, [640, 750, 828, 1080, 1200]],
  [2400, [640, 750, 828, 1080, 1200, 1920]],
  [640, [640]],
  [300, [300]],
])('srcsetWidths(%i)', (natural, expected) => {
  it(`is ${expected.join(',')}`, () => expect(srcsetWidths(natural)).toEqual(expected));
});

describe('responsiveImage', () => {
  it('encodes the storage url and lists each width', () => {
    const r = responsiveImage({ url: '/storage/pool/rain forest-001.jpg', width: 1600, height: 1067 });
    expect(r.src).toBe('/_image?url=%2Fstorage%2Fpool%2Frain%20forest-001.jpg&w=1080');
    expect(r.srcset.split(', ')).toHaveLength(5);
    expect(r.srcset).toContain(`${imageUrl('/storage/pool/rain forest-001.jpg', 640)} 640w`);
    expect(r).toMatchObject({ width: 1600, height: 1067 });
  });
});
