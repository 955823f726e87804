// A suite's quality report (admin): do raters agree, per dimension and
// pairing, and can the LLM judge be trusted. The JSON is the same numbers.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AgreementTables } from "@/components/analytics/agreement-tables";
import { suiteReport } from "@/lib/analytics/suite-report";
import { requirePageActor } from "@/lib/auth/page-guard";
import { AppError } from "@/lib/errors";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Quality report" };

export default async function SuiteReportPage({ params }: { params: Promise<{ suiteId: string }> }) {
  const { suiteId } = await params;
  const actor = await requirePageActor({ returnTo: `/admin/suites/${suiteId}/report`, action: "suites.manage" });
  const report = await suiteReport({ actor, suiteId }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "NOT_FOUND") notFound();
    throw error;
  });
  return (
    <>
      <p><Link href={`/admin/suites/${report.suite.id}`}>← {report.suite.name}</Link></p>
      <h1>Quality report · {report.suite.name}</h1>
      <p>{report.ratings} ratings of {report.items} items. <a href={`/api/suites/${report.suite.id}/report`} download={`report-${report.suite.key}.json`}>Download as JSON</a></p>
      <AgreementTables report={report} />
    </>
  );
}
