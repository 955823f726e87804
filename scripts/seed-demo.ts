// `npm run db:seed`: a few demo records (through the same service the API
// uses), so a first visit has something to look at. Skips when records exist.
import { agentDraft, chatDraft, judgeDraft } from "@/lib/aif/sample-drafts";
import { db } from "@/lib/db";
import { submitRecord } from "@/lib/records/service";

export async function seedDemoRecords(): Promise<number> {
  if ((await db().evalRecord.count()) > 0) return 0;
  const judge = await submitRecord({ draft: judgeDraft() });
  await submitRecord({ draft: chatDraft() });
  await submitRecord({ draft: agentDraft() });
  await submitRecord({
    draft: judgeDraft({
      rater: { type: "hybrid", id: "demo-sme-1" },
      derived_from: judge.evalId,
      universal: { ...judgeDraft().universal, faithfulness: { score: 2, confidence: "high", rationale: "The carry-over claim is false; policy 4.3 caps it at 5 days." } },
    }),
  });
  return 4;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const created = await seedDemoRecords();
  console.log(created > 0 ? `seeded ${created} demo records` : "records exist; demo data not loaded");
  await db().$disconnect();
}
