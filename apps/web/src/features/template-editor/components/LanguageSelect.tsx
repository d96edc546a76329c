import { Select } from '@mantine/core';
import { languageFieldTypes, type FieldType } from '@platen/contract';

/**
 * The languages the panel offers: those where the face or the shapes depend on it (Han in
 * Chinese, Japanese and Korean; localized forms in Persian, Urdu, Marathi, Serbian), then other
 * scripts. A field given another tag through the API keeps it, listed as it is.
 */
export const FIELD_LANGUAGES: readonly { value: string; label: string }[] = [
  { value: 'zh-Hans', label: 'Chinese (Simplified)' },
  { value: 'zh-Hant', label: 'Chinese (Traditional)' },
  { value: 'ja', label: 'Japanese' },
  { value: 'ko', label: 'Korean' },
  { value: 'ar', label: 'Arabic' },
  { value: 'fa', label: 'Persian' },
  { value: 'ur', label: 'Urdu' },
  { value: 'he', label: 'Hebrew' },
  { value: 'hi', label: 'Hindi' },
  { value: 'mr', label: 'Marathi' },
  { value: 'bn', label: 'Bengali' },
  { value: 'ta', label: 'Tamil' },
  { value: 'th', label: 'Thai' },
  { value: 'ru', label: 'Russian' },
  { value: 'sr', label: 'Serbian' },
  { value: 'en', label: 'English' },
];

/** The field's language (product.md §3 "Language"), for the types that print text. */
export const LanguageSelect = (props: {
  type: FieldType | '';
  language: string | undefined;
  onChange: (language: string | undefined) => void;
}) => {
  if (!props.type || !languageFieldTypes.includes(props.type)) return null;
  const known = FIELD_LANGUAGES.some((option) => option.value === props.language);
  const data =
    props.language && !known
      ? [...FIELD_LANGUAGES, { value: props.language, label: props.language }]
      : FIELD_LANGUAGES;
  return (
    <Select
      label="Text language"
      description="Picks the font where scripts share characters (Chinese, Japanese, Korean)"
      placeholder="Decided by the text"
      data={data}
      value={props.language ?? null}
      clearable
      maxDropdownHeight={200}
      comboboxProps={{ withinPortal: true }}
      onChange={(value) => props.onChange(value ?? undefined)}
    />
  );
};
