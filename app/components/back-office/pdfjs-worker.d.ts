// pdf.js ships no types for its worker bundle; importing it only defines globalThis.pdfjsWorker.
declare module "pdfjs-dist/build/pdf.worker.mjs";
