import { createRef, useRef, type RefObject } from 'react';

/** One ref per field, so a failed check can put the keyboard focus on the field at fault. */
export const useFieldFocus = <F extends string>() => {
  const refs = useRef(
    new Proxy({} as Record<F, RefObject<HTMLInputElement | null>>, {
      get: (target, key: string) => {
        const record = target as Record<string, RefObject<HTMLInputElement | null>>;
        record[key] ??= createRef<HTMLInputElement>();
        return record[key];
      },
    }),
  ).current;
  const focus = (field: F) => refs[field].current?.focus();
  return { refs, focus };
};
