/**
 * Names by origin, so a demo profile's name, nationality and native language fit together. The
 * pools are deliberately small enough that last names repeat (ties in `order=last_name`).
 */

export interface NameOrigin {
  key: string;
  /** Share of profiles with this origin. */
  weight: number;
  /** ISO 3166-1 alpha-2 nationalities, the first being the usual one. */
  nationalities: string[];
  /** ISO 639-2 native languages, the first being the usual one. */
  nativeLanguages: string[];
  female: string[];
  male: string[];
  last: string[];
}

/**
 * The last name as a woman carries it where the language inflects it: Kowalski → Kowalska,
 * Papadopoulos → Papadopoulou.
 */
export function feminineLastName(origin: NameOrigin, lastName: string): string {
  if (origin.key === 'polish') return lastName.replace(/(ski|cki|dzki)$/, (ending) => `${ending.slice(0, -1)}a`);
  if (origin.key === 'greek') return lastName.replace(/os$/, 'ou').replace(/is$/, 'i');
  return lastName;
}

export const nameOrigins: NameOrigin[] = [
  {
    key: 'german',
    weight: 34,
    nationalities: ['DE'],
    nativeLanguages: ['deu'],
    female: ['Anna', 'Lena', 'Sophie', 'Marie', 'Johanna', 'Katharina', 'Franziska', 'Jana', 'Svenja', 'Friederike', 'Mareike', 'Lea', 'Hanna', 'Greta', 'Charlotte', 'Wiebke', 'Ute', 'Sabine', 'Birgit', 'Annegret', 'Jördis', 'Henrike', 'Clara', 'Ida', 'Mia', 'Paula', 'Frauke', 'Jutta', 'Käthe', 'Antje', 'Nele', 'Marlene'],
    male: ['Jonas', 'Jonathan', 'Lukas', 'Maximilian', 'Felix', 'Jan', 'Tobias', 'Florian', 'Matthias', 'Sebastian', 'Jörg', 'Jürgen', 'Uwe', 'Björn', 'Kai', 'Moritz', 'Niklas', 'Hendrik', 'Till', 'Benedikt', 'Konstantin', 'Ole', 'Malte', 'Torben', 'Frieder', 'Götz', 'Henning', 'Leon', 'Paul', 'Karl', 'Emil', 'Anton'],
    last: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Schäfer', 'Koch', 'Bauer', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Zimmermann', 'Braun', 'Krüger', 'Hofmann', 'Hartmann', 'Lange', 'Werner', 'Krause', 'Köhler', 'Lehmann', 'Böhm', 'Jäger', 'Voß', 'Brückner', 'Görtz', 'Heß', 'Kühn', 'Möller', 'Seidel', 'Thießen', 'Vogt'],
  },
  {
    key: 'austrian',
    weight: 8,
    nationalities: ['AT'],
    nativeLanguages: ['deu'],
    female: ['Magdalena', 'Theresa', 'Valentina', 'Veronika', 'Elisabeth', 'Leonie', 'Johanna', 'Christina', 'Barbara', 'Kathrin', 'Rosalie', 'Zoë'],
    male: ['Florian', 'Lorenz', 'Valentin', 'Jakob', 'Raphael', 'Stefan', 'Andreas', 'Dominik', 'Matthäus', 'Clemens', 'Ferdinand', 'Jonas'],
    last: ['Gruber', 'Huber', 'Bauer', 'Wagner', 'Pichler', 'Steiner', 'Moser', 'Mayer', 'Hofer', 'Leitner', 'Berger', 'Fuchs', 'Eder', 'Fischer', 'Schmid', 'Winkler', 'Weiß', 'Schwarz', 'Maier', 'Egger', 'Müller', 'Reiter', 'Brandstätter', 'Hölzl'],
  },
  {
    key: 'swiss',
    weight: 6,
    nationalities: ['CH'],
    nativeLanguages: ['deu', 'fra', 'ita'],
    female: ['Seraina', 'Ladina', 'Nadja', 'Corina', 'Anouk', 'Mirjam', 'Rahel', 'Deborah', 'Flurina', 'Aline', 'Noémie', 'Zoë'],
    male: ['Reto', 'Urs', 'Beat', 'Gian', 'Luca', 'Dario', 'Nico', 'Jonathan', 'Fabian', 'Marco', 'Silvan', 'Jonas'],
    last: ['Müller', 'Mueller', 'Meier', 'Schmid', 'Keller', 'Weber', 'Huber', 'Schneider', 'Meyer', 'Steiner', 'Fischer', 'Brunner', 'Baumann', 'Frei', 'Zürcher', 'Gerber', 'Widmer', 'Zollinger', 'Bühler', 'Sutter'],
  },
  {
    key: 'french',
    weight: 6,
    nationalities: ['FR', 'BE'],
    nativeLanguages: ['fra'],
    female: ['Émilie', 'Céline', 'Chloé', 'Léa', 'Manon', 'Camille', 'Inès', 'Zoé', 'Maëlle', 'Hélène', 'Élodie', 'Anaïs', 'Margaux', 'Juliette'],
    male: ['Étienne', 'Théo', 'Hugo', 'Louis', 'Mathéo', 'Gaël', 'Jérôme', 'François', 'Noël', 'Benoît', 'Raphaël', 'Antoine', 'Julien', 'Cédric'],
    last: ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau', 'Lefèvre', 'Girard', 'Bonnet', 'Lemaître', 'Faure', 'Fontaine', 'Chevalier', 'Rousseau', 'Mercier', 'Benoît'],
  },
  {
    key: 'italian',
    weight: 6,
    nationalities: ['IT'],
    nativeLanguages: ['ita'],
    female: ['Giulia', 'Chiara', 'Francesca', 'Alessia', 'Martina', 'Federica', 'Ilaria', 'Beatrice', 'Valentina', 'Elisa', 'Giorgia', 'Sofia'],
    male: ['Alessandro', 'Lorenzo', 'Matteo', 'Niccolò', 'Giovanni', 'Davide', 'Riccardo', 'Tommaso', 'Gabriele', 'Pietro', 'Emanuele', 'Nicolò'],
    last: ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo', 'Conti', 'De Luca', 'Mancini', 'Costa', 'Fabbri', 'Santoro', 'Lombardi', 'Barbieri'],
  },
  {
    key: 'spanish',
    weight: 4,
    nationalities: ['ES'],
    nativeLanguages: ['spa', 'cat'],
    female: ['Lucía', 'María', 'Paula', 'Alba', 'Nerea', 'Ainhoa', 'Begoña', 'Inés', 'Sofía', 'Marta', 'Núria', 'Rocío'],
    male: ['Álvaro', 'Javier', 'Pablo', 'Sergio', 'Adrián', 'Íñigo', 'Jesús', 'Andrés', 'Tomás', 'Joaquín', 'Rubén', 'Óscar'],
    last: ['García', 'Fernández', 'González', 'Rodríguez', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Jiménez', 'Muñoz', 'Álvarez', 'Romero', 'Navarro', 'Domínguez', 'Ibáñez'],
  },
  {
    key: 'polish',
    weight: 6,
    nationalities: ['PL'],
    nativeLanguages: ['pol'],
    female: ['Agnieszka', 'Małgorzata', 'Katarzyna', 'Zofia', 'Joanna', 'Magdalena', 'Aleksandra', 'Weronika', 'Anna', 'Ewa', 'Żaneta', 'Gosia'],
    male: ['Łukasz', 'Paweł', 'Michał', 'Jakub', 'Wojciech', 'Piotr', 'Krzysztof', 'Tomasz', 'Bartłomiej', 'Grzegorz', 'Mateusz', 'Maciej'],
    last: ['Nowak', 'Kowalski', 'Wiśniewski', 'Wójcik', 'Kowalczyk', 'Kamiński', 'Lewandowski', 'Zieliński', 'Szymański', 'Woźniak', 'Dąbrowski', 'Kozłowski', 'Jankowski', 'Mazur', 'Krawczyk', 'Górski'],
  },
  {
    key: 'turkish',
    weight: 9,
    nationalities: ['DE', 'TR'],
    nativeLanguages: ['tur', 'deu'],
    female: ['Ayşe', 'Elif', 'Zeynep', 'Merve', 'Gülşen', 'Büşra', 'Şule', 'Derya', 'Aylin', 'Nazlı', 'Özlem', 'Defne', 'Ece', 'Sibel'],
    male: ['Mehmet', 'Emre', 'Can', 'Burak', 'Oğuz', 'Murat', 'Serkan', 'Barış', 'Çağlar', 'Yusuf', 'Tarık', 'Deniz', 'Kerem', 'Onur'],
    last: ['Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Yıldız', 'Öztürk', 'Aydın', 'Özdemir', 'Arslan', 'Doğan', 'Kılıç', 'Aslan', 'Çetin', 'Koç', 'Kurt'],
  },
  {
    key: 'ukrainian',
    weight: 4,
    nationalities: ['UA'],
    nativeLanguages: ['ukr'],
    female: ['Olena', 'Oksana', 'Iryna', 'Nataliia', 'Kateryna', 'Yuliia', 'Daryna', 'Sofiia', 'Anastasiia', 'Viktoriia'],
    male: ['Oleksandr', 'Andrii', 'Dmytro', 'Serhii', 'Mykola', 'Taras', 'Bohdan', 'Yurii', 'Volodymyr', 'Artem'],
    last: ['Shevchenko', 'Kovalenko', 'Bondarenko', 'Tkachenko', 'Kravchenko', 'Oliinyk', 'Melnyk', 'Savchenko', 'Rudenko', 'Moroz', 'Lysenko', 'Marchenko'],
  },
  {
    key: 'scandinavian',
    weight: 5,
    nationalities: ['SE', 'NO', 'DK'],
    nativeLanguages: ['swe', 'nor', 'dan'],
    female: ['Åsa', 'Ingrid', 'Sigrid', 'Freja', 'Maja', 'Linnéa', 'Solveig', 'Astrid', 'Ebba', 'Søs', 'Liv', 'Tuva'],
    male: ['Björn', 'Søren', 'Magnus', 'Lars', 'Anders', 'Håkan', 'Mikkel', 'Espen', 'Nils', 'Jørgen', 'Oskar', 'Rasmus'],
    last: ['Johansson', 'Andersson', 'Nilsson', 'Lindqvist', 'Hansen', 'Johansen', 'Olsen', 'Jørgensen', 'Sørensen', 'Larsen', 'Åberg', 'Strøm', 'Berg', 'Lindström'],
  },
  {
    key: 'english',
    weight: 5,
    nationalities: ['GB', 'IE', 'US'],
    nativeLanguages: ['eng'],
    female: ['Emily', 'Olivia', 'Charlotte', 'Grace', 'Siobhan', 'Abigail', 'Harriet', 'Imogen', 'Chloe', 'Zoë', 'Eleanor', 'Niamh'],
    male: ['Oliver', 'Harry', 'George', 'Jack', 'Callum', 'Rhys', 'Declan', 'Jonathan', 'Samuel', 'Edward', 'Liam', 'Finn'],
    last: ['Smith', 'Jones', 'Williams', 'Taylor', 'Brown', 'Davies', 'Evans', 'Wilson', 'Thomas', "O'Brien", 'Walsh', 'Murphy', 'Clarke', 'Hughes', 'Wright', 'Fitzgerald'],
  },
  {
    key: 'dutch',
    weight: 3,
    nationalities: ['NL'],
    nativeLanguages: ['nld'],
    female: ['Sanne', 'Femke', 'Lotte', 'Anouk', 'Fleur', 'Maartje', 'Ilse', 'Noor'],
    male: ['Daan', 'Bram', 'Thijs', 'Sjoerd', 'Joost', 'Ruben', 'Jelle', 'Pieter'],
    last: ['de Jong', 'Jansen', 'de Vries', 'van den Berg', 'Bakker', 'Visser', 'Smit', 'Meijer', 'van Dijk', 'Mulder'],
  },
  {
    key: 'greek',
    weight: 2,
    nationalities: ['GR'],
    nativeLanguages: ['ell'],
    female: ['Eleni', 'Dimitra', 'Katerina', 'Sofia', 'Ioanna', 'Vasiliki'],
    male: ['Giorgos', 'Nikos', 'Kostas', 'Dimitris', 'Yannis', 'Christos'],
    last: ['Papadopoulos', 'Georgiou', 'Nikolaidis', 'Vlachos', 'Papageorgiou', 'Karagiannis', 'Oikonomou'],
  },
  {
    key: 'croatian',
    weight: 2,
    nationalities: ['HR', 'BA'],
    nativeLanguages: ['hrv', 'bos'],
    female: ['Ivana', 'Marija', 'Petra', 'Lucija', 'Mia', 'Jelena'],
    male: ['Luka', 'Ivan', 'Marko', 'Josip', 'Matej', 'Dario'],
    last: ['Horvat', 'Kovačević', 'Babić', 'Marić', 'Jurić', 'Novak', 'Knežević', 'Vuković'],
  },
];

