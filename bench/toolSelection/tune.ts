/**
 * `npx tsx bench/toolSelection/tune.ts [--misses]`: the tuning parts of both blind sets (their
 * misses with `--misses`), for working on the ranker, and the second set's check half, figures
 * only, to see that a change holds beyond the requests it was made for. The first set's held-out
 * part is measured by `npm run bench` and never printed here.
 */
import { blindRecall, nothingOffered, type Miss } from './measure';
import {
  blindRequests,
  blindTools,
  noToolRequests,
  secondBlindSet,
  withPackageNames,
} from './blindSet';
import { evaluationRequests, evaluationTools, recallAtK } from './evaluationSet';
import { buildBm25Index } from '../../electron/core/chat/offer/ranking/bm25';
import { round } from '../figures';

const tools = blindTools();
const split = blindRequests();
const { tuning } = split;
const packageNamed = withPackageNames(tools, split);
const second = secondBlindSet();
const misses: Miss[] = [];
const secondMisses: Miss[] = [];
const figures = {
  all_at_8: blindRecall(tuning, tools, 8, 'all', (miss) => misses.push(miss)),
  user_at_8: blindRecall(tuning, tools, 8, 'user'),
  all_at_20: blindRecall(tuning, tools, 20, 'all'),
  package_names_at_8: blindRecall(packageNamed.tuning, packageNamed.tools, 8, 'all'),
  ...firstSetFigures(),
  nothing_offered: nothingOffered(noToolRequests(), tools, 8),
  second_tuning_at_8: blindRecall(second.tuning, tools, 8, 'all', (miss) =>
    secondMisses.push(miss),
  ),
  second_tuning_at_20: blindRecall(second.tuning, tools, 20, 'all'),
  second_check_at_8: blindRecall(second.check, tools, 8, 'all'),
  second_check_user_at_8: blindRecall(second.check, tools, 8, 'user'),
  second_check_at_20: blindRecall(second.check, tools, 20, 'all'),
};
for (const [name, value] of Object.entries(figures))
  process.stdout.write(`${name.padEnd(12)} ${round(value)}\n`);
process.stdout.write(
  `tuning requests: ${tuning.length}, second set: ${second.tuning.length} tuning, ${second.check.length} check; tools: ${tools.length}\n`,
);
if (process.argv.includes('--misses')) {
  for (const { request, offered } of [...misses, ...secondMisses]) {
    process.stdout.write(
      `\n${request.previous ? `[${request.previous}] ` : ''}${request.text}\n  want ${request.expected.join(' | ')}\n  got  ${offered.join(', ')}\n`,
    );
  }
}

/** The first evaluation set (tuned on freely before the blind set existed): a guard, not a goal. */
function firstSetFigures() {
  const firstTools = evaluationTools();
  const index = buildBm25Index(firstTools);
  const { development, fresh } = evaluationRequests();
  const recall = (requests: typeof fresh) =>
    recallAtK(requests, firstTools, (text) => index.score(text), 8);
  return { first_dev_at_8: recall(development), first_fresh_at_8: recall(fresh) };
}
