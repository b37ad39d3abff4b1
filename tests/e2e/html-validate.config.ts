import { defineConfig } from 'html-validate';

/**
 * What html-validate checks in the built site (html-validate.spec.ts, ADR 075): its `recommended` preset, less the
 * rules that judge only how React writes markup, not what the markup means. Each rule left out names its reason.
 */
export const htmlValidateConfig = defineConfig({
  extends: ['html-validate:recommended'],
  rules: {
    // React writes React's attribute names (`charSet`, `srcSet`, `dateTime`); HTML reads attribute names in any case.
    'attr-case': 'off',
    // React closes void elements as `<meta/>`; HTML ignores the slash.
    'void-style': 'off',
    // React writes a true boolean attribute as `hidden=""`, which HTML reads as the bare `hidden`.
    'attribute-boolean-style': 'off',
    // Per-element values (gatsby-plugin-image's aspect ratio and placeholder colour, staged reveal delays) belong on
    // the element; the stylesheet holds every rule, and ADR 028 allows style attributes.
    'no-inline-style': 'off',
    // React's generated ids (`:R1al:`) are valid HTML ids; only the preset's stricter letters-first style is kept off.
    'valid-id': ['error', { relaxed: true }],
    // The search field's suggestions are a WAI-ARIA combobox's listbox popup, which a native <select> cannot be;
    // every other role still has to be its native element.
    'prefer-native-element': ['error', { exclude: ['listbox'] }],
    // A group of checkboxes shares its name as radio buttons do: HTML sends it as one field with several values
    // (the membership form's interests).
    'form-dup-name': ['error', { shared: ['radio', 'checkbox', 'button', 'reset', 'submit'] }],
  },
});
