/**
 * Labels for imported form fields. A label is also the field's key in the generation payload,
 * so it must be short, unique and mean something to the person who writes that payload. Full
 * field names (`topmostSubform[0].Page1[0].SSN[0].f1_11[0]`) are none of these.
 */

/** A tooltip longer than this is an instruction, not a name. */
export const MAX_TOOLTIP_LABEL = 40;
/** The contract's limit for a label. */
const MAX_LABEL = 100;

/** Names a form designer did not choose: `f1_11`, `c1_1`, `p1-t4`, `Text7`. */
const GENERATED = /^(?:[a-z]{1,2}\d+(?:[_-][a-z]?\d+)*|(?:text|check ?box|field)\s*\d+)$/i;
/** Containers form tools wrap around every field; they say nothing about one. */
const CONTAINER = /^(?:topmostSubform|form\d*|page\d+|#?subform\d*|root)$/i;

/** The parts of a full name without their `[n]` indices, outermost first. */
const nameParts = (fullName: string): string[] =>
  fullName
    .split('.')
    .map((part) => part.replace(/\[\d+\]/g, '').trim())
    .filter((part) => part.length > 0);

/**
 * A field's readable name: its tooltip (/TU) when that is short and on one line; else its own
 * partial name without hierarchy and indices, preceded by its parent's when its own is a
 * generated code and the parent is not a mere container (`SSN f1_11`).
 *
 * @example
 * readableName('topmostSubform[0].Page1[0].SSN[0].f1_11[0]') // 'SSN f1_11'
 * readableName('form1[0].Name[0]', 'Your name')            // 'Your name'
 */
export const readableName = (fullName: string, tooltip?: string): string => {
  const tip = tooltip?.replace(/\s+/g, ' ').trim();
  if (tip && tip.length <= MAX_TOOLTIP_LABEL && !/[\r\n]/.test(tooltip ?? '')) return tip;
  const parts = nameParts(fullName);
  const own = parts.at(-1) ?? 'Field';
  const parent = parts.at(-2);
  const name = GENERATED.test(own) && parent && !CONTAINER.test(parent) ? `${parent} ${own}` : own;
  return name.slice(0, MAX_LABEL);
};

/**
 * Hands out unique labels: a repeat gets the next free number (`Name`, `Name 2`, `Name 3`).
 *
 * @example
 * const unique = uniqueLabels();
 * unique('Name'); unique('Name'); // 'Name', 'Name 2'
 */
export const uniqueLabels = () => {
  const used = new Set<string>();
  return (wanted: string): string => {
    let label = wanted;
    for (let n = 2; used.has(label); n++) {
      const suffix = ` ${n}`;
      label = `${wanted.slice(0, MAX_LABEL - suffix.length)}${suffix}`;
    }
    used.add(label);
    return label;
  };
};
