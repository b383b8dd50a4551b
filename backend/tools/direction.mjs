// The direction check of the backend (issue #26), run by `npm run direction` in CI.
// dependency-cruiser reads every import of backend/src (type-only ones too) and checks the module
// rules of .dependency-cruiser.cjs (transports import no repository; common/, database/ and http/
// import no resource module). On the same graph this script checks the rule dependency-cruiser cannot
// state per import: the top-level folders import in one direction. Each import that closes a loop
// between folders is named with the loop it closes, so the fix is plain. Exit 1 on any violation.
import { cruise } from 'dependency-cruiser';
import extractDepcruiseConfig from 'dependency-cruiser/config-utl/extract-depcruise-config';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

// The tree to check (default backend/src/); test/integration/direction.test.ts points it at fixtures.
const ROOT = process.argv[2] ?? 'backend/src/';
const config = await extractDepcruiseConfig('./.dependency-cruiser.cjs');
const options = { ...config.options, includeOnly: `^${ROOT}`, validate: true, ruleSet: config };
const result = await cruise([ROOT], options, undefined, {
  tsConfig: extractTSConfig('./backend/tsconfig.json'),
});
const { modules, summary } = result.output;

const problems = summary.violations
  .filter((v) => v.rule.severity === 'error')
  .map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);

// The folder of a module: its first path segment below backend/src (files at the root are the
// application's composition root, which may import anything and is imported by nothing).
const folderOf = (path) => {
  const rest = path.slice(ROOT.length);
  return rest.includes('/') ? rest.slice(0, rest.indexOf('/')) : null;
};
/** folder → folder → the imports (from → to) that make the edge. */
const edges = new Map();
for (const module of modules) {
  if (!module.source.startsWith(ROOT) || /\.spec\.ts$/.test(module.source)) continue;
  const from = folderOf(module.source);
  if (!from) continue;
  for (const dep of module.dependencies) {
    if (!dep.resolved.startsWith(ROOT)) continue;
    const to = folderOf(dep.resolved);
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    const out = edges.get(from);
    if (!out.has(to)) out.set(to, []);
    out.get(to).push(`${module.source} → ${dep.resolved}`);
  }
}

/** The shortest folder path from `start` to `goal`, or null. */
function path(start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const at = queue.shift();
    if (at === goal) {
      const route = [];
      for (let node = goal; node !== null; node = previous.get(node)) route.unshift(node);
      return route;
    }
    for (const next of edges.get(at)?.keys() ?? []) {
      if (!previous.has(next)) {
        previous.set(next, at);
        queue.push(next);
      }
    }
  }
  return null;
}

const inLoops = new Set();
for (const [from, out] of edges) {
  for (const [to, imports] of out) {
    const back = path(to, from);
    if (!back) continue;
    inLoops.add(from);
    for (const line of imports) problems.push(`folder-cycle: ${line} (closes ${[from, ...back].join(' → ')})`);
  }
}

for (const line of problems.sort()) console.log(`  error ${line}`);
const folders = new Set([...edges.keys(), ...[...edges.values()].flatMap((out) => [...out.keys()])]);
console.log(
  `${problems.length} violation(s); ${folders.size} folders, ${inLoops.size} in loops; ` +
    `${modules.length} modules cruised`,
);
process.exit(problems.length ? 1 : 0);
