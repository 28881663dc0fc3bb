import { Settings } from "../../config";
import { Contribution } from "../contribution";
import { endpointDiscovery } from "../common/scrape/endpoint-discovery";
import { pushgatewayFlows, pushgatewayWorkload } from "./network";
import { pushgatewayObjects } from "./object-names";
import { pushgatewayJob } from "./scrape-job";
import { pushgatewaySettings } from "./settings";

/**
 * The Pushgateway, while it runs: its job among the program's own components, its objects, its
 * workload and the pushers' flow for the NetworkPolicies. Off, nothing:
 * no job, no object, no rule file, no policy (docs/pushgateway.md).
 */
export function pushgatewayContribution(s: Settings): Contribution {
    const p = pushgatewaySettings(s);
    if (!p.enabled) {
        return {};
    }
    return {
        scrapeJobs: { own: [pushgatewayJob(p, s.metrics, endpointDiscovery(s.metrics))] },
        objects: pushgatewayObjects(p),
        workloads: [pushgatewayWorkload(p)],
        flows: pushgatewayFlows(p),
    };
}
