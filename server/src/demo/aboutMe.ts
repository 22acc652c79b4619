/**
 * "About me" texts of demo profiles in the languages the person speaks, never all: some profiles
 * lack English or German, so a request for a missing locale answers null. The HTML uses only the allowed tags
 * (a, b, br, div, em, h1-h3, img, li, ol, p, strong, ul); the plain text is the HTML without tags.
 */
import type { Random } from './random.ts';

type Locale = 'en' | 'de' | 'fr' | 'it' | 'es' | 'pl' | 'tr' | 'uk';
export type LocalizedTexts = Partial<Record<Locale, string>>;

export interface AboutMeFacts {
  firstName: string;
  city: string;
  /** Years since the start of the career. */
  years: number;
  crew: boolean;
  /** Grammatical gender of the self-description; null for a neutral form. */
  feminine: boolean | null;
  homepage: string | null;
  /** The profile's language keys, native first: the texts are written in languages the person speaks. */
  languages: string[];
}

/** The female, male or neutral form of a job title, for crew or for actors. */
function form(f: AboutMeFacts, crew: [string, string, string], actor: [string, string, string]): string {
  const forms = f.crew ? crew : actor;
  return forms[f.feminine === null ? 2 : f.feminine ? 0 : 1];
}

/** "N years" in each locale's plural form for N (and the case its intro needs: German and Polish after "seit"/"od"). */
const yearWords: Record<Locale, Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }> = {
  en: { one: 'year', other: 'years' },
  de: { one: 'Jahr', other: 'Jahren' },
  fr: { one: 'an', other: 'ans' },
  it: { one: 'anno', other: 'anni' },
  es: { one: 'año', other: 'años' },
  pl: { one: 'roku', other: 'lat' },
  tr: { other: 'yıldır' },
  uk: { one: 'рік', few: 'роки', other: 'років' },
};

/** `years` with its noun, e.g. "1 Jahr", "5 Jahren", "3 роки". */
function yearsIn(locale: Locale, years: number): string {
  const words = yearWords[locale];
  return `${years} ${words[new Intl.PluralRules(locale).select(years)] ?? words.other}`;
}

interface Phrases {
  intro: (f: AboutMeFacts) => string;
  focus: string[];
  closing: string[];
  listTitle: string;
  items: string[];
  link: string;
}

