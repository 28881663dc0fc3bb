import * as k8s from "@pulumi/kubernetes";
import { LongTermStoreSettings } from "../../config";
import { ownServiceAccount } from "../common/own-service-account";
import { longTermStoreLabels } from "./layout";

/** The store's own account, so its pods do not run as the namespace's default one. */
export function longTermStoreServiceAccount(s: LongTermStoreSettings): k8s.types.input.core.v1.ServiceAccount {
    return ownServiceAccount(s.name, s.namespace, longTermStoreLabels(s));
}
