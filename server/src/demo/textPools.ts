/**
 * Free-text material for vitas: titles, theatres, plays, schools, companies. The pools are the
 * German side (most vitas are written in German); englishVita holds the English side.
 */

export const filmTitles = [
  'Die Stille nach dem Sturm', 'Nordlicht', 'Kleine Fluchten', 'Das Haus am Kanal', 'Sommer in Ahrenshoop', 'Zwischen den Jahren',
  'Der letzte Zug nach Triest', 'Grenzgänger', 'Die Vermessung des Himmels', 'Wolfsland', 'Unter der Brücke', 'Schwarzwasser',
  'Die Erbschaft', 'Kaltes Licht', 'Auf der anderen Seite des Flusses', 'Das Leuchten der Stadt', 'Morgengrauen', 'Fremde Heimat',
  'Nachtfalter', 'Die Wette', 'Ein Winter in Wien', 'Salz und Asche', 'Der Uhrmacher', 'Tage wie Glas', 'Brandung',
  'Le Silence des Vignes', 'La Strada del Sale', 'El Último Verano', 'Cisza nad Odrą', 'Kırmızı Kapı',
];

export const seriesTitles = [
  'Hafenkante Nord', 'Die Kanzlei am Ring', 'Kommissarin Brandt ermittelt', 'Alpenklinik', 'Spreewaldkrimi', 'Stadtgeflüster',
  'Die Rosenheim-Akte', 'Notaufnahme Mitte', 'Familie Sonnleitner', 'Großstadtrevier West', 'Inselärztin', 'Tatortreiniger Süd',
  'Das Internat', 'Weißensee Blues', 'Bergretter Tirol', 'Lindenhof', 'Die Anwälte', 'Schattenjagd', 'Kiez Stories',
];

export const episodeNames = [
  'Tödliche Stille', 'Der zweite Schuss', 'Alte Wunden', 'Blutsbande', 'Ausgeliefert', 'Das falsche Spiel', 'Heimkehr',
  'Unter Verdacht', 'Letzte Runde', 'Schweigen ist Gold', 'Die Nacht davor', 'Zwei Leben', 'Pilot', 'Neuanfang',
];

export const theatreGenres = ['Schauspiel', 'Komödie', 'Tragödie', 'Musical', 'Musiktheater', 'Kinder- und Jugendtheater', 'Performance', 'Kabarett'];

