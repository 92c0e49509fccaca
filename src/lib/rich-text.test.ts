import { describe, expect, it } from 'vitest';
import { richTextToPlain, sanitizeRichText } from './rich-text.ts';

describe('sanitizeRichText', () => {
  it.each([
    ['script tags, with their text', '<p>Hello<script>window.__pwned=1</script></p><script src="https://evil.example/x.js"></script>', '<p>Hello</p>'],
    ['an image with an error handler', '<p>a</p><img src="x" onerror="window.__pwned=1">', '<p>a</p>'],
    ['event handler attributes', '<p onclick="x()" onmouseover="y()">b</p>', '<p>b</p>'],
    ['javascript: links (the text stays, inert)', '<a href="javascript:alert(1)">c</a>', '<a rel="noopener noreferrer">c</a>'],
    ['javascript: links hidden by entities, case and spaces', '<a href="jav&#x61;script:alert(1)">d</a><a href=" JaVaScRiPt:alert(1)">e</a><a href="java&#09;script:alert(1)">f</a>', '<a rel="noopener noreferrer">d</a><a rel="noopener noreferrer">e</a><a rel="noopener noreferrer">f</a>'],
    ['data: and vbscript: links', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">g</a><a href="vbscript:msgbox(1)">h</a>', '<a rel="noopener noreferrer">g</a><a rel="noopener noreferrer">h</a>'],
    ['protocol-relative links', '<a href="//evil.example/">i</a>', '<a rel="noopener noreferrer">i</a>'],
    ['SVG with scripts and handlers', '<svg onload="alert(1)"><script>alert(1)</script><a xlink:href="javascript:alert(1)">j</a></svg><p>after</p>', '<p>after</p>'],
    ['MathML tricks', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
    ['entity-encoded payloads stay text', '&lt;script&gt;alert(1)&lt;/script&gt;', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['iframes, objects and embeds', '<iframe src="https://www.youtube.com/embed/x"></iframe><object data="x"></object><embed src="x">', ''],
    ['styles and classes', '<p style="background:url(javascript:alert(1))" class="x" id="y">k</p><style>p{}</style>', '<p>k</p>'],
    ['a rel or target from the input', '<a href="https://example.org/" rel="opener" target="_top">l</a>', '<a href="https://example.org/" rel="noopener noreferrer">l</a>'],
    ['unclosed and nested tricks', '<p><scr<script>ipt>alert(1)</script></p><<img src=x onerror=alert(1)>', '<p>ipt&gt;alert(1)</p>&lt;'],
  ])('removes %s', (_what, input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });

  it('keeps what the article page shows', () => {
    const html = '<h2>Title</h2><h3>Sub</h3><p>A <strong>b</strong> <em>c</em> <s>d</s><br><a href="https://example.org/a?b=1&amp;c=2" title="t">e</a> <a href="mailto:x@example.org">f</a></p><blockquote><p>q</p></blockquote><ul><li><p>1</p></li></ul><ol><li>2</li></ol>';
    expect(sanitizeRichText(html)).toBe(html.replace('<br>', '<br />').replace('title="t">', 'title="t" rel="noopener noreferrer">').replace('"mailto:x@example.org">', '"mailto:x@example.org" rel="noopener noreferrer">'));
  });

  it('folds other heading levels into h2 and h3', () => {
    expect(sanitizeRichText('<h1>a</h1><h4>b</h4><h6>c</h6>')).toBe('<h2>a</h2><h3>b</h3><h3>c</h3>');
  });

  it('is stable: sanitising twice changes nothing', () => {
    const once = sanitizeRichText('<p>x<img src=x onerror=alert(1)><a href="https://a.example/">y</a> &amp; &lt;z&gt;</p>');
    expect(sanitizeRichText(once)).toBe(once);
  });
});

describe('richTextToPlain', () => {
  it('gives the words, entities decoded', () => {
    expect(richTextToPlain('<p>A &amp; B</p><p>C<br>D</p>')).toBe('A & B C D');
  });
});
