/**
 * about_me_html is "sanitized HTML" (spec): whatever a profile's owner typed, the service serves
 * only an allow-list of formatting tags, links to http(s) and mail, and http(s) images. Scripts,
 * event handlers, styles, frames and every other URL scheme are removed.
 */
import sanitizeHtml from 'sanitize-html';

const options: sanitizeHtml.IOptions = {
  allowedTags: ['a', 'b', 'blockquote', 'br', 'div', 'em', 'h1', 'h2', 'h3', 'i', 'img', 'li', 'ol', 'p', 'span', 'strong', 'u', 'ul'],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'title', 'width', 'height'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }) },
};

export function sanitizeProfileHtml(html: string): string {
  return sanitizeHtml(html, options);
}

/** Sanitizes every locale's text of a stored about_me_html. */
export function sanitizeLocalizedHtml<T>(value: T): T {
  if (typeof value === 'string') return sanitizeProfileHtml(value) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([locale, text]) => [locale, typeof text === 'string' ? sanitizeProfileHtml(text) : text]),
    ) as T;
  }
  return value;
}
