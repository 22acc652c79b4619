/**
 * A shortlist as ONE self-contained HTML file for a director: pictures embedded as data: URIs, key
 * facts, chosen credits, showreel links and (only when asked) the casting director's notes. It
 * opens from disk in any browser without a network: a Content-Security-Policy in the file lets in
 * nothing but its own style, data: pictures and its one inline script (both by hash), so a name or
 * note that smuggles markup stays text even where escaping were missed. The script lets the
 * director tick favourites and turns them into a short picks text (directorPicks.ts reads it back).
 * The caller passes every text (i18n) and the pictures' bytes, so this module stays pure.
 */
import { pictureWindow, type PictureFraming } from './exportPicture.ts';
import { externalUrlToOpen } from '../../../contract/external-url.ts';
import { picksHeader } from './directorPicks.ts';
import { withinPictureCap } from './pictureSize.ts';

/** One credit as the package lists it: "2024 · Tatort · Film · Role: Kommissarin". */
export interface PresentationCredit {
  years: string;
  title: string;
  kind: string;
  role: string;
}

export interface PresentationActor {
  /** 1-based place on the list. */
  position: number;
  actorId: number;
  name: string;
  actingAge: string;
  height: string;
  /** Every agency the profile lists, in the app's order (the primary one first). */
  agencies: string[];
  /** Labels, "German (native)". */
  languages: string[];
  credits: PresentationCredit[];
  /** As the directory gave them; only https links the app itself would open are written. */
  showreels: { name: string | null; url: string }[];
  note: string;
  /** The main picture's bytes (JPEG or PNG by magic bytes, within the pixel cap; anything else is left out), or null. */
  picture: Uint8Array | null;
  /**
   * How the picture fills its upright box (exportPicture.ts) and its size in pixels, which a crop
   * needs; unknown framing fits the picture whole.
   */
  framing?: PictureFraming;
  pictureSize?: [number, number] | null;
}

export interface PresentationTexts {
  /** BCP 47 tag of the texts, for <html lang>. */
  lang: string;
  /** "Made by Anna Berg with Castdesk on 25 Nov 2026". */
  madeBy: string;
  actingAge: string;
  height: string;
  /** The term for one agency ("Agency") and for several ("Agencies"). */
  agency: string;
  agencies: string;
  languages: string;
  credits: string;
  showreels: string;
  note: string;
  noPicture: string;
  favourite: string;
  picksTitle: string;
  picksHelp: string;
  /** The picks text's first line, in words: whose picks, for which list (the header line after it is for Castdesk). */
  picksIntro: string;
  copy: string;
  mail: string;
}

export interface PresentationInput {
  packageId: string;
  title: string;
  subtitle?: string;
  actors: PresentationActor[];
  includeNotes: boolean;
  texts: PresentationTexts;
}

/** HTML-escapes text for element content and quoted attribute values alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (char) => `&#${char.charCodeAt(0)};`);
}

type PictureType = 'image/jpeg' | 'image/png';

/** JPEG (FF D8 FF) or PNG (its 8-byte signature) by magic bytes; anything else is not embedded. */
export function pictureType(bytes: Uint8Array): PictureType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  return bytes.length >= png.length && png.every((byte, i) => bytes[i] === byte) ? 'image/png' : null;
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: String.fromCharCode takes its bytes as arguments, and a picture has too many for one call.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The showreel link as the app would open it (https only, parsed form), or null. */
export function showreelHref(url: string): string | null {
  const href = externalUrlToOpen(url.trim());
  return href?.startsWith('https:') ? href : null;
}

async function sha256Base64(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return base64(new Uint8Array(digest));
}

/**
 * The favourites script: plain ES5 so any browser runs it, and nothing of the package's data in
 * it (it reads the actors from the page's escaped attributes), so its hash is fixed. Ticking a box
 * rewrites the picks text; the mail link is built from it; copy uses the clipboard when the browser
 * allows it there, and otherwise leaves the text selected.
 */
export const favouritesScript = `(function () {
  var doc = document;
  var output = doc.getElementById('picks-text');
  var mail = doc.getElementById('picks-mail');
  var copy = doc.getElementById('picks-copy');
  var intro = doc.body.getAttribute('data-picks-intro');
  var header = doc.body.getAttribute('data-picks-header');
  function update() {
    var lines = [intro, header];
    var boxes = doc.querySelectorAll('input.favourite');
    for (var i = 0; i < boxes.length; i++) {
      var actor = boxes[i].closest('article');
      actor.classList.toggle('picked', boxes[i].checked);
      if (boxes[i].checked) lines.push(actor.getAttribute('data-position') + ' #' + actor.getAttribute('data-actor-id') + ' ' + actor.getAttribute('data-name'));
    }
    output.value = lines.join('\\n');
    mail.setAttribute('href', 'mailto:?subject=' + encodeURIComponent(doc.title) + '&body=' + encodeURIComponent(output.value + '\\n'));
  }
  doc.addEventListener('change', function (event) {
    if (event.target.classList.contains('favourite')) update();
  });
  copy.addEventListener('click', function () {
    output.focus();
    output.select();
    if (navigator.clipboard) navigator.clipboard.writeText(output.value).catch(function () { doc.execCommand('copy'); });
    else doc.execCommand('copy');
  });
  copy.hidden = false;
  mail.hidden = false;
  update();
})();`;

