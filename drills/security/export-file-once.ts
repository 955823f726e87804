// Access case of issue 33: an export's file is fetched once, so neither a HEAD
// nor a navigation from another site (which carries the admin's session
// cookie) may use that one download up.
import { drillCase, type DrillCase } from "../support/drill";
import { api, startExport, type DrillApp } from "./support/drill-app";

export async function exportFileOnce(app: DrillApp): Promise<DrillCase> {
  const file = await startExport(app);
  const exportId = file.split("/").at(-2) ?? "";
  const status = async () =>
    (await app.sql.query<{ status: string }>("SELECT status FROM record_export WHERE id = $1", [exportId])).rows[0]
      ?.status;
  const head = await api(app, file, { method: "HEAD", cookie: app.admin.cookie });
  const headBody = (await head.arrayBuffer()).byteLength;
  const afterHead = await status();
  const crossSite = await api(app, file, {
    cookie: app.admin.cookie,
    headers: { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" },
  });
  await crossSite.arrayBuffer();
  const afterCrossSite = await status();
  const download = await api(app, file, {
    cookie: app.admin.cookie,
    headers: { "sec-fetch-site": "same-origin", "sec-fetch-mode": "navigate" },
  });
  const bytes = (await download.arrayBuffer()).byteLength;
  const again = await api(app, file, { method: "HEAD", cookie: app.admin.cookie });
  await again.arrayBuffer();
  const ok =
    head.status === 200 &&
    headBody === 0 &&
    afterHead === "prepared" &&
    crossSite.status === 403 &&
    afterCrossSite === "prepared" &&
    download.status === 200 &&
    bytes > 0 &&
    again.status === 409;
  return drillCase({
    name: "an export's one download: HEAD and a cross-site navigation do not use it up",
    tried: 2,
    refused: Number(crossSite.status === 403),
    lost: 0,
    duplicated: 0,
    ok,
    detail: `HEAD → ${head.status} (${headBody} bytes, ${head.headers.get("content-disposition") ? "attachment headers" : "no attachment headers"}), export still ${afterHead}; Sec-Fetch-Site: cross-site → ${crossSite.status}, still ${afterCrossSite}; the owner's download → ${download.status} (${bytes} bytes); HEAD afterwards → ${again.status}`,
  });
}
