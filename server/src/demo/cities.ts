/**
 * Real cities with coordinates and subdivision codes, for residences, housing options, places of
 * birth and production locations. Place ids are Google-style strings derived from the city name
 * (stable, but not Google's real ids).
 */
import { Random } from './random.ts';

export interface City {
  name: string;
  country: string;
  /** ISO 3166-2 subdivision, e.g. DE-BE. */
  state: string;
  latitude: number;
  longitude: number;
  /** Relative weight as a place of residence. */
  weight: number;
}

export const cities: City[] = [
  { name: 'Berlin', country: 'DE', state: 'DE-BE', latitude: 52.52000659999999, longitude: 13.404954, weight: 30 },
  { name: 'Hamburg', country: 'DE', state: 'DE-HH', latitude: 53.5510846, longitude: 9.9936819, weight: 12 },
  { name: 'München', country: 'DE', state: 'DE-BY', latitude: 48.1351253, longitude: 11.5819806, weight: 14 },
  { name: 'Köln', country: 'DE', state: 'DE-NW', latitude: 50.937531, longitude: 6.9602786, weight: 12 },
  { name: 'Frankfurt am Main', country: 'DE', state: 'DE-HE', latitude: 50.1109221, longitude: 8.6821267, weight: 5 },
  { name: 'Stuttgart', country: 'DE', state: 'DE-BW', latitude: 48.7758459, longitude: 9.1829321, weight: 4 },
  { name: 'Düsseldorf', country: 'DE', state: 'DE-NW', latitude: 51.2277411, longitude: 6.7734556, weight: 4 },
  { name: 'Leipzig', country: 'DE', state: 'DE-SN', latitude: 51.3396955, longitude: 12.3730747, weight: 4 },
  { name: 'Dresden', country: 'DE', state: 'DE-SN', latitude: 51.0504088, longitude: 13.7372621, weight: 2 },
  { name: 'Potsdam', country: 'DE', state: 'DE-BB', latitude: 52.3905689, longitude: 13.0644729, weight: 2 },
  { name: 'Hannover', country: 'DE', state: 'DE-NI', latitude: 52.3758916, longitude: 9.7320104, weight: 2 },
  { name: 'Bremen', country: 'DE', state: 'DE-HB', latitude: 53.0792962, longitude: 8.8016936, weight: 1 },
  { name: 'Mainz', country: 'DE', state: 'DE-RP', latitude: 49.9928617, longitude: 8.2472526, weight: 1 },
  { name: 'Bochum', country: 'DE', state: 'DE-NW', latitude: 51.4818445, longitude: 7.2162363, weight: 1 },
  { name: 'Nürnberg', country: 'DE', state: 'DE-BY', latitude: 49.45203, longitude: 11.07675, weight: 2 },
  { name: 'Freiburg im Breisgau', country: 'DE', state: 'DE-BW', latitude: 47.9990077, longitude: 7.8421043, weight: 1 },
  { name: 'Weimar', country: 'DE', state: 'DE-TH', latitude: 50.9794934, longitude: 11.3235439, weight: 1 },
  { name: 'Wien', country: 'AT', state: 'AT-9', latitude: 48.2081743, longitude: 16.3738189, weight: 9 },
  { name: 'Graz', country: 'AT', state: 'AT-6', latitude: 47.070714, longitude: 15.439504, weight: 1 },
  { name: 'Salzburg', country: 'AT', state: 'AT-5', latitude: 47.80949, longitude: 13.05501, weight: 1 },
  { name: 'Linz', country: 'AT', state: 'AT-4', latitude: 48.30694, longitude: 14.28583, weight: 1 },
  { name: 'Zürich', country: 'CH', state: 'CH-ZH', latitude: 47.3768866, longitude: 8.541694, weight: 5 },
  { name: 'Basel', country: 'CH', state: 'CH-BS', latitude: 47.5595986, longitude: 7.5885761, weight: 1 },
  { name: 'Bern', country: 'CH', state: 'CH-BE', latitude: 46.9479739, longitude: 7.4474468, weight: 1 },
  { name: 'Genève', country: 'CH', state: 'CH-GE', latitude: 46.2043907, longitude: 6.1431577, weight: 1 },
  { name: 'Paris', country: 'FR', state: 'FR-IDF', latitude: 48.856614, longitude: 2.3522219, weight: 2 },
  { name: 'Strasbourg', country: 'FR', state: 'FR-GES', latitude: 48.5734053, longitude: 7.7521113, weight: 1 },
  { name: 'Milano', country: 'IT', state: 'IT-25', latitude: 45.4642035, longitude: 9.189982, weight: 1 },
  { name: 'Roma', country: 'IT', state: 'IT-62', latitude: 41.9027835, longitude: 12.4963655, weight: 1 },
  { name: 'Bolzano', country: 'IT', state: 'IT-32', latitude: 46.4982953, longitude: 11.3547582, weight: 1 },
  { name: 'Madrid', country: 'ES', state: 'ES-MD', latitude: 40.4167754, longitude: -3.7037902, weight: 1 },
  { name: 'Barcelona', country: 'ES', state: 'ES-CT', latitude: 41.3873974, longitude: 2.168568, weight: 1 },
  { name: 'Warszawa', country: 'PL', state: 'PL-14', latitude: 52.2296756, longitude: 21.0122287, weight: 1 },
  { name: 'Kraków', country: 'PL', state: 'PL-12', latitude: 50.0646501, longitude: 19.9449799, weight: 1 },
  { name: 'Istanbul', country: 'TR', state: 'TR-34', latitude: 41.0082376, longitude: 28.9783589, weight: 1 },
  { name: 'Kyiv', country: 'UA', state: 'UA-30', latitude: 50.4501, longitude: 30.5234, weight: 1 },
  { name: 'København', country: 'DK', state: 'DK-84', latitude: 55.6760968, longitude: 12.5683371, weight: 1 },
  { name: 'Stockholm', country: 'SE', state: 'SE-AB', latitude: 59.3293235, longitude: 18.0685808, weight: 1 },
  { name: 'Oslo', country: 'NO', state: 'NO-03', latitude: 59.9138688, longitude: 10.7522454, weight: 1 },
  { name: 'London', country: 'GB', state: 'GB-LND', latitude: 51.5072178, longitude: -0.1275862, weight: 2 },
  { name: 'Amsterdam', country: 'NL', state: 'NL-NH', latitude: 52.3675734, longitude: 4.9041389, weight: 1 },
  { name: 'Prag', country: 'CZ', state: 'CZ-10', latitude: 50.0755381, longitude: 14.4378005, weight: 1 },
];

const weightTable: Record<string, number> = Object.fromEntries(cities.map((c) => [c.name, c.weight]));
const byName = new Map(cities.map((c) => [c.name, c]));

/** A city drawn by residence weight. */
export function pickCity(random: Random): City {
  return byName.get(random.weighted(weightTable))!;
}

/** A city in one of the given countries when there is one, else any weighted city. */
export function pickCityIn(random: Random, countries: readonly string[]): City {
  const local = cities.filter((c) => countries.includes(c.country));
  return local.length > 0 ? random.pick(local) : pickCity(random);
}

const placeIds = new Map<string, string>();

/** A stable Google-style place id (`ChIJ…`, 27 characters) for a city. */
export function placeIdOf(city: City): string {
  let id = placeIds.get(city.name);
  if (!id) {
    id = `ChIJ${new Random('place', city.name).token(23)}`;
    placeIds.set(city.name, id);
  }
  return id;
}
