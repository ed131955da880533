/**
 * region_stats: one row per region of Germany (16 states) and the USA (50 states and DC), keyed by ISO
 * 3166-2 code (the shape a country map draws), with the region's population in round thousands as of about 2020 (as_of; for illustration, not an
 * official statistic). Fixed rows, so identical everywhere.
 */

/** [ISO 3166-2 code, name, population in thousands]. */
const GERMANY: [string, string, number][] = [
  ['DE-BW', 'Baden-Württemberg', 11100], ['DE-BY', 'Bayern', 13140], ['DE-BE', 'Berlin', 3660], ['DE-BB', 'Brandenburg', 2530],
  ['DE-HB', 'Bremen', 680], ['DE-HH', 'Hamburg', 1850], ['DE-HE', 'Hessen', 6290], ['DE-MV', 'Mecklenburg-Vorpommern', 1610],
  ['DE-NI', 'Niedersachsen', 8000], ['DE-NW', 'Nordrhein-Westfalen', 17930], ['DE-RP', 'Rheinland-Pfalz', 4100], ['DE-SL', 'Saarland', 980],
  ['DE-SN', 'Sachsen', 4060], ['DE-ST', 'Sachsen-Anhalt', 2180], ['DE-SH', 'Schleswig-Holstein', 2910], ['DE-TH', 'Thüringen', 2110],
];

const USA: [string, string, number][] = [
  ['US-AL', 'Alabama', 5020], ['US-AK', 'Alaska', 730], ['US-AZ', 'Arizona', 7150], ['US-AR', 'Arkansas', 3010], ['US-CA', 'California', 39540],
  ['US-CO', 'Colorado', 5770], ['US-CT', 'Connecticut', 3610], ['US-DE', 'Delaware', 990], ['US-DC', 'District of Columbia', 690], ['US-FL', 'Florida', 21540],
  ['US-GA', 'Georgia', 10710], ['US-HI', 'Hawaii', 1460], ['US-ID', 'Idaho', 1840], ['US-IL', 'Illinois', 12810], ['US-IN', 'Indiana', 6790],
  ['US-IA', 'Iowa', 3190], ['US-KS', 'Kansas', 2940], ['US-KY', 'Kentucky', 4510], ['US-LA', 'Louisiana', 4660], ['US-ME', 'Maine', 1360],
  ['US-MD', 'Maryland', 6180], ['US-MA', 'Massachusetts', 7030], ['US-MI', 'Michigan', 10080], ['US-MN', 'Minnesota', 5710], ['US-MS', 'Mississippi', 2960],
  ['US-MO', 'Missouri', 6150], ['US-MT', 'Montana', 1080], ['US-NE', 'Nebraska', 1960], ['US-NV', 'Nevada', 3100], ['US-NH', 'New Hampshire', 1380],
  ['US-NJ', 'New Jersey', 9290], ['US-NM', 'New Mexico', 2120], ['US-NY', 'New York', 20200], ['US-NC', 'North Carolina', 10440], ['US-ND', 'North Dakota', 780],
  ['US-OH', 'Ohio', 11800], ['US-OK', 'Oklahoma', 3960], ['US-OR', 'Oregon', 4240], ['US-PA', 'Pennsylvania', 13000], ['US-RI', 'Rhode Island', 1100],
  ['US-SC', 'South Carolina', 5120], ['US-SD', 'South Dakota', 890], ['US-TN', 'Tennessee', 6910], ['US-TX', 'Texas', 29150], ['US-UT', 'Utah', 3270],
  ['US-VT', 'Vermont', 640], ['US-VA', 'Virginia', 8630], ['US-WA', 'Washington', 7710], ['US-WV', 'West Virginia', 1790], ['US-WI', 'Wisconsin', 5890],
  ['US-WY', 'Wyoming', 580],
];

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The CREATE statement of region_stats. */
export function regionStatsSql(): string {
  const rows = [...GERMANY.map((r) => ['germany', ...r] as const), ...USA.map((r) => ['usa', ...r] as const)];
  return `
CREATE OR REPLACE TABLE region_stats AS
SELECT country, region_code, region_name, CAST(population_thousands AS INTEGER) * 1000 AS population, DATE '2020-01-01' AS as_of
FROM (VALUES ${rows.map(([country, code, name, pop]) => `(${quote(country)}, ${quote(code)}, ${quote(name)}, ${pop})`).join(',\n')}) AS t(country, region_code, region_name, population_thousands)
ORDER BY country, region_code`;
}
