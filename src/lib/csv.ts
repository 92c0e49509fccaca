// CSV as spreadsheets read it (RFC 4180): fields quoted when they hold a comma, quote or line
// break, quotes doubled, CRLF between records. Text that a spreadsheet would run as a formula
// (=, +, -, @ at the start) is prefixed with an apostrophe, so a guest's name or note can never
// become a formula in the operator's spreadsheet. Pure; `parseCsv` reads it back (tests, imports).

export type CsvCell = string | number | null | undefined;

const FORMULA = /^[=+\-@\t\r]/;

function cell(v: CsvCell): string {
  if (v === null || v === undefined) return '';
  const s = typeof v === 'number' ? String(v) : FORMULA.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const toCsv = (rows: readonly (readonly CsvCell[])[]): string => rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';

/** Records of a CSV text (quoted fields, doubled quotes, CRLF or LF); throws on an unclosed quote. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (quoted) throw new Error('Unclosed quote in CSV');
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}
