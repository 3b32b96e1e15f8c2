/**
 * The layers of Kirish, stated once: `npm run lint` runs dependency-cruiser with this file over every
 * source folder, and docs/architecture.md draws the same order from it. Each rule's name and comment
 * are printed with every violation, so the message says which rule broke and why it exists.
 *
 * Read it as: a file imports its own layer and the layers below it, never one above, and never a
 * sibling feature. The orders are the two lists below (top first); the rules after them are the
 * edges between the sides (browser, widget, demo, contract), the one wrapper per library, and cycles.
 * Paths are regular expressions on paths relative to the repository; imports are resolved (dynamic
 * `import()` and `import type` included), so depth and spelling of a relative path do not matter.
 */

/** Test code: held to the same layers, but may also import the test helpers and the fixtures below. */
const TEST = '(\\.test\\.tsx?$|/test-support/|^src/lib/testing/|^server/src/storage/contract/)';

/** The server's layers, top first. A layer imports itself and the layers after it, nothing before. */
const SERVER_LAYERS = [
  { name: 'main', path: '^server/src/main\\.ts$', what: 'main.ts' },
  // The stand-in identity provider (docs/social-sign-in.md): only main.ts starts it, nothing else of the
  // server reaches it but over HTTP; its own rule, server-standin-imports-only-lib, is stricter.
  { name: 'standin', path: '^server/src/standin/', what: 'standin/', ruledApart: true },
  { name: 'bootstrap', path: '^server/src/bootstrap\\.ts$', what: 'bootstrap.ts' },
  { name: 'app', path: '^server/src/app\\.ts$', what: 'app.ts' },
  // Siblings: the features, the site and the demo data sit side by side, none imports another. The
  // site's tests may mount the feature that takes its CSP reports, to follow a report end to end.
  { name: 'features', path: '^server/src/features/([^/]+)/', sibling: true, what: 'a feature', many: 'the features' },
  {
    name: 'site',
    path: '^server/src/site/',
    sibling: true,
    testsMayAlso: { path: '^server/src/features/', what: 'a feature, to mount the route that takes its CSP reports' },
    what: 'site/',
  },
  { name: 'demo-data', path: '^server/src/demo-data\\.ts$', sibling: true, what: 'demo-data.ts' },
  { name: 'app-env', path: '^server/src/app-env\\.ts$', what: 'app-env.ts' },
  { name: 'middleware', path: '^server/src/middleware/', what: 'middleware/' },
  { name: 'services', path: '^server/src/services/', what: 'services/' },
  { name: 'senders', path: '^server/src/senders/', what: 'senders/' },
  { name: 'storage', path: '^server/src/storage/', what: 'storage/' },
  { name: 'config', path: '^server/src/config/', what: 'config/' },
  { name: 'lib', path: '^server/src/lib/', what: 'lib/' },
  // Its own rule, contract-imports-only-itself, is stricter (no packages either).
  { name: 'contract', path: '^server/src/contract/', what: 'contract/', ruledApart: true },
];

/** The SPA's layers, top first; below them all, the contract and the widget's message protocol. */
const SPA_LAYERS = [
  { name: 'entries', path: '^src/(main|prerender)\\.tsx$', what: 'main.tsx and prerender.tsx' },
  { name: 'app', path: '^src/app/', what: 'app/' },
  { name: 'features', path: '^src/features/([^/]+)/', sibling: true, what: 'a feature', many: 'the features' },
  { name: 'components', path: '^src/components/', what: 'components/' },
  { name: 'lib', path: '^src/lib/', what: 'lib/' },
  { name: 'config', path: '^src/config/', what: 'config/' },
];

/**
 * For each layer, the rule that it imports nothing above it: every path of its side that is not its own
 * layer or a lower one is refused. A feature's own folder is its layer (`$1`), its siblings are not.
 * Folders of the side in no layer (the server's locales/ and test-support/, the SPA's styles) have rules
 * of their own below, so they are left out here.
 */
