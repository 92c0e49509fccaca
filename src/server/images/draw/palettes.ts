// Sky palettes per time of day (a drawing mixes two variants of its time of day).
import type { TimeOfDay } from '../themes.ts';
import { mix } from './color.ts';
import { lerp } from './numbers.ts';

export type Palette = {
  top: string;
  mid: string;
  horizon: string;
  sun: string;
  glow: string;
  /** Colour far layers fade into (atmospheric perspective). */
  haze: string;
  /** Shadow tint and how strongly the time of day darkens the land. */
  shade: string;
  darkness: number;
  water: string;
  light: string;
  cloud: string;
  cloudShade: string;
};

export const SKIES: Record<TimeOfDay, readonly Palette[]> = {
  dawn: [
    { top: '#3d4b7c', mid: '#9d8bb4', horizon: '#f4c6a6', sun: '#fff3dc', glow: '#ffcfa8', haze: '#cdb2c0', shade: '#2a2b4d', darkness: 0.38, water: '#6f7aa6', light: '#ffd8bc', cloud: '#f7c6c4', cloudShade: '#9a86ad' },
    { top: '#56709f', mid: '#b9aecb', horizon: '#fbdcc2', sun: '#fff7ea', glow: '#ffe1c6', haze: '#d6c3cd', shade: '#34385c', darkness: 0.32, water: '#8391b5', light: '#ffe2cc', cloud: '#fbd8d0', cloudShade: '#a89cbf' },
    { top: '#4a6f9c', mid: '#a6b8cf', horizon: '#f2d9bd', sun: '#fff6e4', glow: '#fbe0bd', haze: '#c4cbd4', shade: '#2c3a55', darkness: 0.3, water: '#6f89a8', light: '#ffe6c8', cloud: '#f6dccb', cloudShade: '#95a3bd' },
  ],
  day: [
    { top: '#2d6fb8', mid: '#78b0dc', horizon: '#d5e9f0', sun: '#fffdf0', glow: '#fff6d2', haze: '#bcd6e0', shade: '#1b2d38', darkness: 0.06, water: '#2f6f95', light: '#fff8e0', cloud: '#ffffff', cloudShade: '#b9cde0' },
    { top: '#3b8ccc', mid: '#98cde8', horizon: '#e6f3ee', sun: '#ffffff', glow: '#fffbe6', haze: '#c9e2e2', shade: '#1d3536', darkness: 0.04, water: '#2b7f94', light: '#fffbe8', cloud: '#ffffff', cloudShade: '#c3d8e4' },
    { top: '#2a62a8', mid: '#6fa6d6', horizon: '#cfe4ee', sun: '#fffdf2', glow: '#fff4cc', haze: '#b3cfdc', shade: '#182a3a', darkness: 0.08, water: '#285f8c', light: '#fff6dc', cloud: '#ffffff', cloudShade: '#aec3d9' },
  ],
  golden: [
    { top: '#4c6a9a', mid: '#d8a878', horizon: '#ffd595', sun: '#fff2c8', glow: '#ffc670', haze: '#e9c08e', shade: '#4a2c1e', darkness: 0.22, water: '#5d6f8a', light: '#ffcf7a', cloud: '#ffe0b0', cloudShade: '#c98e78' },
    { top: '#6a7ea6', mid: '#eab487', horizon: '#ffe1a8', sun: '#fff5d6', glow: '#ffd08a', haze: '#efcd9f', shade: '#55351f', darkness: 0.18, water: '#6c7b93', light: '#ffd890', cloud: '#ffe8c0', cloudShade: '#d49a80' },
    { top: '#5a7aa0', mid: '#c9b48a', horizon: '#fbd98c', sun: '#fff4cc', glow: '#ffd27a', haze: '#dcc495', shade: '#4d3420', darkness: 0.2, water: '#607a8c', light: '#ffd584', cloud: '#fde3b6', cloudShade: '#bf9a82' },
  ],
  dusk: [
    { top: '#1a2050', mid: '#844a7a', horizon: '#f48c5c', sun: '#ffd49c', glow: '#ff9a66', haze: '#a8667e', shade: '#1f1533', darkness: 0.52, water: '#4a3d6a', light: '#ff9f7a', cloud: '#ff9f8a', cloudShade: '#5a3a66' },
    { top: '#26285c', mid: '#b05a7c', horizon: '#ffae78', sun: '#ffe0b0', glow: '#ffb07a', haze: '#bf8090', shade: '#281a3c', darkness: 0.48, water: '#5a4872', light: '#ffb08a', cloud: '#ffb49a', cloudShade: '#6a4670' },
    { top: '#1d2a5a', mid: '#6a5a8e', horizon: '#f2a07a', sun: '#ffe2b8', glow: '#f7a88a', haze: '#8f7596', shade: '#1c1a36', darkness: 0.5, water: '#3e4270', light: '#ffb89a', cloud: '#f5a59a', cloudShade: '#4c4570' },
  ],
  night: [
    { top: '#040817', mid: '#0e1a3c', horizon: '#243861', sun: '#f3f0e0', glow: '#9fb2e0', haze: '#1f3158', shade: '#04070f', darkness: 0.72, water: '#101c38', light: '#9fb4e0', cloud: '#2c3b66', cloudShade: '#121a33' },
    { top: '#060719', mid: '#181c46', horizon: '#363c72', sun: '#f6f2e6', glow: '#b0b4e6', haze: '#282f5e', shade: '#05060f', darkness: 0.7, water: '#141838', light: '#b0b8e6', cloud: '#33396a', cloudShade: '#14163a' },
  ],
};

export function mixPalette(a: Palette, b: Palette, t: number): Palette {
  return {
    top: mix(a.top, b.top, t),
    mid: mix(a.mid, b.mid, t),
    horizon: mix(a.horizon, b.horizon, t),
    sun: mix(a.sun, b.sun, t),
    glow: mix(a.glow, b.glow, t),
    haze: mix(a.haze, b.haze, t),
    shade: mix(a.shade, b.shade, t),
    darkness: lerp(a.darkness, b.darkness, t),
    water: mix(a.water, b.water, t),
    light: mix(a.light, b.light, t),
    cloud: mix(a.cloud, b.cloud, t),
    cloudShade: mix(a.cloudShade, b.cloudShade, t),
  };
}
