import * as k8s from "@pulumi/kubernetes";
import { GrafanaSettings } from "../../config";
import { dataClaimTemplate, nfsPersistentVolume } from "../storage";
import { dataClaimName } from "./layout";

/**
 * With persistence, a claim of its own (a Deployment has no claim templates), bound in either
 * storage mode exactly as the StatefulSets' claims are; in nfs mode the volume takes the claim's name.
 */
export function grafanaDataClaim(g: GrafanaSettings): k8s.types.input.core.v1.PersistentVolumeClaim | undefined {
    if (!g.persistence) {
        return undefined;
    }
    const template = dataClaimTemplate(dataClaimName(g), dataClaimName(g), g.storage);
    return { apiVersion: "v1", kind: "PersistentVolumeClaim", ...template, metadata: { name: dataClaimName(g), namespace: g.namespace } };
}

export function grafanaDataVolume(g: GrafanaSettings): k8s.types.input.core.v1.PersistentVolume | undefined {
    return g.persistence ? nfsPersistentVolume(dataClaimName(g), g.storage) : undefined;
}