function layerRules(side, root, layers, outside) {
  return layers.flatMap((layer, index) => {
    if (layer.ruledApart) return [];
    const own = layer.sibling ? layer.path.replace('([^/]+)', '$1') : layer.path;
    const below = layers.slice(index + 1).filter((lower) => !(lower.sibling && layer.sibling));
    const names = (list) => list.map((other) => other.many ?? other.what).join(', ');
    const lower = below.filter((other) => !other.ruledApart);
    const allowed = [own, ...below.map((lower) => lower.path.replace('([^/]+)', '[^/]+')), ...outside];
    const rule = {
      name: `${side}-${layer.name}-imports-only-below`,
      severity: 'error',
      comment:
        `Layers (docs/architecture.md): ${side === 'server' ? 'on the server' : 'in the SPA'}, ${layer.what} imports only ` +
        `${layer.sibling ? 'its own folder' : 'itself'} and the layers below it (${names(lower)}${lower.length ? ', ' : ''}the contract)` +
        `${index > 0 ? `, never ${names(layers.slice(0, index))}` : ''}${layer.sibling ? ' nor a sibling' : ''}. ` +
        'Imports point down: what two places share moves into a lower layer, so a change in one area cannot break another.',
      from: { path: layer.path },
      to: { path: root, pathNot: allowed },
    };
    if (!layer.testsMayAlso) return [rule];
    return [
      { ...rule, from: { path: layer.path, pathNot: TEST } },
      {
        ...rule,
        name: `${rule.name}-in-tests`,
        comment: `${rule.comment} Its tests may also import ${layer.testsMayAlso.what}.`,
        from: { path: `${layer.path}.*${TEST}` },
        to: { path: root, pathNot: [...allowed, layer.testsMayAlso.path] },
      },
    ];
  });
}

/** Each third-party library enters through one file (or folder) that wraps it; tests may use it directly. */
const WRAPPERS = [
  { package: 'redaxios', wrapper: 'src/lib/http.ts' },
  { package: 'rosetta', wrapper: 'src/lib/i18n.ts' },
  { package: 'qr', wrapper: 'src/lib/qr-code.ts' },
  { package: '@sentry/browser', wrapper: 'src/lib/error-reporting-client.ts' },
  { package: 'valibot', wrapper: 'server/src/lib/validation.ts', also: 'server/src/lib/keyed-valibot.ts' },
  { package: 'jose', wrapper: 'server/src/lib/jwt.ts' },
  { package: 'sharp', wrapper: 'server/src/lib/images.ts' },
  { package: '@node-rs/argon2', wrapper: 'server/src/lib/passwords.ts' },
  { package: '@zxcvbn-ts', wrapper: 'server/src/lib/password-policy.ts' },
  { package: 'nodemailer', wrapper: 'server/src/senders/smtp-sender.ts' },
  { package: 'pg', wrapper: 'server/src/storage/postgres.ts', also: 'server/src/storage/postgres-signals.ts' },
  { package: 'better-sqlite3', wrapper: 'server/src/storage/sqlite.ts' },
  { package: 'kysely', wrapper: 'server/src/storage/' },
  { package: '@simplewebauthn/server', wrapper: 'server/src/lib/webauthn.ts' },
  { package: '@simplewebauthn/browser', wrapper: 'src/lib/webauthn.ts' },
  { package: 'otpauth', wrapper: 'server/src/lib/totp.ts' },
  { package: 'oauth4webapi', wrapper: 'demo/redirect-sign-in.ts' },
];
const exactly = (path) => `^${path.replaceAll('.', '\\.')}${path.endsWith('/') ? '' : '$'}`;

