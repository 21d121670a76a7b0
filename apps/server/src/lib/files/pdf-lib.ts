import { lazyImport } from '../lazy-import.ts';

/** pdf-lib, loaded at the first PDF made or read (about 25 MB and 0.5 s of a start most requests never need). */
export const loadPdfLib = lazyImport(() => import('pdf-lib'));
