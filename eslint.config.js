// ESLint: typescript-eslint's recommended and strict type-checked rules on src, test, bench and scripts,
// minus the few that fight deliberate patterns of this code base (each with its reason), and
// Prettier's config last so that no rule argues about formatting.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'coverage/', 'samples/', 'bench/results/'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Template literals with numbers and nullable values are how messages and numbers are built.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowNullish: true }],
      // Non-null assertions mark reads of rows the same transaction just wrote or checked.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Defensive checks on values that come from JSON, the database or other processes are kept
      // even where the static type says they cannot fail.
      '@typescript-eslint/no-unnecessary-condition': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // TypeBox 0.34 deprecates Type.Ref(schema) for Type.Ref('$id'), but only the former carries the
      // referenced schema's static type, which the type provider gives the handlers.
      '@typescript-eslint/no-deprecated': 'off',
      // Functions that implement an async contract (service definitions, route handlers) may have
      // nothing to await.
      '@typescript-eslint/require-await': 'off',
      // Query objects and settings patches are plain records whose keys are data.
      '@typescript-eslint/no-dynamic-delete': 'off',
      // Values read from the database are typed as the schema says, but drivers hand back numeric
      // and bigint columns as strings: Number()/String() around them are deliberate.
      '@typescript-eslint/no-unnecessary-type-conversion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Tests and benches read JSON answers (`res.json()` is `any`) and assert on them field by field.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['eslint.config.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  prettier,
);
