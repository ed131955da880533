// Types only (jsx-preact.d.ts): this module exists so the entry resolves at run time too.
export {};
