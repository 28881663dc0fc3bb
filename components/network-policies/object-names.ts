import { Settings } from "../../config";
import { monitoringWorkloads } from "./workloads";
import { NamedObject } from "../common/named-object";

/** One NetworkPolicy per workload, named after it; none when networkPolicies.enabled is false. */
export function networkPolicyObjects(s: Settings): NamedObject[] {
    if (!s.networkPolicies.enabled) {
        return [];
    }
    return monitoringWorkloads(s).map((w) => ({ kind: "NetworkPolicy", namespace: w.namespace, name: w.name, key: w.nameKey }));
}
