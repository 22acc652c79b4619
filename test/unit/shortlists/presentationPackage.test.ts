/**
 * The presentation package as a document (renderer/src/shortlists/presentationPackage.ts), parsed
 * back with happy-dom: the XSS corpus of the hostile directory (test/e2e/hostileDirectory.ts) in
 * every text it shows stays text, the policy's hashes are those of its own style and script, no URL
 * but embedded pictures and the https showreel links the app would open, notes only when asked.
 * (In the Node project because it reads that Node module's corpus; the module itself is pure.)
 */
import { createHash } from 'node:crypto';
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { picksHeader, readPicks } from '../../../renderer/src/shortlists/directorPicks.ts';
import {
  favouritesScript,
  newestCredits,
  presentationPackage,
  type PresentationActor,
  type PresentationInput,
} from '../../../renderer/src/shortlists/presentationPackage.ts';
import { hostileAboutMeHtml, legitimateUrls, xssCorpus } from '../../e2e/hostileDirectory.ts';

const corpus = [...Object.values(xssCorpus), '"><script>alert(1)</script>', "'onmouseover='alert(1)", '</textarea><script>alert(1)</script>', '`${alert(1)}`'];
/** The start of a PNG declaring `width` × `height` (signature and IHDR): what decides whether it is embedded. */
function pngDeclaring(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(45);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 2, 0, 0, 0], 24);
  return bytes;
}
/** The start of a JPEG declaring `width` × `height`: SOI, an APP0 segment, then a baseline start of frame. */
function jpegDeclaring(width: number, height: number): Uint8Array {
  return Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0, 4, 9, 9, 0xff, 0xc0, 0, 17, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1);
}
const png = pngDeclaring(600, 800);
const jpeg = jpegDeclaring(600, 800);
const gif = new TextEncoder().encode('GIF89a...');
const svg = new TextEncoder().encode('<svg onload=alert(1)></svg>');
const hostileShowreels = [xssCorpus.javascriptUrl, xssCorpus.tabbedJavascriptUrl, xssCorpus.dataHtmlUrl, 'http://insecure.example/reel', 'https://user:pw@legit.example/reel', 'file:///etc/passwd', ' https://legit.example/space'];

function actor(i: number, overrides: Partial<PresentationActor> = {}): PresentationActor {
  const hostile = corpus[i % corpus.length]!;
  return {
    position: i + 1,
    actorId: 1000 + i,
    name: `${hostile} Name ${i}`,
    actingAge: `25–35 ${hostile}`,
    height: '180 cm',
    agencies: [`Agency ${hostile}`],
    languages: [`German (${hostile})`],
    credits: [{ years: '2024', title: `Tatort ${hostile}`, kind: 'TV', role: `Role ${hostile}` }],
    showreels: [{ name: `Reel ${hostile}`, url: legitimateUrls[i % legitimateUrls.length]! }, ...hostileShowreels.map((url) => ({ name: hostile, url }))],
    note: `Note ${i}: ${hostileAboutMeHtml[i % hostileAboutMeHtml.length]}`,
    picture: [png, jpeg, gif, svg, null][i % 5]!,
    ...overrides,
  };
}

function input(includeNotes: boolean): PresentationInput {
  return {
    packageId: '7-0a1b2c3d',
    title: `List ${xssCorpus.scriptTag}`,
    subtitle: `Call ${xssCorpus.img}`,
    actors: corpus.map((_, i) => actor(i)),
    includeNotes,
    texts: {
      lang: 'en',
      madeBy: `Made by ${xssCorpus.svgOnload} on 25 Nov 2026`,
      actingAge: 'Acting age',
      height: 'Height',
      agency: 'Agency',
      agencies: 'Agencies',
      languages: 'Languages',
      credits: 'Selected credits',
      showreels: 'Showreels',
      note: 'Casting notes',
      noPicture: 'No picture',
      favourite: 'Favourite',
      picksTitle: 'Your picks',
      picksHelp: 'Tick your favourites.',
      picksIntro: 'Director’s picks for “Lead roles” (25 Nov 2026). Please keep the next line.',
      copy: 'Copy',
      mail: 'Send by e-mail',
    },
  };
}

