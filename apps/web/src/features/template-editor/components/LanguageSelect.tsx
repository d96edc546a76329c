import { Select } from '@mantine/core';
import { languageFieldTypes, type FieldType } from '@platen/contract';
import { useEditorSelector } from '../hooks/use-editor-store.ts';
import { useEditor } from './editor-context.ts';

/**
 * The languages the panel offers: those where the face or the shapes depend on it (Han in
 * Chinese, Japanese and Korean; localized forms in Persian, Urdu, Marathi, Serbian), then other
 * scripts. A field given another tag through the API keeps it, listed as it is.
 */
const FIELD_LANGUAGES: readonly { value: string; label: string }[] = [
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

/** The choices for a tag: the known languages, and the tag as it is when it is not one of them. */
const choicesWith = (language: string | undefined) =>
  language && !FIELD_LANGUAGES.some((option) => option.value === language)
    ? [...FIELD_LANGUAGES, { value: language, label: language }]
    : FIELD_LANGUAGES;

/**
 * The template's default language (product.md#what-is-stored "Language"): for fields without one when a
 * call gives none. Part of the document, so it is undone, saved and published with the fields.
 */
export const TemplateLanguageSelect = () => {
  const { store, isEditing } = useEditor();
  const language = useEditorSelector(store, (state) => state.history.present.language);
  return (
    <Select
      label="Default text language"
      description="For fields without a language of their own, when a call sends none"
      placeholder="Decided by the text"
      data={choicesWith(language)}
      value={language ?? null}
      disabled={!isEditing}
      clearable
      size="xs"
      maxDropdownHeight={200}
      comboboxProps={{ withinPortal: true }}
      onChange={(value) => store.apply((doc) => ({ ...doc, language: value ?? undefined }))}
    />
  );
};

/** The field's language (product.md#what-is-stored "Language"), for the types that print text. */
export const LanguageSelect = (props: {
  type: FieldType | '';
  language: string | undefined;
  onChange: (language: string | undefined) => void;
}) => {
  if (!props.type || !languageFieldTypes.includes(props.type)) return null;
  const data = choicesWith(props.language);
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
