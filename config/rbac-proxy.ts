import { imageAtLeast, OLDEST_IMAGES } from "./oldest-images";
import { z } from "zod";
import { closedObject, text } from "./fields";
import { ResourceSettings, resourcesSchema } from "./resources";

/**
 * kube-rbac-proxy, which kube-prometheus puts in front of node-exporter and kube-state-metrics
 * (docs/security.md#authenticated-exporters). Its flags are checked against the documented flags
 * of this release (components/rbac-proxy), so a stack that moves the image moves that check too.
 */
export const RBAC_PROXY_DEFAULTS = {
    image: "quay.io/brancz/kube-rbac-proxy:v0.21.1",
    /** kube-prometheus' requests and limits for the proxy: it forwards one scrape at a time. */
    resources: { cpuRequest: "10m", memoryRequest: "20Mi", cpuLimit: "20m", memoryLimit: "40Mi" } as ResourceSettings,
};

/** `rbacProxy` of nodeExporter and kubeStateMetrics: the proxy sidecar's image and resources. */
export const rbacProxySchema = closedObject({
    image: text(imageAtLeast(OLDEST_IMAGES.rbacProxy)).default(RBAC_PROXY_DEFAULTS.image).meta({ description: "the kube-rbac-proxy image" }),
    resources: resourcesSchema(RBAC_PROXY_DEFAULTS.resources).meta({ description: "the proxy container's CPU and memory" }),
}).prefault({});

export type RbacProxyImageSettings = z.output<typeof rbacProxySchema>;
