import * as k8s from "@pulumi/kubernetes";
import { GrafanaSettings } from "../../config";
import { ownServiceAccount } from "../common/own-service-account";
import { grafanaLabels } from "./layout";

/** Grafana's own account, so its pods do not run as the namespace's default one. */
export function grafanaServiceAccount(g: GrafanaSettings): k8s.types.input.core.v1.ServiceAccount {
    return ownServiceAccount(g.name, g.namespace, grafanaLabels(g));
}
