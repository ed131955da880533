export { decodeRison, encodeRison, RisonError } from './parse';
export type { RisonValue } from './parse';
