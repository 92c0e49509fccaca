// An article's body between its stored blocks and the back-office editor. The editor edits prose
// as rich text (one HTML block between the structured ones: images, picks, days); the page keeps
// its own blocks where the prose is plain (a heading stays a heading block, so the table of
// contents, anchors and the kinds' styles still find it), and a `rich` block only where the editor
// used inline formatting or links. HTML is sanitised (src/lib/rich-text.ts) before it is split.
import { DomUtils, parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import type { ArticleDraftBlock } from '../../../contract/admin.ts';
import { sanitizeRichText } from '../../../lib/rich-text.ts';
import type { BlogBlock } from '../../db/schema.ts';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The body as the editor edits it: runs of prose blocks become one rich-text block. */
export function draftBody(stored: readonly BlogBlock[]): ArticleDraftBlock[] {
  const out: ArticleDraftBlock[] = [];
  let html = '';
  const flush = () => {
    if (html) out.push({ type: 'rich', html });
    html = '';
  };
  for (const b of stored) {
    switch (b.type) {
      case 'paragraph':
        html += `<p>${esc(b.text)}</p>`;
        break;
      case 'heading':
        html += `<h2>${esc(b.text)}</h2>`;
        break;
      case 'rich':
        html += b.html;
        break;
      case 'quote':
        html += `<blockquote><p>${esc(b.text)}</p>${b.cite ? `<p>${CITE}${esc(b.cite)}</p>` : ''}</blockquote>`;
        break;
      case 'list': {
        const tag = b.ordered ? 'ol' : 'ul';
        html += `<${tag}>${b.items.map((i) => `<li><p>${esc(i)}</p></li>`).join('')}</${tag}>`;
        break;
      }
      case 'image':
        flush();
        out.push({ type: 'image', imageId: b.imageId, caption: b.caption });
        break;
      case 'item':
        flush();
        out.push({ type: 'item', title: b.title, text: b.text, optionId: b.optionId ?? null });
        break;
      case 'day':
        flush();
        out.push({ type: 'day', day: b.day, title: b.title, text: b.text, optionIds: b.optionIds });
        break;
    }
  }
  flush();
  return out;
}

/** A quote's attribution is its second paragraph, starting with an em dash. */
const CITE = '— ';

const isElement = (n: ChildNode): n is Element => n.type === 'tag';
const text = (n: ChildNode | ChildNode[]) => DomUtils.textContent(n).replace(/\s+/g, ' ').trim();
/** Only text inside (no formatting, links or breaks)? */
const plain = (e: Element) => e.children.every((c) => c.type === 'text');
const kids = (e: Element) => e.children.filter((c) => isElement(c) || text(c) !== '');
/** A list item's text when it is one plain paragraph (TipTap wraps items in <p>) or plain text. */
function plainItem(li: ChildNode): string | null {
  if (!isElement(li) || li.name !== 'li') return null;
  if (plain(li)) return text(li);
  const inner = kids(li);
  return inner.length === 1 && isElement(inner[0]!) && inner[0].name === 'p' && plain(inner[0]) ? text(inner[0]) : null;
}

/** One top-level element of sanitised HTML as a plain block, or null to keep it as rich text. */
function plainBlock(e: Element): BlogBlock | null {
  switch (e.name) {
    case 'p':
      return plain(e) ? { type: 'paragraph', text: text(e) } : null;
    case 'h2':
      return { type: 'heading', text: text(e) };
    case 'ul':
    case 'ol': {
      const items = kids(e).map(plainItem);
      return items.length && items.every((i): i is string => i !== null) ? { type: 'list', ordered: e.name === 'ol', items } : null;
    }
    case 'blockquote': {
      const ps = kids(e);
      if (ps.length < 1 || ps.length > 2 || !ps.every((p) => isElement(p) && p.name === 'p' && plain(p))) return null;
      const cite = ps[1] ? text(ps[1]) : null;
      if (cite !== null && !cite.startsWith(CITE.trim())) return null;
      return { type: 'quote', text: text(ps[0]!), ...(cite ? { cite: cite.slice(CITE.trim().length).trim() } : {}) };
    }
    default:
      return null;
  }
}

/** The stored blocks of the editor's body; prose is sanitised first. */
export function storedBody(draft: readonly ArticleDraftBlock[]): BlogBlock[] {
  const out: BlogBlock[] = [];
  const pushRich = (html: string) => {
    const last = out.at(-1);
    if (last?.type === 'rich') last.html += html;
    else out.push({ type: 'rich', html });
  };
  for (const b of draft) {
    if (b.type !== 'rich') {
      out.push(b.type === 'item' ? { type: 'item', title: b.title, text: b.text, ...(b.optionId ? { optionId: b.optionId } : {}) } : { ...b });
      continue;
    }
    const doc = parseDocument(sanitizeRichText(b.html));
    for (const node of doc.children) {
      if (!isElement(node)) {
        const t = text(node);
        if (t) out.push({ type: 'paragraph', text: t });
        continue;
      }
      // Empty paragraphs (blank lines in the editor) are not part of the article.
      if (node.name === 'p' && text(node) === '' && !node.children.some(isElement)) continue;
      const block = plainBlock(node);
      if (block) out.push(block);
      else pushRich(DomUtils.getOuterHTML(node, { encodeEntities: 'utf8' }));
    }
  }
  return out;
}

/** Sanitises every rich-text block of a draft body (what is stored in the draft). */
export function sanitizeDraftBody(body: readonly ArticleDraftBlock[]): ArticleDraftBlock[] {
  return body.map((b) => (b.type === 'rich' ? { type: 'rich', html: sanitizeRichText(b.html) } : b));
}
