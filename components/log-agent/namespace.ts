import * as k8s from "@pulumi/kubernetes";
import { LogsSettings, SearchStoreSettings } from "../../config";
import { claimFor, mostPrivileged } from "../../validate/pod-security-claims";
import { podSecurityNamespace } from "../common/pod-security-namespace";

/**
 * The log agent's own namespace, when a stack moves it out of kube-system. It enforces the level
 * of everything the program runs there: fluentd reads node logs through hostPath volumes, so
 * that is privileged, whatever the search store beside it needs.
 */
export function logAgentNamespace(s: LogsSettings, store?: SearchStoreSettings): k8s.types.input.core.v1.Namespace {
    const levels = [claimFor("fluentd", { searchStoreMmap: false }).level];
    if (store?.enabled) {
        levels.push(claimFor("elasticsearch", { searchStoreMmap: store.mmap }).level);
    }
    return podSecurityNamespace(s.namespace, mostPrivileged(levels));
}
