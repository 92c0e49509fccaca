// Responsive image addresses through the image route: `/_image?url=<encoded>&w=<width>`
// (spec §7: an image-optimisation route taking url, width and quality; §9 widths).
import type { Image } from '../contract/common.ts';

/** Widths offered in `srcset` (spec §9 device widths up to 1920). */
export const SRCSET_WIDTHS = [640, 750, 828, 1080, 1200, 1920] as const;

export function imageUrl(url: string, width: number): string {
  return `/_image?url=${encodeURIComponent(url)}&w=${width}`;
}

/** The widths worth offering for a source of `naturalWidth` (never upscaled, at least one). */
export function srcsetWidths(naturalWidth: number, widths: readonly number[] = SRCSET_WIDTHS): number[] {
  const fit = widths.filter((w) => w <= naturalWidth);
  return fit.length > 0 ? fit : [Math.min(naturalWidth, widths[0] ?? naturalWidth)];
}

export type ResponsiveImage = { src: string; srcset: string; width: number; height: number };

/** `src` (a mid-size fallback), `srcset` and the intrinsic size, for `<img>`. */
export function responsiveImage(image: Pick<Image, 'url' | 'width' | 'height'>, widths: readonly number[] = SRCSET_WIDTHS): ResponsiveImage {
  const list = srcsetWidths(image.width, widths);
  const fallback = list.find((w) => w >= 1080) ?? list[list.length - 1] ?? image.width;
  return {
    src: imageUrl(image.url, fallback),
    srcset: list.map((w) => `${imageUrl(image.url, w)} ${w}w`).join(', '),
    width: image.width,
    height: image.height,
  };
}
