/**
 * Names by origin, so a demo profile's name, nationality and native language fit together. The
 * pools are large enough that 50,000 profiles carry tens of thousands of distinct full names
 * (namesakes are rare, as in a real directory), yet small in the repository: each origin keeps a
 * list of given names and one of surnames, and the generator combines them (see personName.ts).
 * The SEARCH benchmark draws its names from these pools too.
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
  /** Share of people carrying two surnames joined by a hyphen (Schmidt-Wagner). */
  doubleLastName?: number;
  /** Share of people with a hyphenated double given name (Anna-Lena, Hans-Peter). */
  doubleFirstName?: number;
  /** Everyone carries two surnames (father's and mother's), as in Spain: García López. */
  twoLastNames?: boolean;
}

/** Distinct words of a pool: separated by spaces; `_` stands for a space inside a name (de_Jong). */
function words(list: string): string[] {
  return [...new Set(list.trim().split(/\s+/).map((word) => word.replaceAll('_', ' ')))];
}

/**
 * The last name as a woman carries it where the language inflects it: Kowalski → Kowalska,
 * Papadopoulos → Papadopoulou.
 */
export function feminineLastName(origin: NameOrigin, lastName: string): string {
  if (origin.key === 'polish') return lastName.replace(/(ski|cki|dzki)$/, (ending) => `${ending.slice(0, -1)}a`);
  if (origin.key === 'greek') return lastName.replace(/os$/, 'ou').replace(/is$/, 'i').replace(/as$/, 'a');
  return lastName;
}