function parse(html: string) {
  const window = new Window();
  return new window.DOMParser().parseFromString(html, 'text/html');
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');

describe('presentationPackage', () => {
  it('keeps every hostile name, fact, credit, title and note as text', async () => {
    const document = parse(await presentationPackage(input(true)));
    // The only element that runs anything is the package's own script.
    expect(document.querySelectorAll('script, iframe, object, embed, svg, math, form, base, link, meta[http-equiv="refresh"]').length).toBe(1);
    expect(document.querySelector('script')!.textContent).toBe(favouritesScript);
    for (const element of document.querySelectorAll('*')) {
      for (const attribute of element.attributes) expect(attribute.name, `${element.tagName} ${attribute.name}`).not.toMatch(/^on/i);
    }
    expect(document.querySelector('title')!.textContent).toBe(`List ${xssCorpus.scriptTag}`);
    expect(document.querySelector('h1')!.textContent).toBe(`List ${xssCorpus.scriptTag}`);
    const articles = [...document.querySelectorAll('article')];
    expect(articles).toHaveLength(corpus.length);
    articles.forEach((article, i) => {
      const expected = actor(i);
      // A name is one line: the picks text has one actor a line.
      const name = expected.name.replace(/\s+/g, ' ');
      expect(article.getAttribute('data-name')).toBe(name);
      expect(article.getAttribute('data-actor-id')).toBe(String(expected.actorId));
      expect(article.querySelector('h2')!.textContent).toBe(`${i + 1}. ${name}`);
      expect([...article.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual([expected.actingAge, '180 cm', expected.agencies[0], expected.languages[0]]);
      expect(article.querySelector('ul li')!.textContent).toBe(`2024 · ${expected.credits[0]!.title} · TV · ${expected.credits[0]!.role}`);
      expect(article.querySelector('.note')!.textContent).toBe(expected.note);
    });
  });

  it('carries a strict policy whose hashes are its own style and script', async () => {
    const document = parse(await presentationPackage(input(false)));
    const policy = document.querySelector('meta[http-equiv="Content-Security-Policy"]')!.getAttribute('content')!;
    const directives = new Map(policy.split(';').map((directive) => directive.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('img-src')).toEqual(['data:']);
    expect(directives.get('script-src')).toEqual([`'sha256-${sha256(document.querySelector('script')!.textContent!)}'`]);
    expect(directives.get('style-src')).toEqual([`'sha256-${sha256(document.querySelector('style')!.textContent!)}'`]);
    expect(directives.get('form-action')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    // The policy comes before anything it governs.
    expect(document.head.firstElementChild!.getAttribute('charset')).toBe('utf-8');
    expect(document.head.children[1]!.getAttribute('http-equiv')).toBe('Content-Security-Policy');
  });

  it('has no URL but embedded JPEG/PNG pictures and the https showreel links the app would open', async () => {
    const html = await presentationPackage(input(true));
    const document = parse(html);
    const urls = [...document.querySelectorAll('*')].flatMap((element) =>
      [...element.attributes].filter((attribute) => /^(href|src|srcset|action|formaction|poster|data|background|xlink:href|ping)$/i.test(attribute.name)).map((attribute) => attribute.value ?? ''),
    );
    const pictures = urls.filter((url) => url.startsWith('data:'));
    const links = urls.filter((url) => !url.startsWith('data:'));
    for (const url of pictures) expect(url).toMatch(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+=*$/);
    // A link with spaces around it is taken trimmed, as the profile's showreel list takes it.
    expect(new Set(links)).toEqual(new Set([...legitimateUrls.map((url) => new URL(url).href), 'https://legit.example/space']));
    // Pictures: PNG and JPEG embedded, GIF, SVG and none shown as "No picture".
    const shown = [...document.querySelectorAll('article')].map((article) => article.querySelector('img')?.getAttribute('src')?.slice(0, 15) ?? article.querySelector('.no-picture')!.textContent);
    expect(shown.slice(0, 5)).toEqual(['data:image/png;', 'data:image/jpeg', 'No picture', 'No picture', 'No picture']);
    expect(document.querySelectorAll('img')).toHaveLength(pictures.length);
    // Nothing else that fetches: no CSS url(), no @import.
    expect(html).not.toMatch(/url\(|@import/i);
    // Every showreel link opens apart from the package and tells nothing about it.
    for (const link of document.querySelectorAll('a[href]')) expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  // Issue 23, item 9: a few bytes declaring 20000 × 20000 pixels stall whatever opens the package.
  it('leaves out pictures that declare more than 40 megapixels, PNG or JPEG, and those whose size cannot be read', async () => {
    const pictures = [pngDeclaring(20_000, 20_000), jpegDeclaring(20_000, 20_000), pngDeclaring(8000, 5000), pngDeclaring(8001, 5000), Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0, 4, 9, 9)];
    const base = input(false);
    const html = await presentationPackage({ ...base, actors: pictures.map((picture, index) => ({ ...actor(index), picture })) });
    const shown = [...parse(html).querySelectorAll('article')].map((article) => (article.querySelector('img') ? 'picture' : article.querySelector('.no-picture')!.textContent));
    expect(shown).toEqual(['No picture', 'No picture', 'picture', 'No picture', 'No picture']);
  });

  it('names every agency the profile lists, in order, under a plural term when there are several (issue 22, walk N4)', async () => {
    const two = actor(0, { name: 'Two Agencies', agencies: ['Agentur Alpenrot', 'Spotlight Talents Berlin'] });
    const one = actor(1, { name: 'One Agency', agencies: ['Agentur Schön'] });
    const document = parse(await presentationPackage({ ...input(false), actors: [two, one] }));
    const facts = [...document.querySelectorAll('article')].map((article) => [...article.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]));
    expect(facts[0]).toContainEqual(['Agencies', 'Agentur Alpenrot, Spotlight Talents Berlin']);
    expect(facts[1]).toContainEqual(['Agency', 'Agentur Schön']);
  });

  it('writes the notes only when asked', async () => {
    const without = await presentationPackage(input(false));
    expect(parse(without).querySelectorAll('.note')).toHaveLength(0);
    for (const [i] of corpus.entries()) expect(without).not.toContain(`Note ${i}:`);
    expect(without).not.toContain('Casting notes');
    const withNotes = parse(await presentationPackage(input(true)));
    expect(withNotes.querySelectorAll('.note')).toHaveLength(corpus.length);
  });

  // Issue 22, item 22: the text says in words what it is before the header line Castdesk reads.
  it('starts the picks text with a line in words, then the package header, for the director to fill in', async () => {
    const document = parse(await presentationPackage(input(false)));
    expect(document.body.getAttribute('data-picks-header')).toBe(picksHeader('7-0a1b2c3d'));
    const text = (document.querySelector('#picks-text') as unknown as { value: string }).value;
    expect(text).toBe('Director’s picks for “Lead roles” (25 Nov 2026). Please keep the next line.\nCastdesk picks v1 7-0a1b2c3d');
    // Castdesk reads it back: the line in words is what readPicks skips as a greeting.
    expect(readPicks(`${text}\n1 #5 Anna`, ['7-0a1b2c3d'], new Set([5]))).toEqual({ ok: true, picks: [{ position: 1, actorId: 5, name: 'Anna' }], notOnList: [] });
    // Buttons and the mail link appear once the script runs; print hides them.
    expect(document.querySelector('#picks-copy')!.hasAttribute('hidden')).toBe(true);
    expect(document.querySelector('#picks-mail')!.hasAttribute('href')).toBe(false);
    expect(document.querySelector('style')!.textContent).toMatch(/@media print[^]*\.picks, \.favourite-label, button \{ display: none; \}/);
  });
});

describe('newestCredits', () => {
  const kinds = { film: 'Film', television: 'TV', theatre: 'Theatre' };

  it('takes the newest film, television and theatre credits together, in development first', () => {
    const credits = newestCredits(
      {
        film: [
          { name: 'Old film', year_from: 2010, year_to: null },
          { name: 'Coming film', in_development: true, year_from: null },
          { name: 'Film 2022', role: 'Lead', year_from: 2021, year_to: 2022 },
        ],
        television: [{ name: 'Series 2023', year_from: 2023 }, { name: '  ', year_from: 2025 }],
        theatre: [{ name: 'Play without year' }, { name: 'Play 2019', year_from: 2019, year_to: 2019 }],
      },
      kinds,
      4,
    );
    expect(credits).toEqual([
      { years: '', title: 'Coming film', kind: 'Film', role: '' },
      { years: '2023', title: 'Series 2023', kind: 'TV', role: '' },
      { years: '2021–2022', title: 'Film 2022', kind: 'Film', role: 'Lead' },
      { years: '2019', title: 'Play 2019', kind: 'Theatre', role: '' },
    ]);
  });

  it('is empty without a vita', () => {
    expect(newestCredits(undefined, kinds, 5)).toEqual([]);
  });
});
