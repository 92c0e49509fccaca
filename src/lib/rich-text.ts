// Rich text of magazine articles (the back-office's editor writes HTML): one allow-list, applied
// on the server when a draft is saved and stored, and when the static page renders it. What the
// article page can show and nothing else: paragraphs, two heading levels, quotes, lists, emphasis
// and links with safe protocols. No images (articles show images
// as image blocks from the image store), no iframes (videos are the article's `videoId`, shown
// through the facade of ADR 0009), no attributes but a link's href and title, no styles.
import sanitizeHtml from 'sanitize-html';

export const RICH_TEXT_TAGS = ['p', 'h2', 'h3', 'blockquote', 'ul', 'ol', 'li', 'strong', 'em', 's', 'a', 'br'] as const;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  // `rel` is always the transform's below: a `rel` in the input is overwritten.
  allowedAttributes: { a: ['href', 'title', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Text inside these is dropped with the tag (the default keeps the text of unknown tags).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'svg', 'math', 'iframe', 'object', 'embed', 'title'],
  disallowedTagsMode: 'discard',
  parseStyleAttributes: false,
  // Links leave the site without the page's opener or referrer; they stay followable.
  // A link whose href is refused keeps its text (an inert <a>). Other heading levels fold into ours.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }), h1: 'h2', h4: 'h3', h5: 'h3', h6: 'h3' },
};

/** The allow-listed HTML of `html`: safe to put into a page as is. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Plain text of sanitised rich text (word counts, excerpts): tags removed, entities kept decoded. */
export function richTextToPlain(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|h2|h3|li|blockquote)>|<br\s*\/?>/gi, ' $&'), { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
