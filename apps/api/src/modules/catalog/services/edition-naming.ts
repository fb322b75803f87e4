/** How editions are named and coded, by the import and by the sample data alike. */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "September 2026" for the run date 2026-09-01. */
export function monthAndYear(rundate: string): string {
  const [year, month] = rundate.split('-');
  return `${MONTHS[Number(month) - 1] ?? month} ${year}`;
}

/** The default edition name: "Electrical Price List — November 2026". */
export function editionName(categoryName: string, rundate: string): string {
  return `${categoryName} Price List — ${monthAndYear(rundate)}`;
}

/** The edition code before any -2/-3 suffix: slug and month, "ELECTRICAL-2026-11". */
export function editionCode(categorySlug: string, rundate: string): string {
  return `${categorySlug.toUpperCase()}-${rundate.slice(0, 7)}`;
}
