/**
 * Keyboard way between a selected field and its panel: Enter on the field puts the caret in the
 * panel's Label (instead of some 25 Tab presses through the page), Escape in the panel gives the
 * focus back to the field's box, where arrows nudge it again.
 */
const LABEL_INPUT = '[data-panel-label-input]';
const SELECTED_BOX = '[data-testid="field-box"][data-selected="true"]';

/** Focuses the Label input of the field panel shown; false when none is (the phone's drawer). */
export const focusPanelLabel = (): boolean => {
  const input = document.querySelector<HTMLInputElement>(LABEL_INPUT);
  if (!input || input.offsetParent === null) return false;
  input.focus();
  input.select();
  return true;
};

/** Focuses the selected field's box without scrolling the page; false when no box is selected. */
export const focusSelectedBox = (): boolean => {
  const box = document.querySelector<HTMLElement>(SELECTED_BOX);
  if (!box) return false;
  box.focus({ preventScroll: true });
  return true;
};

/** The attribute that marks the panel's Label input for focusPanelLabel. */
export const panelLabelInputProps = { 'data-panel-label-input': true } as const;
