// The direction of the backend (issue #26): `npm run direction` (backend/tools/direction.mjs) fails CI
// naming each import that breaks a rule; it also checks that the top-level folders form no loop.
// Where a rule names a path, `src/` is the tree checked (backend/src, or the fixtures of its test). A folder imports only folders below it; transports call service verbs, never
// repositories; the low kits (common/, database/, http/) know no resource module.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'transport-imports-repository',
      comment:
        'A transport (RPC handler, MCP tool, route, controller, page, endpoint) calls service verbs and never a repository: ask the service for what the page or answer needs.',
      severity: 'error',
      from: { path: '\\.(rpc|tools|routes|controller|page|endpoint)\\.ts$' },
      to: { path: '\\.repository\\.ts$' },
    },
    {
      name: 'repository-of-another-module',
      comment:
        'A table has one owner module: only its own folder imports its repository. Another module reads through the port (*.port.ts) or the service the owner exports.',
      severity: 'error',
      from: { path: '(^|/)src/([^/]+)/' },
      to: { path: '\\.repository\\.ts$', pathNot: '(^|/)src/$2/' },
    },
    {
      name: 'kit-imports-resource',
      comment:
        'common/, database/ and http/ are kits every module uses: they import no resource module (only each other, config/ and logging/).',
      severity: 'error',
      from: { path: '(^|/)src/(common|database|http)/' },
      to: { path: '(^|/)src/', pathNot: '(^|/)src/(common|database|http|config|logging)/' },
    },
  ],
  options: {
    includeOnly: '^backend/src/',
    exclude: { path: '(\\.spec\\.ts$|/dist/|/gen/)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'backend/tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
  },
};