const style = `
:root { color-scheme: light; font-family: system-ui, sans-serif; color: #1d1d1f; }
body { margin: 0 auto; max-width: 60rem; padding: 1.5rem; line-height: 1.4; }
header h1 { margin: 0 0 0.25rem; }
.muted { color: #5f5f66; }
article { display: grid; grid-template-columns: 12rem 1fr; gap: 1rem 1.5rem; padding: 1.25rem 0; border-top: 1px solid #d0d0d7; }
article.picked { background: #fff8dc; }
article img, article svg, .no-picture { width: 12rem; height: 16rem; object-fit: contain; object-position: top; border-radius: 4px; background: #ececf0; }
article img.cover { object-fit: cover; }
.no-picture { display: flex; align-items: center; justify-content: center; color: #5f5f66; }
article h2 { margin: 0 0 0.5rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.15rem 1rem; margin: 0 0 0.75rem; }
dt { color: #5f5f66; }
dd { margin: 0; }
h3 { font-size: 1rem; margin: 0.75rem 0 0.25rem; }
ul { margin: 0; padding-left: 1.2rem; }
.note { white-space: pre-wrap; background: #f4f4f7; padding: 0.5rem 0.75rem; border-radius: 4px; }
.favourite-label { display: inline-flex; gap: 0.4rem; align-items: center; font-weight: 600; margin-top: 0.5rem; }
.picks { border-top: 2px solid #1d1d1f; margin-top: 1.5rem; padding-top: 1rem; }
.picks textarea { width: 100%; min-height: 8rem; font-family: ui-monospace, monospace; }
.picks a, .picks button { margin-right: 1rem; }
@media print {
  body { max-width: none; padding: 0; }
  article { break-inside: avoid; page-break-inside: avoid; }
  article.picked { background: none; }
  .picks, .favourite-label, button { display: none; }
  a { color: inherit; }
}
`;