export const nameOrigins: NameOrigin[] = [
  {
    key: 'german',
    weight: 34,
    nationalities: ['DE'],
    nativeLanguages: ['deu'],
    doubleLastName: 0.05,
    doubleFirstName: 0.04,
    female: words(`Anna Lena Sophie Marie Johanna Katharina Franziska Jana Svenja Friederike Mareike Lea Hanna Greta Charlotte
      Wiebke Ute Sabine Birgit Annegret Jördis Henrike Clara Ida Mia Paula Frauke Jutta Käthe Antje Nele Marlene Emma Lina Emilia
      Mila Ella Luisa Frieda Mathilda Lotta Leni Helena Amelie Maja Pia Romy Carla Nora Anni Jule Luise Thea Isabell Lara Laura
      Julia Sarah Lisa Vanessa Jessica Nina Carolin Kristina Miriam Stefanie Tanja Nicole Melanie Sandra Susanne Claudia Petra
      Andrea Monika Gabriele Renate Ingrid Gisela Ursula Heike Kerstin Anke Silke Dörte Gesine Imke Insa Talea Merle Femke Hilke
      Bettina Cornelia Dagmar Elke Gudrun Hannelore Irmgard Marion Regina Sigrid Veronika Waltraud Britta Christiane Daniela
      Doreen Esther Eva Judith Katja Manuela Martina Nadine Ramona Simone Theresa Ulrike Verena Wilhelmine Yvonne Annika Alina
      Celina Merle Rieke Smilla Tabea Fenja Malin Ronja Selma Edda Alma Elisa Elsa Hedwig Josefine Klara Magdalena Rosa Viktoria`),
    male: words(`Jonas Jonathan Lukas Maximilian Felix Jan Tobias Florian Matthias Sebastian Jörg Jürgen Uwe Björn Kai Moritz
      Niklas Hendrik Till Benedikt Konstantin Ole Malte Torben Frieder Götz Henning Leon Paul Karl Emil Anton Ben Finn Elias Noah
      Luis Henry Theo Oskar Mats Jakob Linus Milan Fabian Philipp Simon David Daniel Michael Thomas Andreas Stefan Christian
      Markus Martin Alexander Thorsten Frank Dirk Sven Holger Ralf Bernd Klaus Dieter Wolfgang Manfred Rainer Helmut Gerhard
      Günter Horst Werner Peter Hans Heinz Ulrich Volker Detlef Hartmut Joachim Lothar Reinhard Siegfried Arne Bjarne Hauke
      Jannik Jannes Keno Lasse Mattes Piet Rasmus Sönke Tjark Carsten Christoph Dominik Julian Kevin Marcel Marco Mario
      Nils Patrick Pascal René Robin Timo Tim Vincent Valentin Wilhelm Gustav Friedrich Ludwig Johann Konrad Leopold Albert
      Benno Bruno Carl Eduard Erik Ferdinand Georg Hannes Ingo Jens Lars Lennart Mirko Norbert Olaf Raphael Rüdiger Tilman`),
    last: words(`Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Schäfer Koch Bauer Richter Klein Wolf
      Schröder Neumann Schwarz Zimmermann Braun Krüger Hofmann Hartmann Lange Werner Krause Köhler Lehmann Böhm Jäger Voß
      Brückner Görtz Heß Kühn Möller Seidel Thießen Vogt Schmitz Meier Schulze Maier Herrmann König Walter Mayer Huber Kaiser
      Fuchs Peters Lang Scholz Weiß Jung Hahn Schubert Vogel Friedrich Keller Günther Frank Berger Winkler Roth Beck Lorenz
      Baumann Franke Albrecht Schuster Simon Ludwig Böhme Winter Kraus Martin Schumacher Krämer Stein Jäger Otto Sommer Groß
      Seidel Heinrich Brandt Haas Schreiber Graf Dietrich Ziegler Kuhn Pohl Engel Horn Busch Bergmann Thomas Voigt Sauer Arnold
      Wolff Pfeiffer Ernst Lindner Hübner Kramer Franz Beyer Wolter Förster Hansen Kruse Schütz Marx Schenk Nagel Wendt Brunner
      Haase Schindler Kunz Stahl Weis Jansen Bock Reuter Kolb Dietz Engelhardt Schilling Hoppe Ritter Jacobs Witt Körner Kurz
      Lenz Ott Michel Thiel Rühl Gerlach Hoffmeister Ulrich Fiedler Grimm Rudolph Petersen Sander Kirchner Böttcher Paul Blum
      Kaufmann Zander Fritz Eckert Wirth Reinhardt Ebert Rothe Schwab Behrens Adam Kessler Schade Thiele Bischoff Hein Moritz
      Wegner Bernhardt Schuler Hermann Vogt Pietsch Heinz Ackermann Brinkmann Heller Lehner Nowak Stark Berndt Decker Gärtner
      Dörr Fink Heuer Kern Lutz Mertens Nickel Riedel Seifert Stephan Wenzel Wilke Wünsch Zeller Brand Benz Bohn Büttner Claus
      Dreyer Fröhlich Geiger Hesse Hinz Jahn Kluge Lamprecht Mohr Naumann Oswald Pauli Reich Rieger Schramm Sievers Steffen
      Strauß Timm Ulbrich Vetter Volk Wachter Wiese Wittmann Zink Ahrens Bachmann Brauer Clausen Eggers Feldmann Gerber Harms
      Hecht Iversen Jessen Kirsch Lindemann Matthies Oppermann Quast Rademacher Rehberg Sattler Tiedemann Uhlig Vollmer
      Wiegand Wolters Abel Baier Conrad Danner Eberhardt Fleischer Gebauer Haupt Jost Klose Lemke Marquardt Nolte Pape
      Rausch Rohde Scheffler Schlegel Spengler Stoll Thome Unger Vietz Weidner Westphal Ziemann Aust Bader Brockmann Diehl
      Elsner Fiebig Gottschalk Hagen Henke Kästner Leonhardt Mühlbauer Nitsche Pagel Rabe Schirmer Thamm Wienholt Ziegenbein`),
  },
  {
    key: 'austrian',
    weight: 8,
    nationalities: ['AT'],
    nativeLanguages: ['deu'],
    doubleFirstName: 0.03,
    female: words(`Magdalena Theresa Valentina Veronika Elisabeth Leonie Johanna Christina Barbara Kathrin Rosalie Zoë Anna Hannah
      Sophia Emma Marie Lena Laura Sarah Julia Katharina Lisa Viktoria Antonia Helena Marlene Franziska Theresia Maria Agnes
      Gertraud Hermine Ingeborg Notburga Roswitha Resi Vroni Waltraud Cornelia Daniela Martina Michaela Sabine Sandra Verena
      Birgit Eva Iris Karin Petra Ulrike Anja Romana Natalie Carina Melanie Stefanie Nina Tamara Bianca Jasmin Selina Valerie`),
    male: words(`Florian Lorenz Valentin Jakob Raphael Stefan Andreas Dominik Matthäus Clemens Ferdinand Jonas Lukas Tobias David
      Elias Maximilian Felix Paul Simon Alexander Sebastian Michael Thomas Christoph Martin Markus Bernhard Georg Johann
      Josef Franz Leopold Rupert Alois Anton Hubert Engelbert Gottfried Herbert Wolfgang Manfred Gerhard Helmut Walter Günther
      Peter Harald Roland Reinhard Gernot Bernd Patrick Manuel Philipp Fabian Julian Matthias Benjamin Konstantin Moritz`),
    last: words(`Gruber Huber Bauer Wagner Pichler Steiner Moser Mayer Hofer Leitner Berger Fuchs Eder Fischer Schmid Winkler Weiß
      Schwarz Maier Egger Müller Reiter Brandstätter Hölzl Schneider Auer Lang Baumgartner Wimmer Wolf Aigner Lechner Haas
      Wallner Ebner Strasser Koller Mair Lehner Wieser Holzer Kaiser Huemer Bichler Kofler Hackl Hofbauer Kainz Unterberger
      Zauner Grabner Kogler Wurm Binder Lindner Stadler Windisch Brunner Mayr Riegler Hauser Sommer Fellner Kerschbaumer
      Obermayr Pirker Rainer Schober Stöger Thaler Trummer Url Wiesinger Zehetner Aschauer Böck Danzer Edlinger Fasching
      Gassner Heindl Jandl Kastner Kreuzer Loidl Mitterer Neuhold Oberhuber Pölzl Rauscher Sailer Seidl Steindl Tischler
      Vogl Wagenhofer Zöchling Angerer Brandl Dorner Eichinger Forstner Gschwandtner Hinterberger Kienzl Leeb Mühlbacher
      Nußbaumer Ortner Prammer Reisinger Schachner Schwaiger Stockinger Tauber Weinberger`),
  },
  {
    key: 'swiss',
    weight: 6,
    nationalities: ['CH'],
    nativeLanguages: ['deu', 'fra', 'ita'],
    female: words(`Seraina Ladina Nadja Corina Anouk Mirjam Rahel Deborah Flurina Aline Noémie Zoë Anna Lea Laura Sara Nina Lara
      Mia Elena Alina Lina Emma Chiara Livia Elin Giulia Jael Leonie Luana Malea Nora Selina Tamara Vanessa Fabienne Jasmin
      Ramona Corinne Andrea Barbara Brigitte Claudia Doris Esther Regula Ruth Silvia Ursula Verena Beatrice Cécile Madeleine`),
    male: words(`Reto Urs Beat Gian Luca Dario Nico Jonathan Fabian Marco Silvan Jonas Noah Levin Elias Leon Nino Matteo Lian Samuel
      Gian-Luca Andrin Cyrill Flurin Jannis Lorin Mauro Nevio Remo Severin Yannick Adrian Pascal Roman Simon Stefan Thomas
      Daniel Christoph Martin Peter Hansruedi Ruedi Ueli Walter Kurt Bruno Heinz Werner Markus Patrik Thierry Olivier Cédric`),
    last: words(`Müller Mueller Meier Schmid Keller Weber Huber Schneider Meyer Steiner Fischer Brunner Baumann Frei Zürcher Gerber
      Widmer Zollinger Bühler Sutter Gasser Moser Graf Wyss Kunz Roth Frey Hofmann Lüthi Studer Bieri Zimmermann Bucher Suter
      Bachmann Kaufmann Hess Marti Lehmann Wenger Berger Kälin Zbinden Affolter Aebischer Ammann Bärtschi Blaser Egli Felder
      Flückiger Gisler Gut Häfliger Hürlimann Iseli Jenni Kuhn Küng Lanz Locher Matter Nussbaumer Ott Probst Rüegg Schär
      Schürch Stalder Tanner Vogel Walther Wüthrich Zaugg Arnold Bosshard Brügger Christen Dubach Eberle Fankhauser Friedli
      Gfeller Hänni Hostettler Imhof Jost Kohler Leuenberger Maurer Niederhauser Oberli Reber Rohner Schönenberger Siegrist
      Stucki Thalmann Ulrich Vonlanthen Wälti Zwahlen Dubois Favre Rochat Bonvin Pellegrini Bernasconi`),
  },
  {
    key: 'french',
    weight: 6,
    nationalities: ['FR', 'BE'],
    nativeLanguages: ['fra'],
    doubleFirstName: 0.06,
    female: words(`Émilie Céline Chloé Léa Manon Camille Inès Zoé Maëlle Hélène Élodie Anaïs Margaux Juliette Louise Alice Jade Lina
      Rose Ambre Léna Mila Anna Julia Agathe Lucie Romane Clémence Capucine Éloïse Mathilde Pauline Justine Océane Marion
      Sandrine Nathalie Isabelle Sophie Valérie Stéphanie Aurélie Caroline Virginie Delphine Laetitia Mélanie Audrey Coralie
      Solène Noémie Lou Apolline Constance Bérénice Gaëlle Ségolène Béatrice Brigitte Catherine Christine Danielle Françoise
      Geneviève Jacqueline Martine Monique Odile Sylvie Yvette Amandine Estelle Fanny Laure Morgane Sabine Tiphaine Victoire`),
    male: words(`Étienne Théo Hugo Louis Mathéo Gaël Jérôme François Noël Benoît Raphaël Antoine Julien Cédric Gabriel Léo Arthur Jules
      Adam Lucas Nathan Paul Maël Sacha Tom Victor Martin Baptiste Clément Maxime Thomas Alexandre Nicolas Guillaume Pierre
      Romain Sébastien Vincent Olivier Laurent Stéphane Frédéric Philippe Christophe Thierry Pascal Éric Patrick Bernard Didier
      Jean Michel Alain Gérard Yves Marcel René Rémi Aurélien Bastien Damien Fabien Florent Grégoire Lilian Loïc Matthieu
      Quentin Thibault Timothée Valentin Xavier Yannick Anatole Augustin Barnabé Côme Edgar Félix Gaspard Marius Octave`),
    last: words(`Martin Bernard Dubois Thomas Robert Richard Petit Durand Leroy Moreau Lefèvre Girard Bonnet Lemaître Faure Fontaine
      Chevalier Rousseau Mercier Benoît Simon Laurent Michel Garcia David Bertrand Roux Vincent Fournier Morel André Lefebvre
      Lambert Blanc Guerin Muller Henry Roussel Nicolas Perrin Morin Mathieu Clément Gauthier Dumont Lopez Masson Marchand Denis
      Dupont Dupuis Duval Lemoine Renaud Picard Gaillard Brun Roy Rey Barbier Arnaud Meunier Leclerc Colin Vidal Caron Giraud
      Hubert Boyer Bourgeois Noël Guillot Riviere Carpentier Aubert Lucas Prévost Berger Marie Fleury Collet Moulin Jacquet
      Deschamps Leblanc Paris Hamon Cordier Royer Langlois Boucher Bouvier Lacroix Gilbert Charpentier Perrot Rolland Barré
      Chauvin Dufour Poulain Hervé Tessier Marechal Baron Leroux Besson Millet Devaux Guillaume Lebrun Weber Poirier Lemaire
      Gérard Delmas Vasseur Jolly Sanchez Germain Bailly Lebon Carré Verdier Hoarau Bertin Texier Benard Laine Lebreton
      Delacroix Beaumont Courtois Desmarais Fabre Granger Jourdan Lenoir Maillard Pelletier Renard Sauvage Tanguy Valette`),
  },
  {
    key: 'italian',
    weight: 6,
    nationalities: ['IT'],
    nativeLanguages: ['ita'],
    female: words(`Giulia Chiara Francesca Alessia Martina Federica Ilaria Beatrice Valentina Elisa Giorgia Sofia Aurora Alice Ginevra
      Emma Greta Ludovica Vittoria Anna Matilde Camilla Bianca Gaia Noemi Arianna Rebecca Nicole Sara Marta Irene Eleonora
      Benedetta Caterina Lucia Serena Silvia Roberta Paola Laura Cristina Monica Barbara Daniela Simona Manuela Stefania Elena
      Antonella Rossella Patrizia Raffaella Loredana Graziella Donatella Ornella Carla Giovanna Teresa Rosa Angela Carmela`),
    male: words(`Alessandro Lorenzo Matteo Niccolò Giovanni Davide Riccardo Tommaso Gabriele Pietro Emanuele Nicolò Leonardo Francesco
      Andrea Mattia Edoardo Federico Diego Samuele Filippo Michele Giuseppe Antonio Marco Luca Stefano Paolo Roberto Massimo
      Fabio Simone Daniele Alberto Claudio Enrico Vincenzo Salvatore Carlo Sergio Maurizio Giorgio Franco Luigi Mario Bruno
      Dario Cesare Vittorio Ettore Ottavio Raffaele Umberto Gianluca Gianmarco Pierpaolo Jacopo Cristian Manuel Ivan Elia`),
    last: words(`Rossi Russo Ferrari Esposito Bianchi Romano Colombo Ricci Marino Greco Bruno Gallo Conti De_Luca Mancini Costa Fabbri
      Santoro Lombardi Barbieri Giordano Rizzo Moretti Lombardo Mariani Rinaldi Caruso Ferrara Galli Martini Leone Longo Gentile
      Martinelli Vitale Serra Coppola De_Santis D'Angelo Marchetti Parisi Villa Conte Ferraro Ferri Fontana Bellini Pellegrini
      Palumbo Sanna Farina Rizzi Monti Cattaneo Morelli Amato Silvestri Mazza Testa Grassi Pellegrino Carbone Giuliani
      Benedetti Barone Rossetti Caputo Montanari Guerra Palmieri Bernardi Martino Fiore De_Rosa Ferretti Bellucci Basile Riva
      Donati Piras Vitali Battaglia Sartori Neri Costantini Milani Pagano Ruggiero Sorrentino D'Amico Orlando Damico Negri
      Valentini Leonardi Cirillo Messina Guidi Colonna Bianco Sala Marini Gatti Fumagalli Brambilla Galbiati Castelli Zanetti
      Bertolini Cavalli Farinelli Lucchesi Mazzoni Orsini Pace Rota Tedeschi Zanella Amadori Benassi Corsini Donadoni Folli`),
  },
  {
    key: 'spanish',
    weight: 4,
    nationalities: ['ES'],
    nativeLanguages: ['spa', 'cat'],
    twoLastNames: true,
    female: words(`Lucía María Paula Alba Nerea Ainhoa Begoña Inés Sofía Marta Núria Rocío Carmen Laura Cristina Ana Isabel Elena
      Raquel Beatriz Patricia Sara Irene Andrea Claudia Julia Carla Daniela Valeria Martina Noa Vega Olivia Candela Celia Triana
      Aitana Maite Amaia Itziar Leire Montserrat Mercedes Pilar Dolores Consuelo Esperanza Inmaculada Remedios Macarena`),
    male: words(`Álvaro Javier Pablo Sergio Adrián Íñigo Jesús Andrés Tomás Joaquín Rubén Óscar Hugo Martín Lucas Mateo Leo Daniel
      Alejandro Manuel David Mario Diego Marcos Iván Gonzalo Carlos Miguel Antonio José Francisco Juan Luis Fernando Alberto
      Jorge Raúl Enrique Ramón Vicente Ignacio Aitor Unai Iker Jordi Pau Oriol Xavier Guillermo Rodrigo Ismael Nicolás Héctor`),
    last: words(`García Fernández González Rodríguez López Martínez Sánchez Pérez Gómez Jiménez Muñoz Álvarez Romero Navarro Domínguez
      Ibáñez Martín Ruiz Hernández Díaz Moreno Alonso Gutiérrez Torres Ramos Gil Serrano Blanco Molina Morales Suárez Ortega
      Delgado Castro Ortiz Rubio Marín Sanz Núñez Iglesias Medina Garrido Cortés Castillo Santos Lozano Guerrero Cano Prieto
      Méndez Cruz Calvo Gallego Vidal León Márquez Herrera Peña Flores Cabrera Campos Vega Fuentes Carrasco Diez Caballero
      Reyes Nieto Aguilar Pascual Santana Herrero Lorenzo Montero Hidalgo Giménez Ibarra Vázquez Arias Soler Puig Ferrer`),
  },
  {
    key: 'polish',
    weight: 6,
    nationalities: ['PL'],
    nativeLanguages: ['pol'],
    female: words(`Agnieszka Małgorzata Katarzyna Zofia Joanna Magdalena Aleksandra Weronika Anna Ewa Żaneta Gosia Maria Barbara
      Krystyna Elżbieta Danuta Jadwiga Teresa Halina Irena Beata Dorota Iwona Monika Renata Marta Natalia Karolina Paulina Justyna
      Sylwia Kinga Patrycja Dominika Emilia Hanna Julia Maja Lena Alicja Oliwia Amelia Wiktoria Nikola Gabriela Marianna Helena
      Łucja Urszula Grażyna Bożena Wanda Jolanta Edyta Ilona Izabela Klaudia Milena Oktawia Roksana`),
    male: words(`Łukasz Paweł Michał Jakub Wojciech Piotr Krzysztof Tomasz Bartłomiej Grzegorz Mateusz Maciej Andrzej Marcin Jan
      Stanisław Józef Tadeusz Jerzy Zbigniew Ryszard Kazimierz Marek Adam Dariusz Rafał Robert Kamil Szymon Antoni Filip
      Aleksander Franciszek Wiktor Kacper Igor Oskar Dawid Hubert Adrian Przemysław Sebastian Artur Damian Arkadiusz Bogdan
      Leszek Mirosław Sławomir Wiesław Zdzisław Radosław Jarosław Cezary Dominik Konrad Patryk Norbert`),
    last: words(`Nowak Kowalski Wiśniewski Wójcik Kowalczyk Kamiński Lewandowski Zieliński Szymański Woźniak Dąbrowski Kozłowski
      Jankowski Mazur Krawczyk Górski Kwiatkowski Kaczmarek Piotrowski Grabowski Nowakowski Pawłowski Michalski Nowicki Adamczyk
      Dudek Zając Wieczorek Jabłoński Król Majewski Olszewski Jaworski Wróbel Malinowski Pawlak Witkowski Walczak Stępień
      Górecki Rutkowski Michalak Sikora Ostrowski Baran Duda Szewczyk Tomaszewski Pietrzak Marciniak Wróblewski Zalewski
      Jakubowski Jasiński Zawadzki Sadowski Bąk Chmielewski Włodarczyk Borkowski Czarnecki Sawicki Sokołowski Urbański
      Kubiak Maciejewski Szczepański Kucharski Wilk Kalinowski Lis Mazurek Wysocki Adamski Kaźmierczak Wasilewski Sobczak
      Czerwiński Andrzejewski Cieślak Głowacki Zakrzewski Kołodziej Sikorski Krajewski Gajewski Szymczak Szulc Baranowski
      Laskowski Brzeziński Makowski Ziółkowski Przybylski Domański Nowacki Borowski Błaszczyk Chojnacki Ciesielski Mróz`),
  },
  {
    key: 'turkish',
    weight: 9,
    nationalities: ['DE', 'TR'],
    nativeLanguages: ['tur', 'deu'],
    female: words(`Ayşe Elif Zeynep Merve Gülşen Büşra Şule Derya Aylin Nazlı Özlem Defne Ece Sibel Fatma Emine Hatice Meryem Esra
      Kübra Tuğba Gamze Ebru Seda Pınar Burcu Dilek Hülya Nesrin Serap Yasemin Sevgi Selin Ceren İrem Melis Damla Cansu Buse
      Eylül Asya Ela Azra Nehir Hira Duru Nil Lara Beren Gizem Gül Leyla Sinem Songül Tülay Yeliz Zehra Hande Aslı Berna`),
    male: words(`Mehmet Emre Can Burak Oğuz Murat Serkan Barış Çağlar Yusuf Tarık Deniz Kerem Onur Ahmet Mustafa Ali Hüseyin Hasan
      İbrahim İsmail Osman Ömer Halil Kemal Recep Cem Eren Arda Mert Efe Kaan Berk Alp Yiğit Ozan Tolga Umut Volkan Erkan
      Gökhan Hakan Levent Orhan Selim Sinan Taner Uğur Ercan Fatih Furkan Kadir Metin Nihat Rıza Savaş Tayfun Yasin Zafer`),
    last: words(`Yılmaz Kaya Demir Şahin Çelik Yıldız Öztürk Aydın Özdemir Arslan Doğan Kılıç Aslan Çetin Koç Kurt Özkan Şimşek
      Polat Korkmaz Karaca Erdoğan Yavuz Can Acar Güneş Aktaş Bulut Kaplan Keskin Ünal Tekin Bozkurt Güler Tunç Kara Sarı
      Yüksel Işık Avcı Uçar Türk Altun Özer Kocabaş Akın Erdem Aksoy Taş Duman Gündoğdu Kahraman Bayram Ateş Çakır Durmaz
      Eren Karakaya Şen Toprak Başaran Uysal Yücel Coşkun Ekinci Gök Önal Soylu Tan Aydemir Sezer Atalay Baysal Demirci
      Er Gürbüz Kalkan Karataş Mutlu Oral Sağlam Tatlı Ulusoy Yazıcı Zengin Akbulut Bilgin Çınar Dinç Elmas Genç Ilgaz`),
  },
  {
    key: 'ukrainian',
    weight: 4,
    nationalities: ['UA'],
    nativeLanguages: ['ukr'],
    female: words(`Olena Oksana Iryna Nataliia Kateryna Yuliia Daryna Sofiia Anastasiia Viktoriia Olha Tetiana Svitlana Liudmyla
      Halyna Mariia Khrystyna Alina Diana Valeriia Yevheniia Polina Solomiia Zlata Vira Nadiia Liubov Larysa Inna Marharyta
      Oleksandra Ulyana Ivanna Bohdana Myroslava Zoriana Lesia Roksolana Hanna Tamara`),
    male: words(`Oleksandr Andrii Dmytro Serhii Mykola Taras Bohdan Yurii Volodymyr Artem Ivan Vasyl Petro Mykhailo Oleh Ihor
      Roman Maksym Denys Vitalii Yaroslav Vladyslav Nazar Ostap Danylo Stepan Ruslan Anatolii Viktor Valentyn Yevhen Pavlo
      Illia Kyrylo Matvii Orest Zakhar Hryhorii Fedir Lev`),
    last: words(`Shevchenko Kovalenko Bondarenko Tkachenko Kravchenko Oliinyk Melnyk Savchenko Rudenko Moroz Lysenko Marchenko
      Boiko Kovalchuk Koval Shevchuk Polishchuk Bondar Tkachuk Marchuk Kravchuk Kovalenko Petrenko Klymenko Pavlenko Ponomarenko
      Kuzmenko Vasylenko Levchenko Karpenko Kharchenko Savchuk Romanenko Yakovenko Sydorenko Hrytsenko Nazarenko Honcharenko
      Babenko Dmytrenko Zinchenko Prokopenko Ostapenko Fedorenko Mazur Semenko Kostenko Pylypenko Vlasenko Ivanenko Holub
      Zakharchenko Bilyk Hnatiuk Didenko Yurchenko Martyniuk Kushnir Lytvynenko Stepanenko Zaporozhets Chornyi Sokolenko`),
  },
  {
    key: 'scandinavian',
    weight: 5,
    nationalities: ['SE', 'NO', 'DK'],
    nativeLanguages: ['swe', 'nor', 'dan'],
    female: words(`Åsa Ingrid Sigrid Freja Maja Linnéa Solveig Astrid Ebba Søs Liv Tuva Alma Elsa Selma Wilma Saga Agnes Ella
      Signe Frida Nora Thea Ida Emma Klara Karin Kerstin Birgitta Margareta Ulla Gunilla Lena Lotta Malin Sanna Johanna Hanne
      Mette Pernille Trine Camilla Kirsten Tove Kari Randi Marit Siri Hedda Inger Ylva Vilde Embla Ronja Stine Dorthe Helle`),
    male: words(`Björn Søren Magnus Lars Anders Håkan Mikkel Espen Nils Jørgen Oskar Rasmus Erik Olof Gustav Axel Elias Hugo
      William Lucas Liam Noah Emil Filip Isak Viktor Sander Jonas Henrik Kristian Mathias Jesper Morten Thomas Frederik Mads
      Christian Anton Asger Torben Ulf Sven Gunnar Per Leif Kjell Stig Bengt Johan Mattias Tobias Fredrik Pontus Sindre Eirik`),
    last: words(`Johansson Andersson Nilsson Lindqvist Hansen Johansen Olsen Jørgensen Sørensen Larsen Åberg Strøm Berg Lindström
      Karlsson Eriksson Larsson Olsson Persson Svensson Gustafsson Pettersson Jonsson Jansson Hansson Bengtsson Jönsson
      Carlsson Petersson Lindberg Magnusson Lindgren Axelsson Olofsson Lundberg Lundgren Jakobsson Berglund Fredriksson
      Sandberg Henriksson Forsberg Sjöberg Wallin Engström Danielsson Håkansson Eklund Lundin Gunnarsson Holm Bergström
      Samuelsson Fransson Nyberg Holmberg Arvidsson Löfgren Söderberg Nyström Holmgren Nielsen Pedersen Andersen Christensen
      Rasmussen Petersen Madsen Kristensen Møller Mortensen Thomsen Poulsen Knudsen Mikkelsen Frederiksen Jakobsen Lund
      Johnsen Karlsen Andreassen Nilsen Pettersen Eriksen Berntsen Haugen Bakken Dahl Halvorsen Solberg Lie Moen Aas Kristiansen`),
  },
  {
    key: 'english',
    weight: 5,
    nationalities: ['GB', 'IE', 'US'],
    nativeLanguages: ['eng'],
    female: words(`Emily Olivia Charlotte Grace Siobhan Abigail Harriet Imogen Chloe Zoë Eleanor Niamh Amelia Isla Ava Mia Ivy Lily
      Freya Florence Poppy Rosie Evie Sophie Jessica Hannah Lucy Katie Megan Bethany Rebecca Rachel Sarah Laura Emma Claire
      Helen Catherine Victoria Elizabeth Alice Matilda Phoebe Georgia Holly Jasmine Maisie Orla Aoife Ciara Saoirse Caoimhe
      Madison Ashley Brittany Taylor Kayla Morgan Hailey Avery Harper Scarlett Penelope Nora Hazel Violet Stella Ruby Daisy`),
    male: words(`Oliver Harry George Jack Callum Rhys Declan Jonathan Samuel Edward Liam Finn Noah Leo Arthur Oscar Charlie Theo
      Freddie Alfie Archie Henry Thomas William James Joshua Daniel Benjamin Joseph Matthew Luke Adam Nathan Ryan Connor Dylan
      Ethan Jacob Lewis Alexander Christopher Andrew Michael David Richard Robert Simon Stephen Peter Patrick Sean Cian Oisín
      Ronan Eoin Conor Aidan Tyler Brandon Austin Caleb Hunter Logan Mason Wyatt Carter Owen Gavin Miles Rupert Hugo Toby`),
    last: words(`Smith Jones Williams Taylor Brown Davies Evans Wilson Thomas O'Brien Walsh Murphy Clarke Hughes Wright Fitzgerald
      Johnson Roberts Robinson Thompson White Walker Edwards Green Hall Wood Harris Lewis Martin Jackson Clark Turner Hill Scott
      Cooper Morris Ward Moore King Watson Baker Harrison Morgan Patel Young Allen Mitchell James Anderson Phillips Lee Bell
      Parker Davis Campbell Kelly Bennett Griffiths Cook Richardson Shaw Chapman Cox Marshall Stevens Bailey Collins Pearson
      Ellis Gray Webb Russell Mills Owen Palmer Kennedy Knight Lloyd Rogers Fox Butler Barnes Fisher Henderson Hunt Graham
      O'Connor O'Sullivan Byrne Ryan Doyle McCarthy Gallagher Doherty Kennedy Lynch Murray Quinn Moore McLaughlin Carroll
      Connolly Daly Brennan Burke Dunne Nolan Reilly Whelan Sullivan Fletcher Sutton Holmes Lawrence Reynolds Hayes Carter`),
  },
  {
    key: 'dutch',
    weight: 3,
    nationalities: ['NL'],
    nativeLanguages: ['nld'],
    female: words(`Sanne Femke Lotte Anouk Fleur Maartje Ilse Noor Emma Julia Tess Sophie Zoë Mila Sara Evi Lisa Eva Anna Lieke
      Roos Isa Saar Fenna Jasmijn Marit Loes Nienke Floor Esmee Iris Merel Renske Annemiek Marieke Wilma Ingrid Petra Hanneke`),
    male: words(`Daan Bram Thijs Sjoerd Joost Ruben Jelle Pieter Sem Lucas Levi Finn Milan Jesse Luuk Noah Tim Stijn Lars Gijs
      Koen Niels Wouter Jeroen Maarten Bas Sander Rutger Joris Teun Floris Hidde Jasper Mees Siem Jan Kees Henk Willem Rik`),
    last: words(`de_Jong Jansen de_Vries van_den_Berg Bakker Visser Smit Meijer van_Dijk Mulder de_Boer Dekker de_Groot Bos Vos
      Peters Hendriks van_Leeuwen Dijkstra Smits de_Graaf van_der_Meer van_der_Linden Kok Jacobs de_Haan Vermeulen van_den_Heuvel
      van_der_Veen van_den_Broek de_Bruijn de_Bruin van_der_Heijden Schouten van_Beek Willems van_Vliet van_de_Ven Hoekstra
      Maas Verhoeven Koster van_Dam van_der_Wal Prins Blom Huisman Peeters de_Wit Kuipers van_Wijk Postma Kuiper Veenstra
      Kramer van_den_Bosch Brouwer Mol van_der_Laan Wolters Boer Timmermans Groen Gerritsen Bosman Koning Evers Verbeek`),
  },
  {
    key: 'greek',
    weight: 2,
    nationalities: ['GR'],
    nativeLanguages: ['ell'],
    female: words(`Eleni Dimitra Katerina Sofia Ioanna Vasiliki Maria Georgia Konstantina Anastasia Christina Evangelia Panagiota
      Athina Despina Eirini Angeliki Paraskevi Theodora Zoi Myrto Danai Nefeli Chrysa Stella Alexandra Marina Foteini Kalliopi`),
    male: words(`Giorgos Nikos Kostas Dimitris Yannis Christos Panagiotis Vasilis Thanasis Michalis Stavros Spyros Alexandros
      Antonis Manolis Petros Lefteris Apostolos Stelios Angelos Theodoros Ilias Pavlos Markos Sotiris Aris Orestis Achilleas`),
    last: words(`Papadopoulos Georgiou Nikolaidis Vlachos Papageorgiou Karagiannis Oikonomou Papadakis Pappas Dimitriou Ioannidis
      Konstantinidis Alexiou Makris Theodorou Christodoulou Angelopoulos Antoniou Athanasiou Economou Galanis Kyriakidis
      Lambrakis Manolakis Nikolaou Panagiotopoulos Petridis Stavropoulos Tsakiris Vasileiou Zervas Anagnostopoulos Chatzis
      Dimopoulos Kalogeropoulos Karamanlis Kontos Michailidis Papanikolaou Sotiropoulos Triantafyllou Xenakis`),
  },
  {
    key: 'croatian',
    weight: 2,
    nationalities: ['HR', 'BA'],
    nativeLanguages: ['hrv', 'bos'],
    female: words(`Ivana Marija Petra Lucija Mia Jelena Ana Katarina Ema Sara Lana Nika Iva Marta Dora Tena Maja Kristina Martina
      Snježana Vesna Mirjana Gordana Željka Branka Ljiljana Nives Tihana Ankica Zrinka`),
    male: words(`Luka Ivan Marko Josip Matej Dario Ante Tomislav Filip Petar Karlo Nikola Jakov David Mateo Bruno Domagoj Hrvoje
      Krešimir Zvonimir Goran Dražen Damir Davor Igor Mladen Zoran Stjepan Vedran Siniša`),
    last: words(`Horvat Kovačević Babić Marić Jurić Novak Knežević Vuković Marković Petrović Matić Tomić Pavlović Kovač Božić
      Blažević Grgić Pavić Radić Perić Šarić Lovrić Vidović Perković Popović Bošnjak Jukić Barišić Martinović Mikulić Nikolić
      Rukavina Brkić Galić Klarić Vučković Filipović Jovanović Kolar Živković Begić Hadžić Mujić Hodžić Delić Kurtović`),
  },
];

