// The import rules of docs/architecture.md ("Layers and what each may import") and
// ADR 0015, checked by `npm run lint:deps` (part of `npm run lint`, so of `npm test`).
// A rule here is a sentence of that table; keep the two in step.

/** Folders of browser code: none of them may reach the API's code. */
const BROWSER = '^src/(contract|lib|api-client|stores|islands|components|layouts|pages|directives)/';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import circle: modules that need each other cannot be read, tested or loaded on their own. ' +
        'Move the shared type or function to the module both sides are about (docs/architecture.md).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contract-imports-zod-and-lib-only',
      severity: 'error',
      comment: 'src/contract is the wire: it may import zod and src/lib, nothing of the browser or the server.',
      from: { path: '^src/contract/' },
      to: { path: '^src/', pathNot: '^src/(contract|lib)/' },
    },
    {
      name: 'lib-is-pure',
      severity: 'error',
      comment: 'src/lib is pure logic for both sides: it may import src/contract and itself, nothing with I/O.',
      from: { path: '^src/lib/' },
      to: { path: '^src/', pathNot: '^src/(contract|lib)/' },
    },
    {
      name: 'lib-and-contract-no-io',
      severity: 'error',
      comment: 'src/lib and src/contract do no I/O: no Node built-ins, no database, no HTTP framework.',
      from: { path: '^src/(contract|lib)/' },
      to: {
        dependencyTypes: ['core'],
      },
    },
    {
      name: 'api-client-imports-contract-lib-ui-store',
      severity: 'error',
      comment: 'src/api-client may import contract, lib and src/stores/ui.ts (the 429 flag) only.',
      from: { path: '^src/api-client/' },
      to: { path: '^src/', pathNot: ['^src/(contract|lib|api-client)/', '^src/stores/ui\\.ts$'] },
    },
    {
      name: 'stores-import-api-client-contract-lib',
      severity: 'error',
      comment: 'src/stores may import the api-client, contract and lib (and other stores), nothing of the UI or the server.',
      from: { path: '^src/stores/' },
      to: { path: '^src/', pathNot: '^src/(stores|api-client|contract|lib)/' },
    },
    {
      name: 'islands-import-browser-layers',
      severity: 'error',
      comment: 'src/islands may import stores, api-client, contract, lib, the client directives and other islands; never the server or Astro components.',
      from: { path: '^src/islands/' },
      to: { path: '^src/', pathNot: '^src/(islands|stores|api-client|contract|lib|directives)/' },
    },
    {
      name: 'browser-never-imports-server',
      severity: 'error',
      comment: 'Browser code (contract, lib, api-client, stores, islands, components, layouts, pages) never imports src/server.',
      from: { path: BROWSER },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-never-imports-browser',
      severity: 'error',
      comment: 'src/server may import contract, lib and its own modules; never api-client, stores, islands or Astro code.',
      from: { path: '^src/server/' },
      to: { path: '^src/(api-client|stores|islands|components|layouts|pages|directives)/' },
    },
    {
      name: 'services-never-import-middleware',
      severity: 'error',
      comment:
        'Services, providers and db hold rules and adapters without HTTP: they never import the middleware or the app. ' +
        'Shared helpers (random ids, secret comparison) live in services/secrets.ts.',
      from: { path: '^src/server/(services|providers|db)/' },
      to: { path: '^src/server/(middleware|app|main)\\.ts$' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that does not resolve to a file: a typo or a missing package.',
      from: { path: '^(src|scripts)/' },
      to: { couldNotResolve: true, pathNot: ['^astro:', '^virtual:', '^@astrojs/', '^~'] },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    exclude: { path: ['^node_modules/', '^dist', '^\\.e2e', '^\\.astro/', '^content-cache/', '^\\.data/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    cache: false,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
