import { LONG_TERM_STORE_PORT_NAME, Settings } from "../../config";
import { Contribution } from "../contribution";
import { endpointDiscovery } from "../common/scrape/endpoint-discovery";
import { ScrapeJob } from "../common/scrape/scrape-job";
import { longTermStoreObjects } from "./object-names";
import { longTermStoreJob, vmauthJob } from "./scrape-job";
import { isCentral, VMAUTH, vmauthName } from "./vmauth";

/** The in-cluster VictoriaMetrics, while it runs: its own /metrics and, on a central store, vmauth's. */
export function longTermStoreContribution(s: Settings): Contribution {
    const t = s.longTermStore;
    const objects = longTermStoreObjects(t);
    if (!t.enabled) {
        return { objects };
    }
    const d = endpointDiscovery(s.metrics);
    const store = { namespace: t.namespace, serviceName: t.name, portName: LONG_TERM_STORE_PORT_NAME };
    const vmauth = { namespace: t.namespace, serviceName: vmauthName(t), portName: VMAUTH.port.name };
    const jobs: ScrapeJob[] = [
        { config: longTermStoreJob(store, d), reaches: [{ kind: "service", namespace: store.namespace, name: store.serviceName, port: store.portName }] },
        ...(isCentral(t) ? [{ config: vmauthJob(vmauth, d), reaches: [{ kind: "service" as const, namespace: vmauth.namespace, name: vmauth.serviceName, port: vmauth.portName }] }] : []),
    ];
    return { scrapeJobs: { own: jobs }, objects };
}
