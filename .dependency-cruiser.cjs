// The layers, held by dependency-cruiser (npm test runs it through test/build/layers.test.ts). Data
// flows one way: openapi/ -> generated/ -> src/ -> check/ -> emulator/ -> mcp/. In src/, contract/ is the
// toolbox (the document at run time), client/ builds on it. The checker, a package of its own, reaches
// src/ through the client package's entry points; in it, contract/ (the validator) is below check/ (the
// runner). In the emulator, store/ is the bottom, core/ the transport-free stages (in folders by concern), operations/ and proxy/
// plug into the core, adapters/ translate transports, wiring/ is the composition root, and the entry
// points (index, server, cli) sit on top. The MCP server, a package of its own, reaches all three through
// their packages' entry points.
// Type-only imports count too: they vanish at run time, but an interface belongs to the layer that
// consumes it, so a lower layer never names a type of a higher one (tsPreCompilationDeps lets
// dependency-cruiser see them). An import by package name is not resolved here (a package's entry is
// its built output), so it is held by name: a package names only the packages below it, never itself.
const layer = (name, from, forbidden, comment) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from },
  to: { path: forbidden },
});
const byName = (packages) => `^cloud-platform-(${packages})(/|$)`;

module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'A cycle of run-time imports ties its modules into one: no layer can be read, tested or loaded alone.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    layer('src-not-to-emulator', '^src/', '^emulator/', 'src/ comes before the emulator, which is built on it.'),
    layer(
      'src-not-to-check',
      '^src/',
      '^check/',
      'The client package is what an app loads: it must not pull in the checker, its validator or their dependencies.',
    ),
    layer(
      'contract-not-up',
      '^src/contract/',
      '^src/client/',
      'The toolbox is the bottom of src/: the client builds on it.',
    ),
    layer(
      'check-uses-entry-points',
      '^check/src/',
      '^(src|generated)/',
      'The checker is a package of its own: it uses the client package through its entry points, as it is installed.',
    ),
    layer(
      'check-not-to-emulator',
      '^check/',
      '^(emulator|mcp)/',
      'The emulator and the MCP server are built on the checker, never the other way.',
    ),
    layer(
      'validator-not-to-runner',
      '^check/src/contract/',
      '^check/src/check/',
      'The validator is the bottom of the checker: the runner builds on it.',
    ),
    layer(
      'validator-not-to-loader',
      '^check/src/contract/',
      '^check/src/document/',
      'The validator is browser-safe: the loader, which reads files, builds on it.',
    ),
    layer(
      'error-base-imports-nothing',
      '^emulator/src/emulator-error\\.ts$',
      '^emulator/src/',
      'EmulatorError is the base of every error the emulator throws: each layer, the store included, builds on it.',
    ),
    layer(
      'store-is-the-bottom',
      '^emulator/src/store/',
      '^emulator/src/(core|operations|proxy|adapters|wiring)/',
      'The store keeps rows; it knows nothing of what is in them.',
    ),
    layer(
      'core-not-up',
      '^emulator/src/core/',
      '^emulator/src/(operations|proxy|adapters|wiring)/|^emulator/src/(index|server|cli)\\.ts$',
      'The core imports neither the areas, the proxy, the transports nor the wiring.',
    ),
    // Inside the core, by concern, each folder below the ones that use it: common/ (small helpers) at the
    // bottom, then document/ (the document's readers), state/, the controls a test drives (controls/), the
    // stages (stages/), and the lifecycle and the adapters' port on top.
    layer(
      'core-common-is-the-bottom',
      '^emulator/src/core/common/',
      '^emulator/src/core/(document|state|controls|stages)/|^emulator/src/core/(api-keys|lifecycle|adapter-port)\\.ts$',
      "The core's helpers know nothing of the document, the state, the controls or the stages.",
    ),
    layer(
      'core-document-only-reads',
      '^emulator/src/core/document/',
      '^emulator/src/core/(state|controls|stages)/|^emulator/src/core/(api-keys|lifecycle|adapter-port)\\.ts$',
      "The document's readers answer from the document alone: no state, no control, no stage.",
    ),
    layer(
      'core-state-below-controls',
      '^emulator/src/core/state/',
      '^emulator/src/core/(controls|stages)/|^emulator/src/core/(api-keys|lifecycle|adapter-port)\\.ts$',
      'The state is read by the controls and the stages, never the other way.',
    ),
    layer(
      'core-controls-below-stages',
      '^emulator/src/core/controls/',
      '^emulator/src/core/stages/|^emulator/src/core/(lifecycle|adapter-port)\\.ts$',
      'The controls (faults, overrides, journal, coverage) are parts the stages read: they run no stage.',
    ),
    layer(
      'core-stages-below-lifecycle',
      '^emulator/src/core/stages/',
      '^emulator/src/core/(lifecycle|adapter-port)\\.ts$',
      "The stages take an exchange: the lifecycle runs them over an adapter's carrier, never the other way.",
    ),
    layer(
      'operations-not-up',
      '^emulator/src/operations/',
      '^emulator/src/(proxy|adapters|wiring)/|^emulator/src/(index|server|cli)\\.ts$',
      'An area is plugged into the core by the wiring, not the other way.',
    ),
    layer(
      'proxy-not-up',
      '^emulator/src/proxy/',
      '^emulator/src/(operations|adapters|wiring)/|^emulator/src/(index|server|cli)\\.ts$',
      'The proxy is a stage of the core, wired in beside the areas.',
    ),
    layer(
      'adapters-only-translate',
      '^emulator/src/adapters/',
      '^emulator/src/(operations|proxy|wiring)/|^emulator/src/(index|server|cli)\\.ts$',
      "An adapter translates a transport to the core and back: it takes the core's port, never the entry point's Emulator.",
    ),
    layer(
      'wiring-below-entry-points',
      '^emulator/src/wiring/',
      '^emulator/src/adapters/|^emulator/src/(index|server|cli)\\.ts$',
      'The composition root is used by the entry points.',
    ),
    layer(
      'src-and-emulator-not-to-mcp',
      '^(src|check/src|emulator/src)/',
      '^mcp/',
      'The MCP server is built on the client, the checker and the emulator, never the other way.',
    ),
    layer(
      'mcp-uses-entry-points',
      '^mcp/src/',
      '^(src|check/src|check/bin|emulator/src|emulator/bin)/',
      "The MCP server uses the client and the emulator as their users do, through their packages' entry points.",
    ),
    layer(
      'src-names-no-package',
      '^src/',
      byName('api|check|emulator|mcp'),
      "The client package's modules import each other by path: by name they would reach a package above, or their own build.",
    ),
    layer(
      'check-names-only-the-client',
      '^check/src/',
      byName('check|emulator|mcp'),
      'The checker names only the client package: the emulator and the MCP server are above it, its own name is its build.',
    ),
    layer(
      'emulator-names-only-below',
      '^emulator/src/',
      byName('emulator|mcp'),
      'The emulator names the client and the checker only: its own name would reach its entry point from any layer.',
    ),
    layer(
      'mcp-not-by-own-name',
      '^mcp/src/',
      byName('mcp'),
      "The MCP server's own name is its build, not a module of it.",
    ),
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
  },
};
