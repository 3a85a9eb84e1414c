// PDF.js's worker half, loaded into the test process (tests/support/letter-pdf-text.ts) or a development script:
// its exports are only handed to PDF.js as `globalThis.pdfjsWorker`.
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown
}