/** Given names that fit anyone, for non-binary and custom genders. */
export const neutralFirstNames = ['Alex', 'Kim', 'Robin', 'Sascha', 'Kai', 'Noa', 'Toni', 'Charlie', 'Luca', 'Jona', 'Eike', 'Mika', 'Sam', 'Janne', 'Noël'];

/**
 * Names the demo always contains, spread over the first profiles, so the documented search
 * examples ('jon', 'mueler') and last-name ties are guaranteed at any size.
 */
export const featuredActorNames: { first: string; last: string; gender: 'female' | 'male'; origin: string }[] = [
  { first: 'Jonas', last: 'Müller', gender: 'male', origin: 'german' },
  { first: 'Jonathan', last: 'Müller', gender: 'male', origin: 'german' },
  { first: 'Anna', last: 'Müller', gender: 'female', origin: 'german' },
  { first: 'Jonas', last: 'Mueller', gender: 'male', origin: 'swiss' },
  { first: 'Zoë', last: 'Schneider', gender: 'female', origin: 'german' },
  { first: 'Jonathan', last: 'Weber', gender: 'male', origin: 'german' },
  { first: 'Jörg', last: 'Müller', gender: 'male', origin: 'austrian' },
  { first: 'Émilie', last: 'Dubois', gender: 'female', origin: 'french' },
  { first: 'Łukasz', last: 'Kowalski', gender: 'male', origin: 'polish' },
  { first: 'Ayşe', last: 'Çelik', gender: 'female', origin: 'turkish' },
  { first: 'Jonas', last: 'Schneider', gender: 'male', origin: 'german' },
  { first: 'Marie', last: 'Müller', gender: 'female', origin: 'german' },
];