module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment:
        'No import cycle at file level, type imports included (docs/architecture.md): a cycle makes the load order decide what is undefined, and ties two files into one unit that cannot be tested or moved apart.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'resolvable',
      severity: 'error',
      comment:
        'Every import resolves to a file or an installed package: an import the checker cannot follow is one no layer rule can see (fix the path, or the resolution options in .dependency-cruiser.cjs).',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'browser-imports-only-the-contract',
      severity: 'error',
      comment:
        'Nothing in the browser (src, widget, demo) imports the server but server/src/contract, pure types and values that import nothing outside their folder, so no server code or package enters a bundle (docs/decisions.md, One contract).',
      from: { path: '^(src|widget|demo)/', pathNot: TEST },
      to: { path: '^server/', pathNot: '^server/src/contract/' },
    },
    {
      name: 'browser-tests-import-only-contract-and-catalogues',
      severity: 'error',
      comment:
        "The browser's tests import nothing of the server but the contract and the translation catalogues, whose real texts they assert (docs/decisions.md, One contract).",
      from: { path: ['^(src|widget)/.*\\.test\\.tsx?$', '^(src|widget)/.*test-support/', '^src/lib/testing/'] },
      to: { path: '^server/', pathNot: ['^server/src/contract/', '^server/src/locales/[^/]+\\.json$'] },
    },
    {
      name: 'contract-imports-only-itself',
      severity: 'error',
      comment:
        'The contract imports nothing outside its folder, packages and node: modules included: the browser reads it, so it stays free of server code and dependencies (docs/decisions.md, One contract). Its tests may add vitest.',
      from: { path: '^server/src/contract/', pathNot: '^server/src/contract/error-keys\\.ts$' },
      to: { pathNot: ['^server/src/contract/', '(^|/)node_modules/vitest/'] },
    },
    {
      name: 'contract-error-keys-only-the-catalogue',
      severity: 'error',
      comment:
        'The contract imports nothing outside its folder; error-keys.ts alone takes the English catalogue, as a type (its keys are the type of every error key on both sides, erased from every bundle: docs/decisions.md, One rule, one place).',
      from: { path: '^server/src/contract/error-keys\\.ts$' },
      to: { pathNot: ['^server/src/contract/', '^server/src/locales/en\\.json$'] },
    },
    {
      name: 'widget-imports-nothing-of-the-spa',
      severity: 'error',
      comment:
        "Layers (docs/architecture.md): the widget runs on partners' pages and is built alone, so it imports nothing of the SPA (src/); the SPA may take the widget's protocol, not the other way.",
      from: { path: '^widget/' },
      to: { path: '^src/' },
    },
    {
      name: 'spa-imports-only-the-widget-protocol',
      severity: 'error',
      comment:
        "Layers (docs/architecture.md): of the widget, the SPA imports only widget/protocol.ts, the messages the two exchange; the widget's code is the partner's, built and versioned apart.",
      from: { path: '^src/' },
      to: { path: '^widget/', pathNot: '^widget/protocol\\.ts$' },
    },
    {
      name: 'demo-imports-nothing-of-the-spa',
      severity: 'error',
      comment:
        'The demo is a partner site: it uses Kirish as a partner would, through the widget and standard OIDC, and imports nothing of the SPA (docs/architecture.md).',
      from: { path: '^demo/' },
      to: { path: '^src/' },
    },
    {
      name: 'server-standin-imports-only-lib',
      severity: 'error',
      comment:
        "The stand-in (server/src/standin/) plays Google, Apple and the rest: it takes only lib/'s helpers, never Kirish's features, services, storage or configuration, so it cannot share a shortcut with the code it stands in front of and Kirish meets it over HTTP only, as the real hosts (docs/social-sign-in.md). Its tests may take test-support/ and the demo data.",
      from: { path: '^server/src/standin/' },
      to: { path: '^server/src/', pathNot: ['^server/src/(standin|lib|test-support)/', '^server/src/demo-data\\.ts$'] },
    },
    // The catalogues, the test helpers and the demo data are imported under rules of their own, below.
    ...layerRules('server', '^server/src/', SERVER_LAYERS, [
      '^server/src/locales/',
      '^server/src/test-support/',
      '^server/src/demo-data\\.ts$',
    ]),
    {
      name: 'server-demo-data-only-in-main-and-tests',
      severity: 'error',
      comment:
        'demo-data.ts creates an account whose password is published: only main.ts (when config.seedDemoAccount says so) and tests, which take its clients as their fixture, import it; a route that reached it could seed production.',
      from: { path: '^server/', pathNot: ['^server/src/main\\.ts$', TEST] },
      to: { path: '^server/src/demo-data\\.ts$' },
    },
    {
      name: 'server-test-support-only-in-tests',
      severity: 'error',
      comment:
        'server/src/test-support/ holds helpers of the tests and is left out of the build (server/tsconfig.build.json): only test code imports it, or the built server would miss a file.',
      from: { path: '^server/', pathNot: TEST },
      to: { path: '^server/src/test-support/' },
    },
    {
      name: 'server-locales-read-by-translations',
      severity: 'error',
      comment:
        'The catalogues are data the translations service (services/translations.ts) loads once and serves; the rest of the server asks that service, so a text is looked up one way (docs/architecture.md).',
      // contract/error-keys.ts takes the English catalogue as a type only: its keys are every error key's type.
      from: {
        path: '^server/src/',
        pathNot: [TEST, '^server/src/services/translations\\.ts$', '^server/src/contract/error-keys\\.ts$'],
      },
      to: { path: '^server/src/locales/' },
    },
    ...layerRules('spa', '^src/', SPA_LAYERS, ['^src/(styles|icons)[/.]']),
    ...WRAPPERS.map(({ package: name, wrapper, also }) => ({
      name: `one-wrapper-${name.replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`,
      severity: 'error',
      comment:
        `One wrapper per third-party library (docs/architecture.md): only ${wrapper}${also ? ` (and ${also})` : ''} imports ${name}; ` +
        'the rest of the application imports the wrapper, so replacing or upgrading the library touches one place. Tests, scripts and their helpers may use it directly.',
      from: {
        path: '^(src|widget|demo|server/src)/',
        pathNot: [exactly(wrapper), ...(also ? [exactly(also)] : []), TEST],
      },
      to: { path: `(^|/)node_modules/(@types/)?${name}/` },
    })),
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    // The builds; a package's own dist/ folder is not excluded, or its imports would vanish from the graph.
    exclude: { path: '^(server/)?dist/' },
    // Type imports are edges too: a type-only cycle or layer break is still one.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
