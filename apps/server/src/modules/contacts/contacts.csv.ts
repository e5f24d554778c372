/** The contacts export: contatos.csv, ';'-separated, columns name;number;email (business-areas §9). */

export const CSV_SEPARATOR = ";";
export const CSV_HEADER = ["name", "number", "email"] as const;

/**
 * One cell. A cell a spreadsheet would run as a formula (= + - @, or a leading
 * tab or carriage return) gets a leading single quote, so opening the file
 * never executes a contact's name; cells with the separator, quotes or line
 * breaks are quoted.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(CSV_SEPARATOR)}\r\n`;
}
