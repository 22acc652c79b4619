/**
 * A profile's about_me_html as safe DOM nodes. The directory says its HTML is sanitized, but it is
 * text written by third parties and cached for months, so Castdesk trusts none of it: DOMPurify
 * keeps a small set of text-formatting tags, links keep only an href that the external-link rule
 * accepts (everything else becomes plain text), and headings are moved below the section's own h2.
 *
 * The HTML is parsed in a document without a browsing context and cleaned there; only clean nodes
 * are imported into the page, as nodes: the markup is never serialised and parsed again, which is
 * where mutation XSS lives. A second, independent pass enforces the same allowlist, so a DOMPurify
 * that is unsupported or mangles its input (under happy-dom it reads every tag name as empty and
 * its iterator stops at the first removal) is skipped and can never let more through.
 */
import DOMPurify from 'dompurify';

const allowedTags = ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'blockquote', 'a', 'span', 'div'];
const allowedTagSet = new Set(allowedTags);
/** Elements whose content is dropped with them rather than kept as text. */
const droppedWithContent = new Set([
  'script', 'style', 'template', 'noscript', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'svg', 'math',
  'textarea', 'title', 'xmp', 'noembed', 'noframes', 'plaintext', 'select', 'head', 'meta', 'link', 'base', 'img', 'video',
  'audio', 'canvas', 'form', 'button', 'input',
]);
const htmlNamespace = 'http://www.w3.org/1999/xhtml';
const linkRel = 'noopener noreferrer';

/** Whether a link may leave the app (the external-links store's rule). */
export type LinkCheck = (url: string) => boolean;

/** A window with its DOM constructors (the page's own, in the app). */
type DomWindow = Window & typeof globalThis;

/** Chromium's DOMPurify is exact; one that mangles a known input (as under happy-dom) is not used. */
const purifierWorks = new WeakMap<DomWindow, boolean>();

function workingPurifier(view: DomWindow) {
  const purifier = DOMPurify(view);
  let works = purifierWorks.get(view);
  if (works === undefined) {
    works = purifier.isSupported && purifier.sanitize('<p>a</p><i title="t">i</i><b>b</b>', { ALLOWED_TAGS: ['p', 'b'], ALLOWED_ATTR: [] }) === '<p>a</p>i<b>b</b>';
    purifierWorks.set(view, works);
  }
  return works ? purifier : null;
}

/** `html` parsed into a document without a browsing context: nothing in it loads or runs. */
function inertRoot(html: string, view: DomWindow): HTMLElement {
  const inert = new view.DOMParser().parseFromString('<!doctype html><body><div></div></body>', 'text/html');
  const root = inert.body.firstElementChild as HTMLElement;
  root.innerHTML = html;
  return root;
}

function purify(root: HTMLElement, canOpen: LinkCheck, view: DomWindow): void {
  const purifier = workingPurifier(view);
  if (!purifier) return;
  purifier.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName === 'href' && !canOpen(data.attrValue)) data.keepAttr = false;
  });
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A' && node.hasAttribute('href')) node.setAttribute('rel', linkRel);
  });
  purifier.sanitize(root, {
    ALLOWED_TAGS: allowedTags,
    ALLOWED_ATTR: ['href'],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    ADD_FORBID_CONTENTS: [...droppedWithContent],
    KEEP_CONTENT: true,
    IN_PLACE: true,
  });
}

/** Every node below `root`, in document order, as a static list (removals do not disturb it). */
function descendants(root: Node): Node[] {
  const nodes: Node[] = [];
  for (const child of Array.from(root.childNodes)) nodes.push(child, ...descendants(child));
  return nodes;
}

/** The allowlist again, on the nodes themselves: the guarantee does not rest on DOMPurify alone. */
function enforceAllowlist(root: HTMLElement, canOpen: LinkCheck): void {
  for (const node of descendants(root)) {
    if (!root.contains(node)) continue; // gone with a dropped ancestor
    if (node.nodeType === Node.TEXT_NODE) continue;
    if (node.nodeType !== Node.ELEMENT_NODE) {
      (node as ChildNode).remove();
      continue;
    }
    const element = node as Element;
    const tag = element.localName;
    if (element.namespaceURI !== htmlNamespace || !allowedTagSet.has(tag)) {
      if (droppedWithContent.has(tag) || element.namespaceURI !== htmlNamespace) element.remove();
      else element.replaceWith(...Array.from(element.childNodes));
      continue;
    }
    for (const attribute of Array.from(element.attributes)) {
      const keep = tag === 'a' && ((attribute.name === 'href' && canOpen(attribute.value)) || attribute.name === 'rel');
      if (!keep) element.removeAttribute(attribute.name);
    }
    if (tag === 'a') {
      if (element.hasAttribute('href')) element.setAttribute('rel', linkRel);
      else element.replaceWith(...Array.from(element.childNodes)); // a link Castdesk will not open is plain text
    }
  }
}

/** h1–h3 of the text become h3 and h4, so they sit below the "About me" heading (h2). */
function lowerHeadings(root: HTMLElement): void {
  const headings = Array.from(root.querySelectorAll('h1, h2, h3'));
  const levels = [...new Set(headings.map((heading) => heading.localName))].sort();
  for (const heading of headings) {
    const level = levels.indexOf(heading.localName) === 0 ? 'h3' : 'h4';
    if (heading.localName === level) continue;
    const replacement = heading.ownerDocument.createElement(level);
    replacement.append(...Array.from(heading.childNodes));
    heading.replaceWith(replacement);
  }
}

/**
 * The safe nodes of `html`, or null when the HTML cannot be sanitized here (no DOM, DOMPurify
 * unsupported): the caller then shows the plain about_me text instead. Links keep an href only when
 * `canOpen` accepts it, and always carry rel="noopener noreferrer"; clicks on them must still go
 * through the external-links store.
 */
export function sanitizeAboutMe(html: string, canOpen: LinkCheck, view: DomWindow | null = globalThis.window ?? null): DocumentFragment | null {
  if (!view?.document || typeof view.DOMParser !== 'function') return null;
  const root = inertRoot(html, view);
  purify(root, canOpen, view);
  enforceAllowlist(root, canOpen);
  lowerHeadings(root);
  const fragment = view.document.createDocumentFragment();
  for (const node of Array.from(root.childNodes)) fragment.append(view.document.importNode(node, true));
  return fragment;
}