/** Plays with some of their roles, female and male. */
export const plays: { title: string; writer: string; female: string[]; male: string[] }[] = [
  { title: 'Faust I', writer: 'Johann Wolfgang von Goethe', female: ['Gretchen', 'Marthe'], male: ['Faust', 'Mephisto', 'Wagner'] },
  { title: 'Die Räuber', writer: 'Friedrich Schiller', female: ['Amalia'], male: ['Karl Moor', 'Franz Moor', 'Spiegelberg'] },
  { title: 'Kabale und Liebe', writer: 'Friedrich Schiller', female: ['Luise Miller', 'Lady Milford'], male: ['Ferdinand', 'Wurm', 'Präsident von Walter'] },
  { title: 'Maria Stuart', writer: 'Friedrich Schiller', female: ['Maria Stuart', 'Elisabeth'], male: ['Mortimer', 'Leicester'] },
  { title: 'Woyzeck', writer: 'Georg Büchner', female: ['Marie', 'Margreth'], male: ['Woyzeck', 'Tambourmajor', 'Doktor'] },
  { title: 'Dantons Tod', writer: 'Georg Büchner', female: ['Julie', 'Lucile'], male: ['Danton', 'Robespierre', 'Camille'] },
  { title: 'Nathan der Weise', writer: 'Gotthold Ephraim Lessing', female: ['Recha', 'Daja', 'Sittah'], male: ['Nathan', 'Saladin', 'Tempelherr'] },
  { title: 'Emilia Galotti', writer: 'Gotthold Ephraim Lessing', female: ['Emilia', 'Orsina'], male: ['Prinz', 'Marinelli', 'Odoardo'] },
  { title: 'Der zerbrochne Krug', writer: 'Heinrich von Kleist', female: ['Eve', 'Frau Marthe'], male: ['Dorfrichter Adam', 'Walter', 'Ruprecht'] },
  { title: 'Hamlet', writer: 'William Shakespeare', female: ['Ophelia', 'Gertrud'], male: ['Hamlet', 'Claudius', 'Horatio', 'Polonius'] },
  { title: 'Ein Sommernachtstraum', writer: 'William Shakespeare', female: ['Titania', 'Helena', 'Hermia'], male: ['Oberon', 'Puck', 'Zettel'] },
  { title: 'Was ihr wollt', writer: 'William Shakespeare', female: ['Viola', 'Olivia', 'Maria'], male: ['Malvolio', 'Orsino', 'Junker Tobias'] },
  { title: 'Romeo und Julia', writer: 'William Shakespeare', female: ['Julia', 'Amme'], male: ['Romeo', 'Mercutio', 'Tybalt'] },
  { title: 'Die Möwe', writer: 'Anton Tschechow', female: ['Nina', 'Arkadina', 'Mascha'], male: ['Trigorin', 'Kostja', 'Dorn'] },
  { title: 'Drei Schwestern', writer: 'Anton Tschechow', female: ['Olga', 'Mascha', 'Irina'], male: ['Werschinin', 'Tusenbach', 'Andrej'] },
  { title: 'Onkel Wanja', writer: 'Anton Tschechow', female: ['Sonja', 'Jelena'], male: ['Wanja', 'Astrow', 'Serebrjakow'] },
  { title: 'Nora oder Ein Puppenheim', writer: 'Henrik Ibsen', female: ['Nora', 'Kristine Linde'], male: ['Helmer', 'Krogstad', 'Doktor Rank'] },
  { title: 'Hedda Gabler', writer: 'Henrik Ibsen', female: ['Hedda', 'Thea Elvsted'], male: ['Tesman', 'Løvborg', 'Brack'] },
  { title: 'Der Besuch der alten Dame', writer: 'Friedrich Dürrenmatt', female: ['Claire Zachanassian', 'Frau Ill'], male: ['Alfred Ill', 'Bürgermeister', 'Lehrer'] },
  { title: 'Die Physiker', writer: 'Friedrich Dürrenmatt', female: ['Mathilde von Zahnd', 'Schwester Monika'], male: ['Möbius', 'Newton', 'Einstein'] },
  { title: 'Biedermann und die Brandstifter', writer: 'Max Frisch', female: ['Babette', 'Anna'], male: ['Biedermann', 'Schmitz', 'Eisenring'] },
  { title: 'Mutter Courage und ihre Kinder', writer: 'Bertolt Brecht', female: ['Mutter Courage', 'Kattrin', 'Yvette'], male: ['Eilif', 'Schweizerkas', 'Koch'] },
  { title: 'Die Dreigroschenoper', writer: 'Bertolt Brecht', female: ['Polly Peachum', 'Jenny', 'Celia Peachum'], male: ['Macheath', 'Peachum', 'Tiger Brown'] },
  { title: 'Der gute Mensch von Sezuan', writer: 'Bertolt Brecht', female: ['Shen Te', 'Frau Shin'], male: ['Yang Sun', 'Wang', 'Shu Fu'] },
  { title: 'Warten auf Godot', writer: 'Samuel Beckett', female: ['Estragon', 'Wladimir'], male: ['Estragon', 'Wladimir', 'Pozzo', 'Lucky'] },
  { title: 'Antigone', writer: 'Sophokles', female: ['Antigone', 'Ismene'], male: ['Kreon', 'Haimon', 'Teiresias'] },
  { title: 'Medea', writer: 'Euripides', female: ['Medea', 'Amme'], male: ['Jason', 'Kreon', 'Aigeus'] },
  { title: 'Geschichten aus dem Wiener Wald', writer: 'Ödön von Horváth', female: ['Marianne', 'Valerie', 'Großmutter'], male: ['Alfred', 'Oskar', 'Zauberkönig'] },
  { title: 'Der Talisman', writer: 'Johann Nestroy', female: ['Salome Pockerl', 'Frau von Cypressenburg'], male: ['Titus Feuerfuchs', 'Spund'] },
  { title: 'Jedermann', writer: 'Hugo von Hofmannsthal', female: ['Buhlschaft', 'Jedermanns Mutter', 'Glaube'], male: ['Jedermann', 'Tod', 'Mammon'] },
];

