/** The package's version, for diagnostics in host pages (which build of the charts is loaded). */
export const VERSION = '0.1.0';
