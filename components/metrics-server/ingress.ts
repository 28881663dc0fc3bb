import * as k8s from "@pulumi/kubernetes";
import { MetricsSettings } from "../../config";
import { WEB_PORT } from "./layout";

/** networking.k8s.io/v1: extensions/v1beta1 from the spec was removed in Kubernetes 1.22. */
export function ingress(s: MetricsSettings): k8s.types.input.networking.v1.Ingress | undefined {
    if (!s.ingress) {
        return undefined;
    }
    const { host, className, tlsSecretName } = s.ingress;
    return {
        apiVersion: "networking.k8s.io/v1",
        kind: "Ingress",
        metadata: { name: s.name, namespace: s.namespace },
        spec: {
            ...(className ? { ingressClassName: className } : {}),
            ...(tlsSecretName ? { tls: [{ hosts: [host], secretName: tlsSecretName }] } : {}),
            rules: [
                {
                    host,
                    http: {
                        paths: [
                            {
                                path: "/",
                                pathType: "Prefix",
                                backend: { service: { name: s.name, port: { number: WEB_PORT.number } } },
                            },
                        ],
                    },
                },
            ],
        },
    };
}
