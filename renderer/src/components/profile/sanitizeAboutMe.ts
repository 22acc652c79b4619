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

/**
 * Longer HTML is not sanitized: the plain about_me text is shown instead. A profile's own text is a
 * few kilobytes; this bounds the work a hostile directory can cause on every open of a profile.
 */
export const maxAboutMeHtmlLength = 100_000;

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

/** The node after `node`'s subtree in document order, within `root`, or null at the end. */
function after(node: Node, root: Node): Node | null {
  for (let at: Node | null = node; at && at !== root; at = at.parentNode) if (at.nextSibling) return at.nextSibling;
  return null;
}

/**
 * Puts `element`'s children in its place, one at a time: spreading them into one call
 * (replaceWith(...children)) throws a RangeError when an element holds a few hundred thousand.
 */
function unwrap(element: Element): void {
  const parent = element.parentNode!;
  while (element.firstChild) parent.insertBefore(element.firstChild, element);
  element.remove();
}

/**
 * The allowlist again, on the nodes themselves: the guarantee does not rest on DOMPurify alone.
 * One walk in document order without recursion, however deep or wide the tree, deciding the next
 * node before the current one is dropped or unwrapped.
 */
function enforceAllowlist(root: HTMLElement, canOpen: LinkCheck): void {
  let node: Node | null = root.firstChild;
  while (node) {
    if (node.nodeType === Node.TEXT_NODE) {
      node = after(node, root);
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) {
      const next = after(node, root);
      (node as ChildNode).remove();
      node = next;
      continue;
    }
    const element = node as Element;
    const tag = element.localName;
    const foreign = element.namespaceURI !== htmlNamespace;
    // A link Castdesk will not open is plain text, like any tag outside the list.
    const unwanted = foreign || !allowedTagSet.has(tag) || (tag === 'a' && !(element.hasAttribute('href') && canOpen(element.getAttribute('href')!)));
    if (unwanted) {
      if (droppedWithContent.has(tag) || foreign) {
        node = after(element, root);
        element.remove();
      } else {
        node = element.firstChild ?? after(element, root);
        unwrap(element);
      }
      continue;
    }
    for (const attribute of Array.from(element.attributes)) {
      const keep = tag === 'a' && ((attribute.name === 'href' && canOpen(attribute.value)) || attribute.name === 'rel');
      if (!keep) element.removeAttribute(attribute.name);
    }
    if (tag === 'a') element.setAttribute('rel', linkRel);
    node = element.firstChild ?? after(element, root);
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
    // One at a time, for the reason unwrap gives.
    while (heading.firstChild) replacement.append(heading.firstChild);
    heading.replaceWith(replacement);
  }
}

/**
 * The safe nodes of `html`, or null when the HTML cannot be sanitized here (no DOM, DOMPurify
 * unsupported) or is longer than maxAboutMeHtmlLength: the caller then shows the plain about_me
 * text instead. Links keep an href only when `canOpen` accepts it, and always carry
 * rel="noopener noreferrer"; clicks on them must still go through the external-links store.
 */
export function sanitizeAboutMe(html: string, canOpen: LinkCheck, view: DomWindow | null = globalThis.window ?? null): DocumentFragment | null {
  if (!view?.document || typeof view.DOMParser !== 'function' || html.length > maxAboutMeHtmlLength) return null;
  const root = inertRoot(html, view);
  purify(root, canOpen, view);
  enforceAllowlist(root, canOpen);
  lowerHeadings(root);
  const fragment = view.document.createDocumentFragment();
  for (const node of Array.from(root.childNodes)) fragment.append(view.document.importNode(node, true));
  return fragment;
}
