import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Layering: imports point one way (shared ← engine ← server; shared ← main ← preload; renderer → shared). */
const layer = (files, forbidden, message) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ group: forbidden, message }] }],
  },
});
const folder = (name) => [`**/${name}/**`, `**/${name}`];

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'native/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  layer(
    ['src/shared/**'],
    [
      ...folder('engine'),
      ...folder('server'),
      ...folder('main'),
      ...folder('preload'),
      ...folder('renderer'),
      'electron',
    ],
    'src/shared is the bottom layer: it imports nothing of the app.',
  ),
  layer(
    ['src/engine/**'],
    [
      ...folder('server'),
      ...folder('main'),
      ...folder('preload'),
      ...folder('renderer'),
      'electron',
    ],
    'The engine is pure: it imports only src/shared and its own modules.',
  ),
  layer(
    ['src/server/**'],
    [...folder('main'), ...folder('preload'), ...folder('renderer'), 'electron'],
    'The server imports only src/engine and src/shared.',
  ),
  layer(
    ['src/main/**'],
    [...folder('engine'), ...folder('server'), ...folder('preload'), ...folder('renderer')],
    'The main process talks to the engine over HTTP only; it imports src/shared and its own modules.',
  ),
  layer(
    ['src/preload/**'],
    [...folder('engine'), ...folder('server'), ...folder('main'), ...folder('renderer')],
    'The preload imports only src/shared and electron.',
  ),
  layer(
    ['src/renderer/**'],
    [
      ...folder('engine'),
      ...folder('server'),
      ...folder('main'),
      ...folder('preload'),
      'electron',
      'node:*',
    ],
    'The renderer imports only src/shared and its own modules.',
  ),
);
