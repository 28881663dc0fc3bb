import * as k8s from "@pulumi/kubernetes";
import { SearchStoreSettings } from "../../config";
import { ownServiceAccount } from "../common/own-service-account";
import { searchStoreLabels } from "./layout";

/** The store's own account, so its pods do not run as the namespace's default one. */
export function searchStoreServiceAccount(s: SearchStoreSettings): k8s.types.input.core.v1.ServiceAccount {
    return ownServiceAccount(s.name, s.namespace, searchStoreLabels(s));
}
