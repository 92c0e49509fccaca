import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import tseslint from 'typescript-eslint';

const serverImport = {
  // Astro's own render runtime (astro/runtime/server) is not the API's src/server.
  group: ['**/server/**', '**/src/server', '../server', '../../server', '!astro/runtime/server/**'],
  message: 'Browser code (islands, stores, lib, contract, api-client) must never import src/server.',
};

export default tseslint.config(
  { ignores: ['dist/', 'dist-*/', '.e2e/', '.e2e-*/', '.builds/', '.astro/', '.data/', 'content-cache/', 'node_modules/', 'test-results/', 'playwright-report/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', Buffer: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': ['error', { selector: 'TSEnumDeclaration', message: 'Use a union of string literals: Node runs .ts by type stripping, which has no enums.' }],
    },
  },
  {
    files: ['src/islands/**', 'src/stores/**', 'src/lib/**', 'src/contract/**', 'src/api-client/**', 'src/components/**', 'src/layouts/**', 'src/pages/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverImport] }] },
  },
);