function factRows(actor: PresentationActor, texts: PresentationTexts): string {
  const facts: [string, string][] = [
    [texts.actingAge, actor.actingAge],
    [texts.height, actor.height],
    [actor.agencies.length > 1 ? texts.agencies : texts.agency, actor.agencies.join(', ')],
    [texts.languages, actor.languages.join(', ')],
  ];
  const rows = facts.filter(([, value]) => value.trim() !== '').map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`);
  return rows.length > 0 ? `<dl>${rows.join('')}</dl>` : '';
}

function creditList(actor: PresentationActor, texts: PresentationTexts): string {
  if (actor.credits.length === 0) return '';
  const items = actor.credits.map((credit) => {
    const parts = [credit.years, credit.title, credit.kind, credit.role].filter((part) => part.trim() !== '').map(escapeHtml);
    return `<li>${parts.join(' · ')}</li>`;
  });
  return `<h3>${escapeHtml(texts.credits)}</h3><ul class="credits">${items.join('')}</ul>`;
}

function showreelList(actor: PresentationActor, texts: PresentationTexts): string {
  const seen = new Set<string>();
  const items: string[] = [];
  for (const showreel of actor.showreels) {
    const href = showreelHref(showreel.url);
    if (!href || seen.has(href)) continue;
    seen.add(href);
    const label = showreel.name?.trim() || href;
    items.push(`<li><a href="${escapeHtml(href)}" rel="noopener noreferrer" target="_blank">${escapeHtml(label)}</a></li>`);
  }
  return items.length > 0 ? `<h3>${escapeHtml(texts.showreels)}</h3><ul class="showreels">${items.join('')}</ul>` : '';
}

/** The width / height of every picture's box (12rem × 16rem in the style). */
const pictureBoxAspect = 12 / 16;

/**
 * The picture in its box: a crop region as an SVG whose viewBox is the window on it (attributes,
 * not styles, so the package's policy holds); an upright main picture covering the box; anything
 * else fitted whole, never cut through a face.
 */
function pictureOf(actor: PresentationActor, texts: PresentationTexts): string {
  // A picture declaring more pixels than the cap (pictureSize.ts) would stall the director's browser.
  const type = actor.picture && withinPictureCap(actor.picture) ? pictureType(actor.picture) : null;
  if (!actor.picture || !type) return `<div class="no-picture">${escapeHtml(texts.noPicture)}</div>`;
  const source = `data:${type};base64,${base64(actor.picture)}`;
  const size = actor.pictureSize;
  if (actor.framing?.mode === 'crop' && size) {
    const window = pictureWindow(size[0], size[1], pictureBoxAspect, actor.framing);
    const viewBox = [window.x, window.y, window.width, window.height].map((value) => Number(value.toFixed(2))).join(' ');
    return `<svg viewBox="${viewBox}" role="img" aria-label="${escapeHtml(actor.name)}"><image href="${source}" width="${size[0]}" height="${size[1]}" preserveAspectRatio="none"/></svg>`;
  }
  const cover = actor.framing?.mode === 'cover' ? ' class="cover"' : '';
  return `<img${cover} src="${source}" alt="${escapeHtml(actor.name)}">`;
}

/** One line: the picks text carries one actor a line. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function actorBlock(actor: PresentationActor, input: PresentationInput): string {
  const { texts } = input;
  const name = oneLine(actor.name);
  const note = input.includeNotes && actor.note.trim() !== '' ? `<h3>${escapeHtml(texts.note)}</h3><p class="note">${escapeHtml(actor.note)}</p>` : '';
  return [
    `<article data-position="${actor.position}" data-actor-id="${actor.actorId}" data-name="${escapeHtml(name)}">`,
    pictureOf(actor, texts),
    '<div>',
    `<h2>${actor.position}. ${escapeHtml(name)}</h2>`,
    factRows(actor, texts),
    creditList(actor, texts),
    showreelList(actor, texts),
    note,
    `<label class="favourite-label"><input type="checkbox" class="favourite"> ${escapeHtml(texts.favourite)}</label>`,
    '</div>',
    '</article>',
  ].join('');
}

/** The Content-Security-Policy the package carries, for its style and script of these hashes. */
export function packagePolicy(styleHash: string, scriptHash: string): string {
  return `default-src 'none'; img-src data:; style-src 'sha256-${styleHash}'; script-src 'sha256-${scriptHash}'; form-action 'none'; base-uri 'none'`;
}

/** The package as one HTML document. */
export async function presentationPackage(input: PresentationInput): Promise<string> {
  const { texts } = input;
  const [styleHash, scriptHash] = await Promise.all([sha256Base64(style), sha256Base64(favouritesScript)]);
  const header = picksHeader(input.packageId);
  const intro = oneLine(texts.picksIntro);
  return [
    '<!DOCTYPE html>',
    `<html lang="${escapeHtml(texts.lang)}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(packagePolicy(styleHash, scriptHash))}">`,
    '<meta name="referrer" content="no-referrer">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(oneLine(input.title))}</title>`,
    `<style>${style}</style>`,
    '</head>',
    `<body data-picks-intro="${escapeHtml(intro)}" data-picks-header="${escapeHtml(header)}">`,
    '<header>',
    `<h1>${escapeHtml(input.title)}</h1>`,
    input.subtitle ? `<p>${escapeHtml(input.subtitle)}</p>` : '',
    `<p class="muted">${escapeHtml(texts.madeBy)}</p>`,
    '</header>',
    '<main>',
    ...input.actors.map((actor) => actorBlock(actor, input)),
    '</main>',
    '<section class="picks">',
    `<h2>${escapeHtml(texts.picksTitle)}</h2>`,
    `<p>${escapeHtml(texts.picksHelp)}</p>`,
    `<textarea id="picks-text" readonly rows="8">${escapeHtml(`${intro}\n${header}`)}</textarea>`,
    '<p>',
    `<button type="button" id="picks-copy" hidden>${escapeHtml(texts.copy)}</button>`,
    `<a id="picks-mail" hidden>${escapeHtml(texts.mail)}</a>`,
    '</p>',
    '</section>',
    `<script>${favouritesScript}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** The vita groups whose credits a package shows. */
export const presentationCreditKinds = ['film', 'television', 'theatre'] as const;
export type PresentationCreditKind = (typeof presentationCreditKinds)[number];

interface VitaCredit {
  name: string;
  role?: string | null;
  year_from?: number | null;
  year_to?: number | null;
  in_development?: boolean;
}

function yearOf(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * The newest `count` film, television and theatre credits of a vita together: in development first,
 * then by the later of their years (a credit with no year last), each group's own order kept on ties.
 */
export function newestCredits(
  vita: Partial<Record<PresentationCreditKind, readonly VitaCredit[] | undefined>> | undefined,
  kindLabels: Record<PresentationCreditKind, string>,
  count: number,
): PresentationCredit[] {
  const all = presentationCreditKinds.flatMap((kind) => (Array.isArray(vita?.[kind]) ? vita[kind] : []).map((credit) => ({ kind, credit })));
  const latest = ({ credit }: (typeof all)[number]) => (credit.in_development ? Infinity : (yearOf(credit.year_to) ?? yearOf(credit.year_from) ?? -Infinity));
  return all
    .filter(({ credit }) => typeof credit.name === 'string' && credit.name.trim() !== '')
    .sort((a, b) => latest(b) - latest(a) || 0)
    .slice(0, count)
    .map(({ kind, credit }) => {
      const from = yearOf(credit.year_from);
      const to = yearOf(credit.year_to);
      const years = from !== null && to !== null && to !== from ? `${from}–${to}` : String(to ?? from ?? '');
      return { years, title: credit.name.trim(), kind: kindLabels[kind], role: credit.role?.trim() ?? '' };
    });
}
