import * as k8s from "@pulumi/kubernetes";
import { AlertmanagerSettings } from "../../config";
import { ownServiceAccount } from "../common/own-service-account";
import { alertmanagerLabels } from "./layout";

/** Alertmanager's own account, so its pods do not run as the namespace's default one. */
export function alertmanagerServiceAccount(a: AlertmanagerSettings): k8s.types.input.core.v1.ServiceAccount {
    return ownServiceAccount(a.name, a.namespace, alertmanagerLabels(a));
}
