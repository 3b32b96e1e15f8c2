/**
 * The catalogue's keys as a type: every key the server sends in an error item and every key the SPA
 * names (a field's error, a toast, a text it looks up) is one of the English catalogue's, so a key
 * missing from the catalogue is a type error on either side (`npm run typecheck`). The five
 * catalogues hold the same keys (features/translations/translations.test.ts), so English stands for
 * all. A type-only import: nothing of the catalogue reaches the browser's bundle through here.
 */
import type en from '../locales/en.json';

/** A key of the catalogues. */
export type CatalogueKey = keyof typeof en;

/** A key an error item carries (`{ error, field? }`): a catalogue key, whose sentence the SPA shows. */
export type ErrorKey = CatalogueKey;