export const theatres = [
  'Deutsches Theater Berlin', 'Berliner Ensemble', 'Schaubühne am Lehniner Platz', 'Maxim Gorki Theater', 'Volksbühne Berlin',
  'Thalia Theater Hamburg', 'Deutsches Schauspielhaus Hamburg', 'Münchner Kammerspiele', 'Residenztheater München',
  'Schauspiel Köln', 'Düsseldorfer Schauspielhaus', 'Schauspiel Frankfurt', 'Schauspiel Stuttgart', 'Staatsschauspiel Dresden',
  'Schauspiel Leipzig', 'Schauspielhaus Bochum', 'Theater Bremen', 'Hans Otto Theater Potsdam', 'Burgtheater Wien',
  'Theater in der Josefstadt', 'Volkstheater Wien', 'Schauspielhaus Graz', 'Salzburger Landestheater', 'Schauspielhaus Zürich',
  'Theater Basel', 'Konzert Theater Bern', 'Theater Kanton Zürich', 'Grips Theater', 'Theater an der Parkaue', 'Staatstheater Mainz',
];

export const actingSchools = [
  'Hochschule für Schauspielkunst Ernst Busch Berlin', 'Universität der Künste Berlin', 'Max Reinhardt Seminar Wien',
  'Otto-Falckenberg-Schule München', 'Bayerische Theaterakademie August Everding', 'Folkwang Universität der Künste',
  'Hochschule für Musik und Theater Hamburg', 'Filmuniversität Babelsberg Konrad Wolf', 'Zürcher Hochschule der Künste',
  'Universität Mozarteum Salzburg', 'Hochschule für Musik, Theater und Medien Hannover', 'Hochschule für Musik und Theater Leipzig',
  'Hochschule für Musik und Darstellende Kunst Frankfurt am Main', 'Staatliche Hochschule für Musik und Darstellende Kunst Stuttgart',
  'Hochschule der Künste Bern', 'Konservatorium Wien Privatuniversität', 'Schauspielschule Charlottenburg', 'Schule für Schauspiel Hamburg',
  'Arturo Schauspielschule Köln', 'Theaterakademie Mannheim',
];

export const trainings = [
  'Meisner-Technik Intensivworkshop', 'Kamera-Acting Workshop', 'Stimmbildung bei privater Gesangslehrerin', 'Bühnenkampf-Lehrgang',
  'Synchronsprechen Grundkurs', 'Improvisationstheater', 'Chubbuck-Technik Masterclass', 'Tanz: Jazz und Contemporary',
  'Sprechtraining und Atemtechnik', 'Dialekttraining Bairisch', 'Reitunterricht für Film', 'Stunt-Grundlagen', 'Clownerie und Maskenspiel',
  'Hörbuch- und Hörspielworkshop', 'Self-Tape Coaching', 'Schauspiel für Kinder und Jugendliche', 'Musical-Intensivkurs',
];

export const awards = [
  'Deutscher Schauspielpreis', 'Max Ophüls Preis – Bester Schauspielnachwuchs', 'Grimme-Preis', 'Nestroy-Theaterpreis',
  'Schweizer Filmpreis', 'Österreichischer Filmpreis', 'Förderpreis Neues Deutsches Kino', 'Günther-Rühle-Preis',
  'Boy-Gobert-Preis', 'Ulrich-Wildgruber-Preis', 'Publikumspreis Filmfest Hamburg', 'Kurt-Hübner-Preis', 'Deutscher Hörspielpreis',
  'Alfred-Kerr-Darstellerpreis', 'Festivalpreis Kurzfilmtage Winterthur',
];

