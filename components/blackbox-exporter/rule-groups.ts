import { rulesWhileOn } from "../contribution";
import { probesGroup } from "./alerts";

/** The probe alerts, while the exporter runs, so probe_* series exist (docs/monitor-your-app.md#probes). */
export const blackboxExporterRules = rulesWhileOn((s) => s.blackboxExporter.enabled, () => [probesGroup()]);