const phrases: Record<Locale, Phrases> = {
  en: {
    intro: (f) => `I am ${f.firstName}, ${f.crew ? 'a filmmaker' : 'an actor'} based in <b>${f.city}</b>, working for ${yearsIn('en', f.years)} in film, television and theatre.`,
    focus: ['I love <em>quiet, character-driven</em> stories.', 'Comedy and improvisation are my home turf.', 'I love working in an ensemble.', 'Physical roles and stunts are welcome.'],
    closing: ['Looking forward to new projects!', 'Available for e-castings at short notice.', 'Happy to travel for the right project.'],
    listTitle: 'Highlights',
    items: ['Lead role in a feature film', 'Ensemble member at a state theatre', 'Audio drama and audiobooks', 'Work with young talents'],
    link: 'My website',
  },
  de: {
    intro: (f) => `Ich bin ${f.firstName}, ${form(f, ['Filmemacherin', 'Filmemacher', 'Filmschaffende*r'], ['Schauspielerin', 'Schauspieler', 'Schauspieler*in'])} aus <b>${f.city}</b> und seit ${yearsIn('de', f.years)} in Film, Fernsehen und Theater tätig.`,
    focus: ['Ich liebe <em>leise, figurengetriebene</em> Geschichten.', 'Komödie und Improvisation sind meine Stärke.', 'Ich arbeite gern im Ensemble.', 'Körperliche Rollen und Stunts sind willkommen.'],
    closing: ['Ich freue mich auf neue Projekte!', 'Für E-Castings kurzfristig verfügbar.', 'Für das richtige Projekt reise ich gern.'],
    listTitle: 'Highlights',
    items: ['Hauptrolle in einem Kinofilm', 'Ensemblemitglied an einem Staatstheater', 'Hörspiele und Hörbücher', 'Arbeit mit jungen Talenten'],
    link: 'Meine Website',
  },
  fr: {
    intro: (f) => `Je m’appelle ${f.firstName}, ${form(f, ['cinéaste', 'cinéaste', 'cinéaste'], ['comédienne', 'comédien', 'comédien·ne'])} ${form(f, ['installée', 'installé', 'installé·e'], ['installée', 'installé', 'installé·e'])} à <b>${f.city}</b>, depuis ${yearsIn('fr', f.years)} au cinéma, à la télévision et au théâtre.`,
    focus: ['J’aime les histoires <em>intimes</em>.', 'La comédie et l’improvisation sont mon terrain de jeu.'],
    closing: ['Au plaisir de nouveaux projets !', 'Disponible pour des self-tapes rapidement.'],
    listTitle: 'Points forts',
    items: ['Premier rôle au cinéma', 'Troupe permanente d’un théâtre', 'Fictions radiophoniques'],
    link: 'Mon site',
  },
  it: {
    intro: (f) => `Sono ${f.firstName}, ${form(f, ['regista', 'regista', 'regista'], ['attrice', 'attore', 'attore/attrice'])} con base a <b>${f.city}</b>, da ${yearsIn('it', f.years)} tra cinema, televisione e teatro.`,
    focus: ['Amo le storie <em>intime</em> e i personaggi complessi.', 'La commedia è il mio elemento.'],
    closing: ['Felice di nuovi progetti!', 'Disponibile per self-tape in tempi brevi.'],
    listTitle: 'Momenti salienti',
    items: ['Ruolo da protagonista in un film', 'Compagnia stabile di un teatro', 'Radiodrammi'],
    link: 'Il mio sito',
  },
  es: {
    intro: (f) => `Soy ${f.firstName}, ${form(f, ['cineasta', 'cineasta', 'cineasta'], ['actriz', 'actor', 'actor/actriz'])} con base en <b>${f.city}</b>, con ${yearsIn('es', f.years)} de experiencia en cine, televisión y teatro.`,
    focus: ['Me encantan las historias <em>íntimas</em>.', 'La comedia y la improvisación son lo mío.'],
    closing: ['¡Con ganas de nuevos proyectos!', 'Disponible para self-tapes con poca antelación.'],
    listTitle: 'Destacados',
    items: ['Papel protagonista en un largometraje', 'Elenco estable de un teatro', 'Radioteatro'],
    link: 'Mi web',
  },
  pl: {
    intro: (f) => `Nazywam się ${f.firstName}, ${form(f, ['reżyserka', 'reżyser', 'osoba tworząca filmy'], ['aktorka', 'aktor', 'osoba aktorska'])} z <b>${f.city}</b>, od ${yearsIn('pl', f.years)} w filmie, telewizji i teatrze.`,
    focus: ['Kocham <em>kameralne</em> historie.', 'Komedia i improwizacja to moja mocna strona.'],
    closing: ['Czekam na nowe projekty!', 'Dostępność na self-tape w krótkim terminie.'],
    listTitle: 'Wyróżnienia',
    items: ['Główna rola w filmie fabularnym', 'Stały zespół teatru', 'Słuchowiska'],
    link: 'Moja strona',
  },
  tr: {
    intro: (f) => `Ben ${f.firstName}, <b>${f.city}</b> merkezli ${f.crew ? 'bir film yapımcısıyım' : 'bir oyuncuyum'}; ${yearsIn('tr', f.years)} sinema, televizyon ve tiyatroda çalışıyorum.`,
    focus: ['<em>Karakter odaklı</em> hikâyeleri seviyorum.', 'Komedi ve doğaçlama benim alanım.'],
    closing: ['Yeni projeleri heyecanla bekliyorum!', 'Kısa sürede self-tape için hazırım.'],
    listTitle: 'Öne çıkanlar',
    items: ['Sinema filminde başrol', 'Devlet tiyatrosunda kadrolu oyuncu', 'Radyo tiyatrosu'],
    link: 'Web sitem',
  },
  uk: {
    intro: (f) => `Мене звати ${f.firstName}, ${form(f, ['я кінематографістка', 'я кінематографіст', 'я працюю в кіно'], ['я акторка', 'я актор', 'я актор/акторка'])} з міста <b>${f.city}</b>, ${yearsIn('uk', f.years)} працюю в кіно, на телебаченні та в театрі.`,
    focus: ['Я люблю <em>камерні</em> історії.', 'Комедія та імпровізація — моя сильна сторона.'],
    closing: ['Чекаю на нові проєкти!', 'Готовий(-а) до самопроб у короткі терміни.'],
    listTitle: 'Основне',
    items: ['Головна роль у повнометражному фільмі', 'Трупа державного театру', 'Радіовистави'],
    link: 'Мій сайт',
  },
};