export const distributors = ['Nordwind Filmverleih', 'Alpenglühen Distribution', 'Spreeblick Verleih', 'Lumen Filmverleih', 'Kinowelle', 'Panorama Film', 'Rheinlicht Media'];
export const producers = [
  'Hafenfilm Produktion', 'Lichtblick Film GmbH', 'Bergfilm Wien', 'Seeland Pictures', 'Elbufer Film', 'Isarfilm', 'Zürichsee Film AG',
  'Kranich Film', 'Rotor Film', 'Polarstern Produktion', 'Weitblick Studios',
];
export const broadcasters = ['ARD', 'ZDF', 'ORF', 'SRF', 'arte', '3sat', 'BR', 'WDR', 'NDR'];
export const audioTitles = ['Die drei Schatten (Hörspiel)', 'Der Sandmann (Hörbuch)', 'Nachtzug nach Lissabon (Lesung)', 'Krimi am Sonntag', 'Die Welle (Hörspiel)', 'Podcast: Geschichten vom Meer'];
export const otherTitles = ['Lesung im Literaturhaus', 'Moderation Stadtfest', 'Performance „Körper/Raum“', 'Szenische Lesung', 'Museumsführung als historische Figur'];
export const internetTitles = ['Webserie „Späti“', 'Webserie „WG-Leben“', 'Imagefilm Stadtwerke', 'Kurzfilm für Social Media', 'Webserie „Nachtschicht“'];
export const commercialTitles = ['Werbespot Bio-Supermarkt', 'TV-Spot Versicherung', 'Kinospot Limonade', 'Online-Spot Fahrradhersteller', 'Printkampagne Mode', 'Radiospot Bausparkasse'];
/** Screen roles as credited, female and male. */
export const filmRoles: { female: string[]; male: string[] } = {
  female: ['Kommissarin Brandt', 'Lena', 'die Mutter', 'Ärztin', 'Lehrerin', 'Sophie', 'die Nachbarin', 'Anwältin', 'Kellnerin', 'Studentin', 'Hebamme', 'Polizistin', 'Journalistin', 'Bürgermeisterin'],
  male: ['Kommissar Roth', 'Paul', 'der Vater', 'Arzt', 'Barkeeper', 'Jonas', 'Polizist', 'Journalist', 'Fischer', 'Krankenpfleger', 'Taxifahrer', 'Bürgermeister', 'Tom', 'der Nachbar'],
};

/**
 * The English side of a vita written in English (people of English-speaking origin): the same kinds
 * of entries, with titles and wording in English, so no German production names land in it.
 */
