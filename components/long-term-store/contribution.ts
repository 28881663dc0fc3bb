import { Settings } from "../../config";
import { Contribution } from "../contribution";
import { endpointDiscovery } from "../common/scrape/endpoint-discovery";
import { ScrapeJob } from "../common/scrape/scrape-job";
import { longTermStoreObjects } from "./object-names";
import { longTermStoreServer } from "./server";
import { longTermStoreJob, vmauthJob } from "./scrape-job";
import { longTermStoreTarget } from "./target";

/** The in-cluster VictoriaMetrics, while it runs: its own /metrics and, on a central store, vmauth's; Prometheus remote-writes to it too. */
export function longTermStoreContribution(s: Settings): Contribution {
    const objects = longTermStoreObjects(longTermStoreServer(s));
    const t = longTermStoreTarget(s.longTermStore);
    if (t === undefined) {
        return { objects };
    }
    const d = endpointDiscovery(s.metrics);
    const jobs: ScrapeJob[] = [
        { config: longTermStoreJob(t, d), reaches: [{ kind: "service", namespace: t.namespace, name: t.serviceName, port: t.portName }] },
        ...(t.vmauth ? [{ config: vmauthJob(t.vmauth, d), reaches: [{ kind: "service" as const, namespace: t.vmauth.namespace, name: t.vmauth.serviceName, port: t.vmauth.portName }] }] : []),
    ];
    // components/prometheus/remote-write-config.ts writes to it after the stack's own targets.
    return { scrapeJobs: { own: jobs }, objects, remoteWriteStore: { writeUrl: t.writeUrl } };
}