/**
 * The locale of a language key by its first three letters, which ISO 639-2 codes and the
 * provider's German slugs share: deu/deutsch, eng/englisch, fra/franzosisch, tur/turkisch …
 */
const localeOfPrefix: Record<string, Locale> = { eng: 'en', deu: 'de', ger: 'de', fra: 'fr', fre: 'fr', ita: 'it', spa: 'es', pol: 'pl', tur: 'tr', 'tür': 'tr', ukr: 'uk' };
const localeOfLanguage = (key: string): Locale | undefined => localeOfPrefix[key.toLowerCase().slice(0, 3)];

/**
 * Which locales a profile has text in: the person's native language where we have phrases for it,
 * and some of the other languages they speak (German and English more often). Nobody writes in a
 * language they do not speak, and few write in all of theirs.
 */
function chooseLocales(random: Random, languages: string[]): Locale[] {
  const spoken = [...new Set(languages.map(localeOfLanguage).filter((locale): locale is Locale => locale !== undefined))];
  const nativeLocale = localeOfLanguage(languages[0] ?? '');
  return spoken.filter((locale) => locale === nativeLocale || random.chance(locale === 'en' || locale === 'de' ? 0.6 : 0.3));
}

function html(random: Random, p: Phrases, facts: AboutMeFacts): string {
  const parts = [`<p>${p.intro(facts)} ${random.pick(p.focus)}</p>`];
  if (random.chance(0.4)) parts.push(`<h3>${p.listTitle}</h3><ul>${random.sample(p.items, 2).map((item) => `<li>${item}</li>`).join('')}</ul>`);
  let closing = random.pick(p.closing);
  if (facts.homepage && random.chance(0.5)) closing += `<br /><a href="${facts.homepage}">${p.link}</a>`;
  parts.push(`<p><strong>${closing}</strong></p>`);
  return random.chance(0.3) ? `<div>${parts.join('')}</div>` : parts.join('');
}

/** Plain text of the generated HTML: blocks become line breaks, tags vanish. */
function plain(markup: string): string {
  return markup
    .replace(/<br \/>|<\/p>|<\/h3>|<\/li>/g, '\n')
    .replace(/<li>/g, '- ')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/\n+/g, '\n')
    .trim();
}

/** about_me and about_me_html with the same locales (see chooseLocales), or null for about a tenth of the profiles. */
export function generateAboutMe(random: Random, facts: AboutMeFacts): { about_me: LocalizedTexts | null; about_me_html: LocalizedTexts | null } {
  if (random.chance(0.1)) return { about_me: null, about_me_html: null };
  const locales = chooseLocales(random, facts.languages);
  if (locales.length === 0) return { about_me: null, about_me_html: null };
  const aboutMe: LocalizedTexts = {};
  const aboutMeHtml: LocalizedTexts = {};
  for (const locale of locales) {
    const markup = html(random, phrases[locale], facts);
    aboutMeHtml[locale] = markup;
    aboutMe[locale] = plain(markup);
  }
  return { about_me: aboutMe, about_me_html: aboutMeHtml };
}
