/** Joins CSS module class names, skipping the conditions that are off (`cx(a, isOn && b)`). */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
