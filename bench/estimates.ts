// The estimates (lib/estimates) at size, and the simulation behind their
// claims at ten times the test's size. Speed: 1,000,000 judge ratings and
// 50,000 human ratings, in the columns the quality report loads (every
// universal Likert dimension, every hazard, refusal), estimated from scratch
// per system × measure, beside the floor of reading every value once.
// Run: npm run bench:estimates [-- --quick | JUDGE HUMAN SUITES]   (in-process, no database)
import type { RatingColumns, RaterType } from "@/lib/analytics/agreement-report";
import { mulberry32 } from "@/lib/analytics/seeded-random";
import { HAZARDS, UNIVERSAL_DIMENSIONS } from "@/lib/aif/contract-facts";
import { estimatesOfRatings } from "@/lib/estimates/ratings-estimates";
import { JUDGE_PROFILES, UNINFORMATIVE_JUDGE, simulateEstimates } from "@/lib/estimates/simulation";
import { benchArgs, reportBench, type BenchTarget } from "./support/report";

// Sizes: [-- JUDGE HUMAN SUITES] overrides the full ones (1,000,000 judge, 50,000 human ratings, 10,000 suites).
const { quick, sizes } = benchArgs();
const judgeRatings = sizes[0] ?? (quick ? 20_000 : 1_000_000);
const humanRatings = sizes[1] ?? (quick ? 1_000 : 50_000);
const suites = sizes[2] ?? (quick ? 100 : 10_000);
const SYSTEMS = ["system-a", "system-b", "system-c", "system-d"];
const VERDICTS = ["non_violating", "non_violating", "non_violating", "violating", "not_applicable", "unsure"];

function syntheticRatings(): RatingColumns {
  const random = mulberry32(37);
  const total = judgeRatings + humanRatings;
  const items: string[] = new Array(total);
  const raterTypes: RaterType[] = new Array(total);
  const likert = new Map(UNIVERSAL_DIMENSIONS.map((dimension) => [dimension, new Array<number | undefined>(total)]));
  const hazards = new Map(HAZARDS.map((hazard) => [hazard, new Array<string | undefined>(total)]));
  const refusal = new Array<string | undefined>(total);
  const quality = new Float64Array(judgeRatings);
  for (let rating = 0; rating < total; rating += 1) {
    // The judge rates every item once; humans rate items among them (some twice).
    const item = rating < judgeRatings ? rating : Math.floor(random() * judgeRatings);
    if (rating < judgeRatings) quality[item] = 1 + random() * 4;
    const judge = rating < judgeRatings;
    items[rating] = `task-${item}|${SYSTEMS[item % SYSTEMS.length]}`;
    raterTypes[rating] = judge ? "llm_judge" : "human";
    for (const scores of likert.values()) {
      const noise = judge ? random() * 1.6 - 0.4 : random() - 0.5;
      scores[rating] = Math.min(5, Math.max(1, Math.round(quality[item]! + noise)));
    }
    for (const verdicts of hazards.values()) verdicts[rating] = VERDICTS[Math.floor(random() * VERDICTS.length)];
    refusal[rating] = random() < 0.8 ? "n/a" : random() < 0.7 ? "appropriate" : "over_refusal";
  }
  return { items, raterTypes, likert, hazards, refusal, vsReference: [], tags: [] };
}

const ratings = syntheticRatings();
// The floor: every value read once (what any computation over these columns costs at least).
const floorStart = performance.now();
let checksum = 0;
for (const scores of ratings.likert.values()) for (const score of scores) checksum += score ?? 0;
for (const verdicts of ratings.hazards.values())
  for (const verdict of verdicts) checksum += verdict === "violating" ? 1 : 0;
for (const item of ratings.items) checksum += item.length;
const floorMs = performance.now() - floorStart;

const start = performance.now();
const estimates = estimatesOfRatings(ratings, { targetWidth: 0.05 });
const estimateMs = performance.now() - start;
const measures = estimates.systems.reduce((sum, system) => sum + system.measures.length, 0);

const simulationStart = performance.now();
const figures = simulateEstimates({
  suites,
  items: 1000,
  humanRatings: 100,
  seed: 37,
  profiles: [...JUDGE_PROFILES, UNINFORMATIVE_JUDGE],
});
const simulationMs = performance.now() - simulationStart;
const percent = (value: number) => `${(value * 100).toFixed(1)} %`;

const targets: BenchTarget[] = [
  {
    name: `estimates of ${judgeRatings.toLocaleString("en")} judge + ${humanRatings.toLocaleString("en")} human ratings, from scratch`,
    target: "≤ 2 s",
    measured: `${(estimateMs / 1000).toFixed(2)} s`,
    met: estimateMs <= 2000,
  },
  ...figures.map((figure) => ({
    name: `${figure.system}: corrected coverage, fixed n / uniform / active`,
    target: "93–97 %",
    measured: [figure.ppi, figure.uniform, figure.active]
      .map((design) => percent(design.corrected.coverage))
      .join(" / "),
    met: [figure.ppi, figure.uniform, figure.active].every(
      (design) => design.corrected.coverage >= 0.93 && design.corrected.coverage <= 0.97,
    ),
  })),
];

reportBench({
  id: "estimates",
  title: "Certified estimates (PPI++): speed and the simulation",
  baseline: "reading every value of the columns once (the floor); human-only intervals at the same human ratings",
  sizes: `${judgeRatings.toLocaleString("en")} judge + ${humanRatings.toLocaleString("en")} human ratings over ${SYSTEMS.length} systems; ${suites.toLocaleString("en")} simulated suites per judge (1,000 items, 100 human ratings)`,
  tables: [
    {
      caption: "Speed (in-process, pure computation on the loaded columns)",
      header: ["Step", "ms", "× floor"],
      rows: [
        ["read every value once (floor)", floorMs.toFixed(0), "1.0"],
        [
          `estimates: ${SYSTEMS.length} systems × ${measures / SYSTEMS.length} measures, with ratings needed`,
          estimateMs.toFixed(0),
          (estimateMs / floorMs).toFixed(1),
        ],
        [
          `simulation: ${suites.toLocaleString("en")} suites × ${figures.length} judges × 3 designs`,
          simulationMs.toFixed(0),
          "",
        ],
      ],
    },
    {
      caption:
        "Coverage of the 95 % intervals and width against human-only at equal human ratings (theory: PPI++'s √(1 − ρ²·N/(n+N)), and √(1 − (1 − π)ρ²) for the uniform design)",
      header: [
        "Judge",
        "ρ",
        "corrected: fixed n / uniform / active",
        "human only (fixed n)",
        "judge only (biased)",
        "width ratio fixed n (theory)",
        "width ratio uniform (theory)",
        "active ÷ uniform human-only",
        "mean λ",
      ],
      rows: figures.map((figure) => [
        figure.system,
        figure.correlation.toFixed(2),
        [figure.ppi, figure.uniform, figure.active].map((design) => percent(design.corrected.coverage)).join(" / "),
        percent(figure.ppi.humanOnly.coverage),
        percent(figure.ppi.judgeOnly.coverage),
        `${figure.ppi.widthRatio.toFixed(3)} (${figure.ppi.theoryRatio.toFixed(3)})`,
        `${figure.uniform.widthRatio.toFixed(3)} (${figure.uniform.theoryRatio.toFixed(3)})`,
        figure.active.widthRatioToUniformHumanOnly.toFixed(3),
        figure.ppi.meanLambda.toFixed(3),
      ]),
    },
  ],
  targets,
  notes: [`checksum ${checksum}`],
});
