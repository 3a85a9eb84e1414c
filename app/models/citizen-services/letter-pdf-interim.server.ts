import PDFDocument from 'pdfkit'

/**
 * A stand-in for the letter's PDF (`letter-pdf.server.ts` `renderLetterPdf`, built on another branch) with the same
 * interface, so the issuing flow runs and is tested until that one is merged: plain A4 text, no letterhead art.
 */
export type LetterPdfInput = {
  village: { name: string; address: string; logo: Uint8Array | null; regencyName: string | null; place: string }
  title: string
  number: string
  bodyHtml: string
  issuedAt: Date
  signer: { name: string; position: string }
  verifyUrl: string
}

const plain = (html: string) =>
  html
    .replace(/<\/(p|h\d|li|div)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')

export function renderLetterPdf(input: LetterPdfInput): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 60, info: { Title: input.title, CreationDate: input.issuedAt } })
    const chunks: Buffer[] = []
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))))
    doc.on('error', reject)
    if (input.village.regencyName)
      doc.fontSize(12).text(`PEMERINTAH KABUPATEN ${input.village.regencyName.toUpperCase()}`, { align: 'center' })
    doc.fontSize(14).text(input.village.name.toUpperCase(), { align: 'center' })
    doc.fontSize(10).text(input.village.address, { align: 'center' }).moveDown()
    doc.fontSize(13).text(input.title.toUpperCase(), { align: 'center', underline: true })
    doc.fontSize(11).text(`Nomor: ${input.number}`, { align: 'center' }).moveDown()
    doc.fontSize(11).text(plain(input.bodyHtml)).moveDown()
    doc.text(`${input.village.place}, ${input.issuedAt.toISOString().slice(0, 10)}`, { align: 'right' })
    doc.text(input.signer.position, { align: 'right' }).moveDown(3)
    doc.text(input.signer.name, { align: 'right' }).moveDown()
    doc.fontSize(8).text(input.verifyUrl)
    doc.end()
  })
}
