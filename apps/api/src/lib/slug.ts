/** A slug from a name: lower-case letters and digits joined by hyphens (`Wire & Conduit` → `wire-conduit`); categories and plans use it. */
export function slugOfName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}
