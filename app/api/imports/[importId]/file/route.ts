// PUT /api/imports/:id/file[?policy=stage|store_valid|all_or_nothing]: the
// file's bytes as the request body (JSONL), read as a stream. Answers when the
// file is read (and, if no line was refused, committed) with the import's summary.
import { withActor } from "@/lib/http/api-handler";
import { uploadedFile } from "@/lib/http/request-body";
import { snakeKeys } from "@/lib/http/snake-case";
import { commitPolicyParam } from "@/lib/imports/commit-policy";
import { readImportFile } from "@/lib/imports/service";

export async function PUT(request: Request, context: { params: Promise<{ importId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor, origin }) => {
    const policy = commitPolicyParam(new URL(request.url).searchParams, "items", "stage");
    const file = uploadedFile(request);
    const summary = await readImportFile({ actor, origin, importId: (await context.params).importId, file, policy });
    return Response.json(snakeKeys(summary));
  });
}
