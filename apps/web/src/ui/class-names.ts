/** Joins the class names that are set: `classNames('button', busy && 'button--busy')`. */
export function classNames(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
