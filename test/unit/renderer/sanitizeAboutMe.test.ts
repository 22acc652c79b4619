import { describe, expect, it } from 'vitest';
import { isSafeExternalUrl } from '../../../contract/external-url.ts';
import { maxAboutMeHtmlLength, sanitizeAboutMe } from '../../../renderer/src/components/profile/sanitizeAboutMe.ts';

const allowedTags = new Set(['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'h3', 'h4', 'blockquote', 'a', 'span', 'div']);

/** The sanitized nodes of `html` in a detached container, for inspection. */
function sanitized(html: string): HTMLDivElement {
  const fragment = sanitizeAboutMe(html, isSafeExternalUrl);
  expect(fragment).not.toBeNull();
  const container = document.createElement('div');
  container.append(fragment!);
  return container;
}

/** Everything that could run script or leave the app in a sanitized tree; empty when safe. */
function dangers(container: HTMLElement): string[] {
  const found: string[] = [];
  for (const element of Array.from(container.querySelectorAll('*'))) {
    if (!allowedTags.has(element.localName)) found.push(`tag ${element.localName}`);
    if (element.namespaceURI !== 'http://www.w3.org/1999/xhtml') found.push(`namespace ${element.namespaceURI}`);
    for (const attribute of Array.from(element.attributes)) {
      if (element.localName === 'a' && attribute.name === 'rel') continue;
      if (element.localName === 'a' && attribute.name === 'href') {
        if (!isSafeExternalUrl(attribute.value)) found.push(`href ${attribute.value}`);
        continue;
      }
      found.push(`attribute ${attribute.name} on ${element.localName}`);
    }
  }
  const markup = container.innerHTML.toLowerCase();
  for (const needle of ['<script', '<img', '<svg', '<math', '<style', '<iframe', 'javascript:', 'vbscript:', 'data:', ' on']) {
    if (markup.includes(needle) && !(needle === ' on' && !/\son[a-z]+=/.test(markup))) found.push(`markup contains ${needle}`);
  }
  return found;
}

const corpus: [string, string][] = [
  ['img onerror', '<p>Hi<img src=x onerror=alert(1)></p>'],
  ['svg onload', '<svg onload=alert(1)><script>alert(1)</script></svg>'],
  ['svg script', '<svg><script>alert(1)</script><a xlink:href="javascript:alert(1)">x</a></svg>'],
  ['script tag', '<script>alert(1)</script><p>text</p>'],
  ['javascript link', '<a href="javascript:alert(1)">click</a>'],
  ['upper-case javascript link', '<a href="JaVaScRiPt:alert(1)">click</a>'],
  ['tab-obfuscated javascript link', '<a href="jav&#x09;ascript:alert(1)">click</a>'],
  ['newline-obfuscated javascript link', '<a href="jav&#x0A;ascript:alert(1)">click</a>'],
  ['entity-encoded javascript link', '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">click</a>'],
  ['leading-space javascript link', '<a href=" javascript:alert(1)">click</a>'],
  ['data link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>'],
  ['vbscript link', '<a href="vbscript:msgbox(1)">click</a>'],
  ['http link', '<a href="http://example.com/">plain http</a>'],
  ['file link', '<a href="file:///etc/passwd">file</a>'],
  ['credentials link', '<a href="https://user:pass@example.com/">creds</a>'],
  ['mutation XSS through noscript', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>'],
  ['mutation XSS through math and style', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
  ['mutation XSS through svg and style', '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">'],
  ['mutation XSS through form nesting', '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>'],
  ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
  ['event handler on allowed tag', '<p onclick="alert(1)" onmouseover="alert(1)">text</p>'],
  ['style and class and id', '<p style="background:url(javascript:alert(1))" class="x" id="app">text</p>'],
  ['form and input', '<form action="https://evil.example/"><input name="q" autofocus onfocus=alert(1)><button formaction="javascript:alert(1)">go</button></form>'],
  ['object and embed', '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">'],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ['base href', '<base href="javascript:alert(1)//"><a href="/x">x</a>'],
  ['template', '<template><img src=x onerror=alert(1)></template>'],
  ['anchor with target and on*', '<a href="https://example.com/" target="_blank" onclick="alert(1)">ok</a>'],
  ['data attribute and aria', '<span data-x="1" aria-label="x">text</span>'],
  ['comment trick', '<!--<img src=x onerror=alert(1)>--><p>after</p>'],
];

describe('sanitizeAboutMe on an XSS corpus', () => {
  it.each(corpus)('%s: nothing that can run script, no on* attributes, no javascript:/data: links', (_name, html) => {
    const container = sanitized(html);
    expect(dangers(container)).toEqual([]);
  });

  it('keeps the allowed formatting and the text', () => {
    const container = sanitized('<div><p>I am <b>bold</b>, <strong>strong</strong>, <i>i</i>, <em>em</em> and <u>u</u>.<br>Next</p><ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote><span>span</span></div>');
    expect(container.innerHTML).toBe('<div><p>I am <b>bold</b>, <strong>strong</strong>, <i>i</i>, <em>em</em> and <u>u</u>.<br>Next</p><ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote><span>span</span></div>');
  });

  it('keeps https and mailto links with rel="noopener noreferrer" and turns other links into plain text', () => {
    const container = sanitized('<p><a href="https://example.com/me" target="_blank">My website</a> <a href="mailto:me@example.com">Mail</a> <a href="http://example.com/">Old site</a> <a href="jav&#x09;ascript:alert(1)">Trick</a></p>');
    const links = Array.from(container.querySelectorAll('a'));
    expect(links.map((link) => [link.getAttribute('href'), link.getAttribute('rel'), link.getAttribute('target')])).toEqual([
      ['https://example.com/me', 'noopener noreferrer', null],
      ['mailto:me@example.com', 'noopener noreferrer', null],
    ]);
    expect(container.textContent).toBe('My website Mail Old site Trick');
  });

  it('drops pictures and the content of script-like elements, but keeps text of unknown wrappers', () => {
    const container = sanitized('<p>Before<img src="https://example.com/a.png" alt="A">after</p><section><p>inside a section</p></section><style>p{}</style>');
    expect(container.innerHTML).toBe('<p>Beforeafter</p><p>inside a section</p>');
  });

  it('moves headings below the section heading: the highest level becomes h3, the others h4', () => {
    expect(sanitized('<h3>Highlights</h3><p>x</p>').innerHTML).toBe('<h3>Highlights</h3><p>x</p>');
    expect(sanitized('<h1>Top</h1><h2>Sub</h2><h3>Subsub</h3>').innerHTML).toBe('<h3>Top</h3><h4>Sub</h4><h4>Subsub</h4>');
  });

  it('asks the given rule about every link', () => {
    const asked: string[] = [];
    const fragment = sanitizeAboutMe('<a href="https://allowed.example/">a</a><a href="https://refused.example/">b</a>', (url) => {
      asked.push(url);
      return url.startsWith('https://allowed.example/');
    });
    const container = document.createElement('div');
    container.append(fragment!);
    expect(asked).toContain('https://refused.example/');
    expect(Array.from(container.querySelectorAll('a')).map((link) => link.getAttribute('href'))).toEqual(['https://allowed.example/']);
  });

  it('answers null without a DOM, so the plain text shows instead', () => {
    expect(sanitizeAboutMe('<p>x</p>', isSafeExternalUrl, null)).toBeNull();
  });
});

// Issue 23, item 6: a hostile directory's about_me_html must not break the About-me section.
describe('sanitizeAboutMe on huge trees', () => {
  it('a <div> holding 200,000 <b> does not throw: beyond the length cap, the plain text is shown instead', () => {
    // It threw a RangeError (children spread into push()), and the About-me section disappeared.
    const html = `<div>${'<b>x</b>'.repeat(200_000)}</div>`;
    expect(html.length).toBeGreaterThan(maxAboutMeHtmlLength);
    expect(sanitizeAboutMe(html, isSafeExternalUrl)).toBeNull();
  });

  it('sanitizes HTML up to the length cap, wide and nested, keeping its text', () => {
    const item = '<font><i>a</i></font>';
    const body = `<div>${'<span>'.repeat(500)}deep${'</span>'.repeat(500)}<script>x</script></div>`;
    const html = `${body}${item.repeat(Math.floor((maxAboutMeHtmlLength - body.length) / item.length))}`;
    expect(html.length).toBeLessThanOrEqual(maxAboutMeHtmlLength);
    const container = sanitized(html);
    expect(dangers(container)).toEqual([]);
    expect(container.textContent).toBe(`deep${'a'.repeat((html.length - body.length) / item.length)}`);
  });
});

