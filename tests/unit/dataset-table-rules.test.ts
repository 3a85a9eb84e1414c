import { describe, expect, it } from 'vitest'
import { csvOf } from '~/lib/csv'
import { columnTotals, parsePastedTable, rowsProblem } from '~/lib/statistics-table'

describe('CSV download (app/lib/csv.ts)', () => {
  it('writes CRLF lines, quotes as RFC 4180 says, and never a cell a spreadsheet would run', () => {
    expect(
      csvOf([
        ['Label', 'A, B', 'Say "hi"'],
        ['=HYPERLINK("http://x")', 1, 2.5],
        ['+1', '-2', '@x'],
        ['\tTab', 'line\nbreak', 'plain'],
      ]),
    ).toBe(
      [
        'Label,"A, B","Say ""hi"""',
        `"'=HYPERLINK(""http://x"")",1,2.5`,
        "'+1,'-2,'@x",
        `'\tTab,"line\nbreak",plain`,
        '',
      ].join('\r\n'),
    )
  })
})

describe('the statistics table', () => {
  it('reads pasted CSV: header of the label column and the columns, quotes, blank lines, tabs or semicolons', () => {
    expect(parsePastedTable('Umur,Laki-laki,Perempuan\r\n0-4,10,12\r\n\r\n"5-9, anak",3,4.5\r\n')).toEqual({
      table: {
        labelColumn: 'Umur',
        columns: ['Laki-laki', 'Perempuan'],
        rows: [
          { label: '0-4', values: [10, 12] },
          { label: '5-9, anak', values: [3, 4.5] },
        ],
      },
    })
    expect(parsePastedTable('Pekerjaan\tJumlah\nPetani\t12,5\nGuru\t3').table?.rows).toEqual([
      { label: 'Petani', values: [12.5] },
      { label: 'Guru', values: [3] },
    ])
    expect(parsePastedTable('Agama;Jumlah\nIslam;900').table?.columns).toEqual(['Jumlah'])
  })

  it('keeps a formula as a label (text), never as a value', () => {
    const pasted = parsePastedTable('Label,Jumlah\n=HYPERLINK("http://x"),5')
    expect(pasted.table?.rows[0]).toEqual({ label: '=HYPERLINK("http://x")', values: [5] })
    expect(parsePastedTable('Label,Jumlah\nA,=SUM(1)').errors).toEqual({
      Rows: 'Row 1 (line 2 of the CSV): value 1 must be a number ("=SUM(1)" given)',
    })
  })

  it('names the field and the 1-based row of each problem', () => {
    expect(parsePastedTable('Label,A,B\nx,1,2\ny,1').errors).toEqual({
      Rows: 'Row 2 (line 3 of the CSV) has 1 value; the first line names 2 columns',
    })
    expect(parsePastedTable('Label,A\n\n').errors).toEqual({
      Rows: 'Rows must hold at least 1 row (the CSV has only its first line)',
    })
    expect(parsePastedTable('Label,A\nx,-1').errors?.Rows).toBe(
      'Row 1 (line 2 of the CSV): value 1 must be at least 0 (-1 given)',
    )
    expect(parsePastedTable('Label,A\nx,abc').errors?.Rows).toBe(
      'Row 1 (line 2 of the CSV): value 1 must be a number ("abc" given)',
    )
    expect(parsePastedTable('L,1,2,3,4,5,6,7\nx,1,1,1,1,1,1,1').errors?.Columns).toMatch(
      /at most 6 columns \(7 given\)/,
    )
    const tooMany = ['L,A', ...Array.from({ length: 201 }, (_, i) => `r${i},1`)].join('\n')
    expect(parsePastedTable(tooMany).errors?.Rows).toMatch(
      /^Row 201 \(line 202 of the CSV\): a dataset has at most 200 rows/,
    )
    expect(
      rowsProblem(
        [
          { label: 'a', values: [1] },
          { label: 'b', values: ['2'] },
        ],
        1,
      ),
    ).toBe('Row 2: value 1 must be a number ("2" given)')
  })

  it('totals each column for the Jumlah row', () => {
    expect(
      columnTotals({
        columns: ['A', 'B'],
        rows: [
          { label: 'x', values: [1, 2.5] },
          { label: 'y', values: [3, 4] },
        ],
      }),
    ).toEqual([4, 6.5])
  })
})
