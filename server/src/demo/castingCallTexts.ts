/**
 * Texts of demo casting calls, each in one language: a call written in German has a German title,
 * description, role texts and contract notes; one written in English has English ones. The kind of
 * production decides the production_format, the casting types that fit it (a commercial is cast in
 * a studio or by self-tape, not by a breakdown) and the word in the title ("(Werbespot)" is never a
 * feature film).
 */

export type CallLanguage = 'de' | 'en';
type Texts = Record<CallLanguage, string[]>;

export interface ProductionKind {
  /** The production_formats catalogue key. */
  format: string;
  label: Record<CallLanguage, string>;
  /** casting_types keys that fit this kind of production. */
  castingTypes: string[];
  weight: number;
  titles: Texts;
  descriptions: Texts;
  /** Titles already name the kind (Werbespot …): no "(kind)" is added. */
  titleNamesKind?: boolean;
}

const allTypes = ['breakdown', 'ecasting', 'studio_casting'];

export const productionKinds: ProductionKind[] = [
  {
    format: 'feature_film',
    label: { de: 'Kinospielfilm', en: 'Feature film' },
    castingTypes: allTypes,
    weight: 22,
    titles: {
      de: ['Die Stille nach dem Sturm', 'Nordlicht', 'Kleine Fluchten', 'Das Haus am Kanal', 'Grenzgänger', 'Schwarzwasser', 'Die Erbschaft', 'Nachtfalter', 'Brandung', 'Tage wie Glas', 'Salz und Asche', 'Der Uhrmacher'],
      en: ['Once Upon a Harbour', 'The Quiet Hour', 'Lighthouse Keepers', 'Paper Birds', 'A Season of Crows', 'Ashes in Spring', 'The Long Way North'],
    },
    descriptions: {
      de: ['Eine Coming-of-Age-Geschichte über Mut und Zusammenhalt an der Ostsee.', 'Leise Tragikomödie über drei Generationen unter einem Dach.', 'Ein Thriller zwischen Hamburg und Kopenhagen, Drehzeitraum acht Wochen.'],
      en: ['A coming-of-age drama about resilience and hope.', 'A quiet tragicomedy about three generations under one roof.', 'A thriller between Hamburg and Copenhagen, eight weeks of shooting.'],
    },
  },
  {
    format: 'tv_series',
    label: { de: 'Serie', en: 'TV series' },
    castingTypes: allTypes,
    weight: 20,
    titles: {
      de: ['Hafenkante Nord – Staffel 4', 'Das Internat – Staffel 2', 'Alpenklinik', 'Stadtgeflüster', 'Notaufnahme Mitte – Staffel 3', 'Inselärztin'],
      en: ['Night Shift Berlin – Season 2', 'Harbour Lights', 'The Border – Season 1'],
    },
    descriptions: {
      de: ['Neue Staffel einer erfolgreichen Vorabendserie. Episodenrollen und durchgehende Rollen.', 'Krimiserie im ländlichen Brandenburg, sechs Folgen.'],
      en: ['New season of a successful crime series. Episode roles and recurring roles.', 'A six-part crime series set in rural Brandenburg.'],
    },
  },
  {
    format: 'tv_movie',
    label: { de: 'Fernsehfilm', en: 'TV movie' },
    castingTypes: allTypes,
    weight: 12,
    titles: { de: ['Wolfsland', 'Sommer in Ahrenshoop', 'Zwischen den Jahren', 'Ein Winter in Wien'], en: ['Winter in Vienna', 'The Inheritance'] },
    descriptions: {
      de: ['Spannender Krimi im ländlichen Brandenburg. Drehzeitraum ca. sechs Wochen.', 'Romantische Komödie an der Ostsee, Drehzeitraum vier Wochen.'],
      en: ['A crime drama set in rural Brandenburg, about six weeks of shooting.', 'A romantic comedy on the Baltic coast, four weeks of shooting.'],
    },
  },
  {
    format: 'short_film',
    label: { de: 'Kurzfilm', en: 'Short film' },
    castingTypes: ['ecasting', 'studio_casting'],
    weight: 8,
    titles: { de: ['Späti', 'Die Wette', 'Morgengrauen'], en: ['Paper Birds', 'Corner Shop', 'Last Call'] },
    descriptions: {
      de: ['Kurzfilm über eine Nacht in einem Berliner Späti, drei Drehtage.'],
      en: ['A short film about one night in a Berlin corner shop, three shooting days.'],
    },
  },
  {
    format: 'student_film',
    label: { de: 'Hochschulfilm', en: 'Student film' },
    castingTypes: ['ecasting', 'studio_casting'],
    weight: 8,
    titles: { de: ['Unter der Brücke', 'Fremde Heimat', 'Kaltes Licht'], en: ['Under the Bridge', 'Cold Light'] },
    descriptions: { de: ['Abschlussfilm einer Filmhochschule, Drehzeitraum zehn Tage.'], en: ['Graduation film of a film school, ten shooting days.'] },
  },
  {
    format: 'commercial',
    label: { de: 'Werbespot', en: 'Commercial' },
    castingTypes: ['studio_casting', 'ecasting'],
    weight: 10,
    titleNamesKind: true,
    titles: {
      de: ['Werbespot Limonade', 'Werbespot Bio-Supermarkt', 'TV-Spot Versicherung', 'Kinospot Fahrradhersteller', 'Werbespot Bausparkasse'],
      en: ['Commercial: Lemonade', 'Commercial: Organic Supermarket', 'TV commercial: Insurance', 'Online commercial: Bicycles'],
    },
    descriptions: {
      de: ['Werbespot für ein regionales Getränk, ein Drehtag in Köln.', 'Kampagne mit zwei Drehtagen in Hamburg, Buyout für Deutschland.'],
      en: ['Commercial for a regional soft drink, one shooting day in Cologne.', 'A campaign with two shooting days in Hamburg, buyout for Germany.'],
    },
  },
  {
    format: 'web_series',
    label: { de: 'Webserie', en: 'Web series' },
    castingTypes: ['ecasting', 'breakdown'],
    weight: 6,
    titles: { de: ['WG-Leben', 'Kiez Stories', 'Nachtschicht'], en: ['Flatmates', 'Kiez Stories'] },
    descriptions: { de: ['Webserie über eine WG in Leipzig, acht Folgen.'], en: ['A web series about a shared flat in Leipzig, eight episodes.'] },
  },
  {
    format: 'music_video',
    label: { de: 'Musikvideo', en: 'Music video' },
    castingTypes: ['ecasting', 'studio_casting'],
    weight: 4,
    titleNamesKind: true,
    titles: { de: ['Musikvideo „Nachtzug“', 'Musikvideo „Wellen“'], en: ['Music video “Night Train”', 'Music video “Waves”'] },
    descriptions: { de: ['Musikvideo einer Indie-Band, ein Drehtag, Tanzerfahrung erwünscht.'], en: ['Music video for an indie band, one shooting day, dance experience welcome.'] },
  },
  {
    format: 'theatre',
    label: { de: 'Theater', en: 'Theatre' },
    castingTypes: ['breakdown', 'studio_casting'],
    weight: 5,
    titles: { de: ['Der Besuch der alten Dame', 'Was ihr wollt', 'Die Möwe'], en: ['Twelfth Night', 'The Seagull'] },
    descriptions: { de: ['Neuinszenierung an einem Stadttheater, Probenbeginn im Frühjahr.'], en: ['A new production at a municipal theatre, rehearsals start in spring.'] },
  },
];

