/**
 * Text that may contain HTML (a role's contract_type_info) as plain text: markup is never rendered,
 * so nothing in it can run or load. Block ends and line breaks become new lines; entities are
 * decoded by an inert parser (DOMParser runs no scripts and loads nothing).
 */
export function htmlToPlainText(html: string | null | undefined): string {
  if (!html) return '';
  const marked = html
    .replace(/<(script|style|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr|blockquote)\s*>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '• ');
  const text = new DOMParser().parseFromString(`<body>${marked}</body>`, 'text/html').body.textContent ?? '';
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\f\v\u00a0]+/g, ' ').trim())
    .filter((line, index, lines) => line !== '' || (index > 0 && lines[index - 1] !== ''))
    .join('\n')
    .trim();
}
