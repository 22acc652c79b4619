/**
 * `npm run bench -- [suite …]`: runs the named benchmark suites (all when none is named) and prints
 * `BENCH name=value unit` lines.
 */
import { runCreditBench } from './creditBench.ts';
import { runDemoStartBench } from './demoStartBench.ts';
import { runHistoryBench } from './historyBench.ts';
import { runListDocBench } from './listDocBench.ts';
import { runMediaBench } from './mediaBench.ts';
import { runOfficeBench } from './officeBench.ts';
import { runSearchBench, runSearchKeystrokeBench } from './searchBench.ts';
import { runServerBench } from './serverBench.ts';
import { runShortlistBench } from './shortlistBench.ts';
import { runSyncBench } from './syncBench.ts';
import { runUiBench } from './uiBench.ts';

const suites: Record<string, () => Promise<void>> = {
  server: runServerBench,
  sync: runSyncBench,
  ui: runUiBench,
  shortlists: runShortlistBench,
  'shortlist-docs': runListDocBench,
  search: runSearchBench,
  'search-keystrokes': async () => runSearchKeystrokeBench(),
  credits: runCreditBench,
  history: runHistoryBench,
  media: runMediaBench,
  'demo-start': runDemoStartBench,
  office: runOfficeBench,
};

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in suites));
if (unknown.length > 0) {
  process.stderr.write(`Unknown benchmark suite ${unknown.join(', ')}; known: ${Object.keys(suites).join(', ')}\n`);
  process.exit(2);
}
for (const name of asked.length > 0 ? asked : Object.keys(suites)) {
  process.stdout.write(`# ${name}\n`);
  await suites[name]();
}
