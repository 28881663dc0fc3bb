import { RuleGroup, runbook } from "../common/rules/types";
import { NODE_EXPORTER_JOB_NAME } from "./layout";

/**
 * The nodes' network, from node-exporter: interfaces that drop packets with errors or go up and
 * down, and a connection-tracking table near its limit (new connections are then dropped).
 * Thresholds and durations are node-mixin's; the expressions are written here.
 */
export function nodeNetworkGroup(): RuleGroup {
    const job = `job="${NODE_EXPORTER_JOB_NAME}"`;
    const errors = (direction: "receive" | "transmit") =>
        `rate(node_network_${direction}_errs_total{${job}}[2m]) / rate(node_network_${direction}_packets_total{${job}}[2m]) > 0.01`;
    const where = "interface {{ $labels.device }} on node {{ $labels.node }}";
    return {
        name: "node-network",
        rules: [
            {
                alert: "NodeNetworkReceiveErrs",
                expr: errors("receive"),
                for: "1h",
                labels: { severity: "warning" },
                annotations: {
                    summary: "A network interface reports receive errors.",
                    description: `More than 1 % of the packets received on ${where} have had errors for an hour.`,
                    runbook_url: runbook("node/nodenetworkreceiveerrs"),
                },
            },
            {
                alert: "NodeNetworkTransmitErrs",
                expr: errors("transmit"),
                for: "1h",
                labels: { severity: "warning" },
                annotations: {
                    summary: "A network interface reports transmit errors.",
                    description: `More than 1 % of the packets sent on ${where} have had errors for an hour.`,
                    runbook_url: runbook("node/nodenetworktransmiterrs"),
                },
            },
            {
                alert: "NodeNetworkInterfaceFlapping",
                // Pods' veth pairs come and go with the pods; the DaemonSet's own flags exclude most of them already.
                expr: `changes(node_network_up{${job},device!~"veth.+"}[2m]) > 2`,
                for: "2m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "A network interface keeps going up and down.",
                    description: `The state of ${where} has changed more than twice in two minutes, for two minutes.`,
                    runbook_url: runbook("general/nodenetworkinterfaceflapping"),
                },
            },
            {
                alert: "NodeHighNumberConntrackEntriesUsed",
                expr: `node_nf_conntrack_entries{${job}} / node_nf_conntrack_entries_limit{${job}} > 0.75`,
                labels: { severity: "warning" },
                annotations: {
                    summary: "The connection-tracking table is filling up.",
                    description: "More than 75 % of the connection-tracking table of node {{ $labels.node }} is in use; when it is full, new connections are dropped.",
                    runbook_url: runbook("node/nodehighnumberconntrackentriesused"),
                },
            },
        ],
    };
}