/** Casting roles whose name, description, genders and acting ages fit together, in both languages. */
export const roleTemplates: { name: Record<CallLanguage, string>; description: Record<CallLanguage, string>; gender: string[]; ages: [number, number] }[] = [
  { name: { de: 'Mia (16)', en: 'Mia (16)' }, description: { de: 'Eine entschlossene Jugendliche, die sich neuen Herausforderungen stellt.', en: 'A determined teenager facing new challenges.' }, gender: ['female'], ages: [14, 17] },
  { name: { de: 'Max (12)', en: 'Max (12)' }, description: { de: 'Neugierig, frech, bester Freund der Hauptfigur. Sollte Fahrrad fahren können.', en: 'Curious and cheeky, the lead’s best friend. Should be able to ride a bike.' }, gender: ['male'], ages: [10, 13] },
  { name: { de: 'Kommissar Roth', en: 'Inspector Roth' }, description: { de: 'Ein müder Ermittler kurz vor der Pensionierung, trockener Humor.', en: 'A tired detective close to retirement, with a dry sense of humour.' }, gender: ['male'], ages: [55, 65] },
  { name: { de: 'Kommissarin Albers', en: 'Inspector Albers' }, description: { de: 'Ehrgeizige Ermittlerin, neu im Team. Durchgehende Rolle.', en: 'An ambitious detective, new to the team. Recurring role.' }, gender: ['female'], ages: [30, 40] },
  { name: { de: 'Mutter', en: 'Mother' }, description: { de: 'Warmherzig, chaotisch, hält die Familie zusammen.', en: 'Warm-hearted and chaotic, she holds the family together.' }, gender: ['female'], ages: [38, 50] },
  { name: { de: 'Vater', en: 'Father' }, description: { de: 'Ruhiger Handwerker, der seine Gefühle schwer zeigen kann.', en: 'A quiet craftsman who finds it hard to show his feelings.' }, gender: ['male'], ages: [40, 55] },
  { name: { de: 'Großmutter', en: 'Grandmother' }, description: { de: 'Schlagfertig und eigensinnig, das Herz der Geschichte.', en: 'Quick-witted and stubborn, the heart of the story.' }, gender: ['female'], ages: [70, 85] },
  { name: { de: 'Barbesitzer*in', en: 'Bar owner' }, description: { de: 'Charismatisch, mit Vergangenheit; einige Dialoge auf Englisch.', en: 'Charismatic, with a past; some dialogue in German.' }, gender: ['male', 'non_binary'], ages: [35, 50] },
  { name: { de: 'Notärztin', en: 'Emergency doctor' }, description: { de: 'Kleine Rolle, ein Drehtag, Text vorhanden.', en: 'Small role, one shooting day, with lines.' }, gender: ['female'], ages: [30, 45] },
  { name: { de: 'Tarek', en: 'Tarek' }, description: { de: 'Hauptrolle. Sportlich, Anfang zwanzig, sucht seinen Platz zwischen zwei Welten.', en: 'Lead role. Athletic, early twenties, looking for his place between two worlds.' }, gender: ['male'], ages: [19, 25] },
  { name: { de: 'Selin', en: 'Selin' }, description: { de: 'Durchgehende Nebenrolle über sechs Folgen, Jurastudentin.', en: 'Recurring supporting role over six episodes, a law student.' }, gender: ['female'], ages: [21, 27] },
  { name: { de: 'Sam', en: 'Sam' }, description: { de: 'Nichtbinäre Hauptfigur, Mitte zwanzig.', en: 'Non-binary lead character, mid-twenties.' }, gender: ['non_binary', 'custom'], ages: [20, 30] },
  { name: { de: 'Alex', en: 'Alex' }, description: { de: 'Trans Frau, Anfang dreißig, Hauptrolle.', en: 'A trans woman in her early thirties, lead role.' }, gender: ['transgender_female'], ages: [28, 36] },
  { name: { de: 'Passant*innen', en: 'Passers-by' }, description: { de: 'Kleine Rollen ohne Text, alle Geschlechter.', en: 'Small roles without lines, all genders.' }, gender: ['female', 'male', 'transgender_female', 'transgender_male', 'non_binary', 'custom'], ages: [18, 80] },
  { name: { de: 'Akkordeonspieler*in', en: 'Accordion player' }, description: { de: 'Muss Akkordeon spielen oder glaubhaft imitieren können.', en: 'Must play the accordion or convincingly pretend to.' }, gender: ['male', 'female'], ages: [50, 70] },
  { name: { de: 'Tänzerin', en: 'Dancer' }, description: { de: 'Stumme Rolle mit Tanzeinlage, Ballettausbildung erwünscht.', en: 'Silent role with a dance number, ballet training welcome.' }, gender: ['female'], ages: [18, 30] },
  { name: { de: 'Lehrer Wiegand', en: 'Mr Wiegand, teacher' }, description: { de: 'Strenger, aber gerechter Klassenlehrer.', en: 'A strict but fair class teacher.' }, gender: ['male'], ages: [45, 60] },
  { name: { de: 'Pilotin', en: 'Pilot' }, description: { de: 'Selbstbewusst, kühl, zwei Drehtage in Hamburg.', en: 'Confident and cool, two shooting days in Hamburg.' }, gender: ['female'], ages: [32, 45] },
  { name: { de: 'Kellner', en: 'Waiter' }, description: { de: 'Kleine Rolle, ein Satz auf Französisch.', en: 'Small role, one line in French.' }, gender: ['male'], ages: [20, 35] },
];

export const contractTypeInfos: Texts = {
  de: ['Gage nach Tarifvertrag, Drehtage nach Absprache.', '<p>Tagesgage <strong>600 €</strong>, Reisekosten werden erstattet.</p>', 'Low-Budget, Rückstellungsvertrag.', '<ul><li>2 Drehtage</li><li>1 Probentag</li></ul>'],
  en: ['Fee according to the collective agreement, shooting days by arrangement.', '<p>Daily fee <strong>€600</strong>, travel costs reimbursed.</p>', 'Low budget, deferred payment.', '<ul><li>2 shooting days</li><li>1 rehearsal day</li></ul>'],
};
