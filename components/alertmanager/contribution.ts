import { Settings } from "../../config";
import { Contribution } from "../contribution";
import { endpointDiscovery } from "../common/scrape/endpoint-discovery";
import { alertmanagerGatewayModel } from "./gateway";
import { alertmanagerObjects } from "./object-names";
import { alertmanagerTarget } from "./target";
import { alertmanagerServer } from "./replicas";
import { alertmanagerWebJobs } from "./web-scrape-jobs";

/** Alertmanager, while it runs: its web job beside Prometheus' own (the self-monitoring job scrapes it otherwise), its objects and gateway. */
export function alertmanagerContribution(s: Settings): Contribution {
    const a = alertmanagerServer(s);
    const t = alertmanagerTarget(a);
    if (t === undefined) {
        return {};
    }
    const gateway = alertmanagerGatewayModel(s);
    return {
        scrapeJobs: { self: alertmanagerWebJobs(s.metrics, t, endpointDiscovery(s.metrics)) },
        objects: alertmanagerObjects(a),
        alertmanager: t,
        namespaceWorkloads: [{ namespace: t.namespace, name: `StatefulSet ${t.namespace}/${t.serviceName}`, workload: "alertmanager" }],
        gateways: gateway ? [gateway] : [],
    };
}