/** Given names that fit anyone, for non-binary and custom genders. */
export const neutralFirstNames = words(`Alex Kim Robin Sascha Kai Noa Toni Charlie Luca Jona Eike Mika Sam Janne Noël Deniz Ulli
  Micha Andrea Nikola Jo Quinn Ari Elia Fritzi Lou Maxi Rene Sasha Yuri Emery Jamie Jules Lio Malu Nuri Ronni Sunny Taylor`);

/**
 * Names the demo always contains, spread over the first profiles, so the documented search
 * examples ('jon', 'mueler', 'muller') and last-name ties are guaranteed at any size; the first
 * nine land within the 60 actors the end-to-end demo serves.
 */
export const featuredActorNames: { first: string; last: string; gender: 'female' | 'male'; origin: string }[] = [
  { first: 'Jonas', last: 'Müller', gender: 'male', origin: 'german' },
  { first: 'Jonathan', last: 'Müller', gender: 'male', origin: 'german' },
  { first: 'Anna', last: 'Müller', gender: 'female', origin: 'german' },
  { first: 'Jonas', last: 'Mueller', gender: 'male', origin: 'swiss' },
  { first: 'Zoë', last: 'Schneider', gender: 'female', origin: 'german' },
  { first: 'Jonathan', last: 'Weber', gender: 'male', origin: 'german' },
  { first: 'Jörg', last: 'Müller', gender: 'male', origin: 'austrian' },
  { first: 'Anouk', last: 'Müller', gender: 'female', origin: 'swiss' },
  { first: 'Émilie', last: 'Dubois', gender: 'female', origin: 'french' },
  { first: 'Łukasz', last: 'Kowalski', gender: 'male', origin: 'polish' },
  { first: 'Ayşe', last: 'Çelik', gender: 'female', origin: 'turkish' },
  { first: 'Jonas', last: 'Schneider', gender: 'male', origin: 'german' },
  { first: 'Marie', last: 'Müller', gender: 'female', origin: 'german' },
  // Namesakes: two people of the same name, as every large directory has.
  { first: 'Anna', last: 'Schmidt', gender: 'female', origin: 'german' },
  { first: 'Anna', last: 'Schmidt', gender: 'female', origin: 'german' },
  { first: 'Lukas', last: 'Weber', gender: 'male', origin: 'german' },
  { first: 'Lukas', last: 'Weber', gender: 'male', origin: 'austrian' },
];
