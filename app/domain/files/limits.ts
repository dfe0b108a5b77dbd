// How many pages and files one document may have: shared by the intake (server) and the upload
// form (browser), so the page says what the server will accept.

/** Most pages one document may have once combined: a contract or a booklet, never a book. */
export const MAX_DOCUMENT_PAGES = 30;
/** Most files one upload may carry for one document (pages photographed one by one). */
export const MAX_FILES_PER_DOCUMENT = 10;
/** What the browser aims for when it shrinks a phone photo before sending it (ADR 026). */
export const PHOTO_TARGET = { maxSizeMB: 1, maxSide: 2000, quality: 0.85 } as const;
