// The backend's description HTML, sanitised at build: anything executable, styled or framed is dropped.
import sanitizeHtml from 'sanitize-html';

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'b',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'blockquote',
    'code',
    'span',
    'a',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'dl',
    'dt',
    'dd',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel'], th: ['scope', 'colspan', 'rowspan'], td: ['colspan', 'rowspan'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowProtocolRelative: false,
  // The page's own <h1> is the product name: headings inside the description start one level lower.
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer nofollow' } }),
  },
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe', 'object'],
};

export function sanitizeDescription(html: string | null | undefined): string {
  if (!html) return '';
  return sanitizeHtml(html, options).trim();
}

/** Plain text of an HTML fragment, for meta descriptions and structured data. */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
}
