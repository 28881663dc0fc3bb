import { Settings } from "../../config";
import { Contribution } from "../contribution";
import { blackboxExporterObjects } from "./object-names";
import { probeJobs } from "./probe-scrape-jobs";
import { blackboxTarget } from "./target";

/** The blackbox exporter, while it runs: one job per listed probe, and the annotated-Services probe job while teams may annotate. */
export function blackboxExporterContribution(s: Settings): Contribution {
    const objects = blackboxExporterObjects(s.blackboxExporter);
    const t = blackboxTarget(s.blackboxExporter);
    return t === undefined ? { objects } : { scrapeJobs: { teams: probeJobs(s.metrics, t) }, objects };
}
