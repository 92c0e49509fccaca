import { describe, expect, it } from 'vitest';
import { VIDEO_UNAVAILABLE, videoFacade } from './video-facade.ts';

const poster = { url: '/storage/pool/river-3.jpg', width: 1920, height: 1280 };

describe('videoFacade', () => {
  it('gives a valid id a local poster page that links to the privacy-enhanced player', () => {
    const f = videoFacade('DVD8x-W1HLG', 'Dawn on the "River" & <more>', poster);
    if (f.kind !== 'player') throw new Error('expected a player');
    expect(f.watchUrl).toBe('https://www.youtube.com/watch?v=DVD8x-W1HLG');
    expect(f.srcdoc).toContain('<a href="https://www.youtube-nocookie.com/embed/DVD8x-W1HLG?autoplay=1&amp;rel=0"');
    expect(f.srcdoc).toContain('aria-label="Play video: Dawn on the &quot;River&quot; &amp; &lt;more&gt;"');
    expect(f.srcdoc).toContain('<html lang="en-GB">');
    expect(f.srcdoc).toContain('src="/_image?url=%2Fstorage%2Fpool%2Friver-3.jpg&amp;w=1080"');
  });

  it('loads nothing from elsewhere before the click: no script, no remote image, no frame', () => {
    const f = videoFacade('DVD8x-W1HLG', 'x', poster);
    if (f.kind !== 'player') throw new Error('expected a player');
    expect(f.srcdoc).not.toMatch(/<script|<iframe|<link/i);
    const sources = [...f.srcdoc.matchAll(/\b(?:src|srcset)="([^"]+)"/g)].flatMap((m) => m[1]!.split(',').map((s) => s.trim().split(' ')[0]!));
    expect(sources.length).toBeGreaterThan(1);
    for (const s of sources) expect(s.startsWith('/_image?')).toBe(true);
  });

  it('works without a poster image', () => {
    const f = videoFacade('DVD8x-W1HLG', 'x', null);
    expect(f.kind === 'player' && !f.srcdoc.includes('<img')).toBe(true);
  });

  it.each([null, undefined, '', 'abc', 'DVD8x-W1HLGX', 'DVD8x W1HLG', '"><script>x', 'DVD8x-W1HL/'])('falls back for %j, with no player', (id) => {
    const f = videoFacade(id, 'x', poster);
    expect(f).toEqual({ kind: 'unavailable', ...VIDEO_UNAVAILABLE });
    expect(JSON.stringify(f)).not.toContain('youtube');
  });
});