export const englishVita = {
  filmTitles: ['Once Upon a Harbour', 'The Quiet Hour', 'Lighthouse Keepers', 'Paper Birds', 'A Season of Crows', 'Ashes in Spring', 'The Long Way North', 'Salt and Ashes', 'The Clockmaker', 'Days Like Glass', 'Northern Lights', 'The Inheritance'],
  seriesTitles: ['Night Shift Berlin', 'Harbour Lights', 'The Border', 'Ward Seven', 'County Lines', 'The Chambers', 'Emergency North', 'Island Doctor'],
  episodeNames: ['Dead Silence', 'The Second Shot', 'Old Wounds', 'Blood Ties', 'Homecoming', 'Under Suspicion', 'Last Orders', 'The Night Before', 'Pilot', 'New Beginnings'],
  theatreGenres: ['Drama', 'Comedy', 'Tragedy', 'Musical', 'Music theatre', 'Theatre for young audiences', 'Performance', 'Cabaret'],
  /** Plays by their English titles; roles as credited in English productions. */
  plays: [
    { title: 'Hamlet', writer: 'William Shakespeare', female: ['Ophelia', 'Gertrude'], male: ['Hamlet', 'Claudius', 'Horatio', 'Polonius'] },
    { title: 'A Midsummer Night’s Dream', writer: 'William Shakespeare', female: ['Titania', 'Helena', 'Hermia'], male: ['Oberon', 'Puck', 'Bottom'] },
    { title: 'Twelfth Night', writer: 'William Shakespeare', female: ['Viola', 'Olivia', 'Maria'], male: ['Malvolio', 'Orsino', 'Sir Toby Belch'] },
    { title: 'Romeo and Juliet', writer: 'William Shakespeare', female: ['Juliet', 'Nurse'], male: ['Romeo', 'Mercutio', 'Tybalt'] },
    { title: 'The Seagull', writer: 'Anton Chekhov', female: ['Nina', 'Arkadina', 'Masha'], male: ['Trigorin', 'Konstantin', 'Dorn'] },
    { title: 'Three Sisters', writer: 'Anton Chekhov', female: ['Olga', 'Masha', 'Irina'], male: ['Vershinin', 'Tuzenbach', 'Andrei'] },
    { title: 'A Doll’s House', writer: 'Henrik Ibsen', female: ['Nora', 'Kristine Linde'], male: ['Torvald Helmer', 'Krogstad', 'Dr Rank'] },
    { title: 'Hedda Gabler', writer: 'Henrik Ibsen', female: ['Hedda', 'Thea Elvsted'], male: ['Tesman', 'Løvborg', 'Judge Brack'] },
    { title: 'Waiting for Godot', writer: 'Samuel Beckett', female: ['Estragon', 'Vladimir'], male: ['Estragon', 'Vladimir', 'Pozzo', 'Lucky'] },
    { title: 'The Threepenny Opera', writer: 'Bertolt Brecht', female: ['Polly Peachum', 'Jenny'], male: ['Macheath', 'Peachum', 'Tiger Brown'] },
    { title: 'The Visit', writer: 'Friedrich Dürrenmatt', female: ['Claire Zachanassian'], male: ['Alfred Ill', 'The Mayor', 'The Teacher'] },
    { title: 'Antigone', writer: 'Sophocles', female: ['Antigone', 'Ismene'], male: ['Creon', 'Haemon', 'Tiresias'] },
  ],
  trainings: ['Meisner technique intensive', 'Acting for camera workshop', 'Private singing lessons', 'Stage combat course', 'Voice-over basics', 'Improvisation', 'Chubbuck technique masterclass', 'Jazz and contemporary dance', 'Voice and breathing', 'Horse riding for film', 'Stunt basics', 'Clowning and mask work', 'Self-tape coaching'],
  audioTitles: ['The Three Shadows (audio drama)', 'The Sandman (audiobook)', 'Night Train to Lisbon (reading)', 'Sunday Crime Hour', 'Podcast: Tales of the Sea'],
  otherTitles: ['Reading at the Literaturhaus', 'Host of a city festival', 'Performance “Body/Space”', 'Staged reading', 'Museum tours as a historical figure'],
  internetTitles: ['Web series “Corner Shop”', 'Web series “Flatmates”', 'Corporate film for a utility company', 'Short film for social media', 'Web series “Night Shift”'],
  commercialTitles: ['Commercial: organic supermarket', 'TV commercial: insurance', 'Cinema commercial: lemonade', 'Online commercial: bicycles', 'Print campaign: fashion', 'Radio commercial: building society'],
  filmRoles: {
    female: ['Inspector Brandt', 'Lena', 'the mother', 'Doctor', 'Teacher', 'Sophie', 'the neighbour', 'Lawyer', 'Waitress', 'Student', 'Midwife', 'Police officer', 'Journalist', 'Mayor'],
    male: ['Inspector Roth', 'Paul', 'the father', 'Doctor', 'Barkeeper', 'Jonas', 'Police officer', 'Journalist', 'Fisherman', 'Nurse', 'Taxi driver', 'Mayor', 'Tom', 'the neighbour'],
  },
};
