import { useRef, useState, type FormEvent } from 'react';
import { hideToast, showError } from '../../../components/feedback/toast.ts';
import type { FormProblem } from '../../../lib/validation.ts';
import { useFieldFocus } from './use-field-focus.ts';

type CheckedSubmitOptions<F extends string, V> = {
  values: V;
  validate: (values: V) => FormProblem<F> | undefined;
  /** Every field at fault, each marked with its message under its input (the sign-up form). */
  validateAll?: (values: V) => FormProblem<F>[];
  /** While true (a request is on its way, a code is missing), submitting does nothing. */
  isBlocked: boolean;
  send: (values: V) => void;
};

/**
 * The submit of the account forms (product.md#validation): the first failed check shows its toast, turns its
 * field red and takes the keyboard focus (with `validateAll`, every field at fault shows its
 * message under its input at once), and nothing is sent; otherwise the values go out, and
 * the toast of the last failed check closes: it no longer applies, and would follow the user to
 * the next screen (a reset goes on to the dashboard).
 */
export const useCheckedSubmit = <F extends string, V>(options: CheckedSubmitOptions<F, V>) => {
  const [invalid, setInvalid] = useState<F | undefined>();
  const [messages, setMessages] = useState<Partial<Record<F, string>>>({});
  /** A field typed in again loses its message until the next submit. */
  const clearMessage = (field: F) =>
    setMessages((old) => (field in old ? { ...old, [field]: undefined } : old));
  const { refs, focus } = useFieldFocus<F>();
  const problemToast = useRef<string | undefined>(undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (options.isBlocked) return;
    const problem = options.validate(options.values);
    setInvalid(problem?.field);
    const all = options.validateAll?.(options.values) ?? [];
    setMessages(
      Object.fromEntries(all.map((p) => [p.field, p.message])) as Partial<Record<F, string>>,
    );
    if (problemToast.current) hideToast(problemToast.current);
    problemToast.current = problem ? showError(problem.title, problem.message) : undefined;
    if (problem) {
      focus(problem.field);
      return;
    }
    options.send(options.values);
  };
  return { submit, invalid, messages, clearMessage, refs };
};
