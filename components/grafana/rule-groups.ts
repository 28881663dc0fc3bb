import { rulesWhileOn } from "../contribution";
import { grafanaGroup } from "./alerts";
import { grafanaRequestsGroup } from "./request-rules";

/** Grafana's alerts and records, while it runs and is scraped as job grafana (scrape-job.ts). */
export const grafanaRules = rulesWhileOn((s) => s.grafana.enabled, () => [grafanaGroup(), grafanaRequestsGroup()]);
