import { describe, expect, it } from 'vitest';
import type { BlogBlock } from '../../db/schema.ts';
import { draftBody, storedBody } from './article-body.ts';

const stored: BlogBlock[] = [
  { type: 'paragraph', text: 'Rain & <mud>, all day.' },
  { type: 'heading', text: 'Getting there' },
  { type: 'list', ordered: false, items: ['Boots: waterproof', 'A hat'] },
  { type: 'quote', text: 'The forest is loud at night.', cite: 'A ranger' },
  { type: 'quote', text: 'No attribution.' },
  { type: 'image', imageId: 7, caption: 'The river' },
  { type: 'rich', html: '<p>With <em>style</em>.</p>' },
  { type: 'item', title: 'Night walk', text: 'Torches given.', optionId: 3 },
  { type: 'item', title: 'Free picnic', text: 'Bring food.' },
  { type: 'day', day: 1, title: 'Arrive', text: 'Settle in.', optionIds: [4, 5] },
];

describe('article body', () => {
  it('prose runs become one rich-text block for the editor, structured blocks stay', () => {
    const d = draftBody(stored);
    expect(d.map((b) => b.type)).toEqual(['rich', 'image', 'rich', 'item', 'item', 'day']);
    expect(d[0]).toEqual({
      type: 'rich',
      html: '<p>Rain &amp; &lt;mud&gt;, all day.</p><h2>Getting there</h2><ul><li><p>Boots: waterproof</p></li><li><p>A hat</p></li></ul><blockquote><p>The forest is loud at night.</p><p>— A ranger</p></blockquote><blockquote><p>No attribution.</p></blockquote>',
    });
    expect(d[3]).toEqual({ type: 'item', title: 'Night walk', text: 'Torches given.', optionId: 3 });
    expect(d[4]).toEqual({ type: 'item', title: 'Free picnic', text: 'Bring food.', optionId: null });
  });

  it('round-trips: an unchanged body is stored exactly as it was', () => {
    expect(storedBody(draftBody(stored))).toEqual(stored);
  });

  it('keeps plain prose as the page’s own blocks and formatted prose as rich text', () => {
    const out = storedBody([{ type: 'rich', html: '<p></p><h2>A <strong>bold</strong> title</h2><p>Plain.</p><p>Some <a href="https://example.org/">link</a>.</p><ul><li><p>x<br>y</p></li></ul><h3>Small</h3><p>Tail &amp; end</p>' }]);
    expect(out).toEqual([
      { type: 'heading', text: 'A bold title' },
      { type: 'paragraph', text: 'Plain.' },
      { type: 'rich', html: '<p>Some <a href="https://example.org/" rel="noopener noreferrer">link</a>.</p><ul><li><p>x<br>y</p></li></ul><h3>Small</h3>' },
      { type: 'paragraph', text: 'Tail & end' },
    ]);
  });

  it('sanitises before splitting: hostile markup never reaches a block', () => {
    const out = storedBody([{ type: 'rich', html: '<p>ok<script>window.__pwned=1</script></p><img src=x onerror="window.__pwned=1"><p onclick="x()"><a href="javascript:x()">t</a></p>' }]);
    expect(JSON.stringify(out)).not.toMatch(/script|__pwned|onerror|onclick|javascript/);
    expect(out[0]).toEqual({ type: 'paragraph', text: 'ok' });
  });
});
