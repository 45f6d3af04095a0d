/**
 * Issue #20's figures: on every real case (../shared/real-cases), a scripted debate whose advocates
 * write what real models write on a first run (exact quotes, quotes copied with the FILE gutter, a diff
 * marker or an ellipsis, one changed word, `path:N` in the prose alone, `path:N` ("quote") with a wrong
 * quote beside it), tagged under the old rule and the new one side by side. The old rule is computed
 * here: a quote verified only as written (whitespace folded), a prose reference was checked without
 * its quote, and a claim was verified when every reference checked out.
 * `node --import tsx --import ./bench/raw-text-hooks.mjs bench/verified-bench.ts`
 */
import { loadRealCases } from '../scripts/materialise-case.js';
import { quoteReadings } from '../src/citations/quote-readings.js';
import type { CheckedCitation } from '../src/citations/verify-citations.js';
import { planDebate } from '../src/debate/plan.js';
import { runDebate } from '../src/debate/run-debate.js';
import type { Claim, ClaimTag } from '../src/debate/debate-types.js';
import { seeded } from '../src/rehearsal/seeded.js';
import type { EvidencePack } from '../src/evidence/evidence-types.js';
import { debateScript, positionsOf, ruling } from '../test/support/debate-script.js';
import { realCasePack } from '../test/support/real-case-pack.js';
import { scriptedModels } from '../test/support/scripted-models.js';

const fold = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Shown head lines worth quoting, as `{ path, n, text }`. */
function quotable(pack: EvidencePack) {
  return [...pack.files.values()].flatMap((f) =>
    [...(f.head?.lines ?? new Map<number, string>())]
      .filter(([, t]) => fold(t).length >= 24 && /[A-Za-z]{4,}/.test(t))
      .map(([n, text]) => ({ path: f.path, n, text })),
  );
}

/** The arguments an advocate writes: one of each kind, on lines drawn with a seeded generator. */
function argumentsFor(pack: EvidencePack, seed: number) {
  const lines = quotable(pack);
  const rng = seeded(seed);
  const pick = () => lines[Math.floor(rng() * lines.length)]!;
  const cite = (l: ReturnType<typeof pick>, quote: string) => ({
    path: l.path,
    side: 'head' as const,
    line_start: l.n,
    line_end: l.n,
    quote,
  });
  const word = (t: string) => /[A-Za-z]{4,}/.exec(t)![0];
  const [a, b, c, d, e, f, g] = [pick(), pick(), pick(), pick(), pick(), pick(), pick()];
  const mid = (t: string) => `${fold(t).slice(0, 10)} ... ${fold(t).slice(-10)}`;
  return [
    { claim: 'Exact quote.', reasoning: 'r', citations: [cite(a, a.text.trim())] },
    { claim: 'Gutter slip.', reasoning: 'r', citations: [cite(b, `${b.n} | ${b.text}`)] },
    { claim: 'Diff marker slip.', reasoning: 'r', citations: [cite(c, `+ ${c.text}`)] },
    { claim: 'Ellipsis slip.', reasoning: 'r', citations: [cite(d, mid(d.text))] },
    { claim: 'One changed word.', reasoning: 'r', citations: [cite(e, e.text.replace(word(e.text), 'zqxj'))] },
    { claim: `Prose only: \`${f.path}:${f.n}\` says so.`, reasoning: 'r', citations: [] },
    {
      claim: `Mixed: \`${g.path}:${g.n}\` ("${fold(a.text).slice(0, 20).replace(/["\\]/g, '')}") says so.`,
      reasoning: 'r',
      citations: [cite(g, g.text.trim())],
    },
  ];
}

/** A check under the old rule: a quote found only as written; a prose reference checked without its quote. */
function oldStatus(c: CheckedCitation, prose: boolean, pack: EvidencePack): 'verified' | 'unverified' {
  if (prose) return c.check.status === 'unverified' && c.check.reason !== 'quote-mismatch' ? 'unverified' : 'verified';
  if (c.check.status !== 'verified') return 'unverified';
  const file = pack.files.get(c.path)!;
  const side = (c.side ?? 'head') === 'head' ? file.head! : file.base!;
  const cited = fold(
    Array.from({ length: c.line_end - c.line_start + 1 }, (_, i) => side.lines.get(c.line_start + i)).join('\n'),
  );
  return cited.includes(quoteReadings(c.quote, c.side ?? 'head')[0]?.parts[0]?.text ?? '\u0000')
    ? 'verified'
    : 'unverified';
}

function oldTag(claim: Claim, pack: EvidencePack): ClaimTag {
  const all = [
    ...claim.citations.map((c) => oldStatus(c, false, pack)),
    ...claim.references.map((r) => oldStatus(r, true, pack)),
  ];
  if (all.length === 0) return 'no-citation';
  return all.every((s) => s === 'verified') ? 'verified' : 'unverified';
}

const totals = { claims: 0, changed: 0, raised: 0, lowered: 0, slips: 0, slipsNowVerified: 0 };
for (const realCase of await loadRealCases()) {
  const { scenario, evidence } = await realCasePack(realCase.id);
  try {
    const pack = evidence.pack;
    const models = scriptedModels(
      debateScript({
        opening: (_call, { position }) => ({
          opening: {
            thesis: 't',
            arguments: argumentsFor(pack, position === 'A' ? 1 : 2),
            known_weaknesses: [],
            predicted_attacks: [],
          },
        }),
        judge: (call) => ({ ruling: ruling(positionsOf(call)) }),
      }),
    );
    const outcome = await runDebate(models, {
      pack,
      positions: ['Keep the change', 'Revert the change'],
      outOfScope: [],
      command: '/debate',
      moderatorModel: 'claude-sonnet-5-5',
      advocateModels: ['claude-sonnet-5-5'],
      judgeModel: 'claude-sonnet-5-5',
      plan: planDebate({ preset: 'quick', maxRounds: undefined, command: {} }),
      language: { language: 'auto', commandText: 'Keep the change vs Revert the change', prText: evidence.pull.title },
    });
    if (outcome.kind !== 'debate') throw new Error('expected a debate');
    const claims = outcome.transcript.openings.flatMap((t) => t.arguments);
    const row = { claims: claims.length, changed: 0, raised: 0, lowered: 0, slips: 0, slipsNowVerified: 0 };
    for (const claim of claims) {
      const before = oldTag(claim, pack);
      if (before !== claim.tag) row.changed += 1;
      if (before !== 'verified' && claim.tag === 'verified') row.raised += 1;
      if (before === 'verified' && claim.tag !== 'verified') row.lowered += 1;
      for (const c of claim.citations) {
        if (quoteReadings(c.quote, c.side ?? 'head').length > 1 && oldStatus(c, false, pack) === 'unverified') {
          row.slips += 1;
          if (c.check.status === 'verified') row.slipsNowVerified += 1;
        }
      }
    }
    console.log(
      `${realCase.id}: ${row.claims} claims, ${row.changed} changed tag (${row.raised} now verified, ${row.lowered} no longer verified); ${row.slipsNowVerified} of ${row.slips} slipped or altered quotes now verify`,
    );
    for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += row[key];
  } finally {
    await scenario.close();
  }
}
console.log(
  `all cases: ${totals.claims} claims, ${totals.changed} changed tag (${totals.raised} now verified, ${totals.lowered} no longer verified); ${totals.slipsNowVerified} of ${totals.slips} slipped or altered quotes now verify`,
);
