import { AlertCase, AlertCases, s, text } from "./alert-case-format";

/** The node-network alerts' cases (components/node-exporter/network-alerts.ts), each at its boundary. */
const node = { job: "node-exporter", instance: "node-1", node: "node-1" };
const nic = { ...node, device: "eth0" };

/** 1000 packets a minute on eth0, `errors` of them with errors, from minute 0: the share holds from minute 1. */
const errs = (direction: "receive" | "transmit", errors: number, at: string): AlertCase => ({
    series: [s(`node_network_${direction}_packets_total{${text(nic)}}`, "0+1000x70"), s(`node_network_${direction}_errs_total{${text(nic)}}`, `0+${errors}x70`)],
    at,
    labels: nic,
});
const errorCases = (direction: "receive" | "transmit"): AlertCases => ({
    // 1.01 % and 0.99 %; true from minute 1, so the hour runs out at 61m.
    fires: errs(direction, 10.1, "61m"),
    silent: errs(direction, 9.9, "61m"),
    early: errs(direction, 10.1, "60m"),
});

/**
 * eth0's up, sampled every 20 s, down and up again every `period` samples: a 2m range holds
 * 7 samples, so 6 steps, and a change every 2 samples makes 3 changes in every range, every 3
 * samples makes 2. Full ranges from 2m on: with 3 changes the 2m `for` runs out at 4m.
 */
const flapping = (period: number, at: string): AlertCase => ({
    series: [s(`node_network_up{${text(nic)}}`, Array.from({ length: 40 }, (_, i) => (Math.floor(i / period) % 2 === 0 ? 1 : 0)).join(" "))],
    at,
    labels: nic,
    interval: "20s",
});

/** The table's entries against its limit of 1000, from minute 5 on (none before): no `for`, so it fires at once. */
const conntrack = (entries: number): AlertCase => ({
    series: [s(`node_nf_conntrack_entries{${text(node)}}`, `_x5 ${entries}+0x5`), s(`node_nf_conntrack_entries_limit{${text(node)}}`, "1000+0x10")],
    at: "5m",
    labels: node,
});

export const NODE_NETWORK_ALERT_CASES: Record<string, AlertCases> = {
    NodeNetworkReceiveErrs: errorCases("receive"),
    NodeNetworkTransmitErrs: errorCases("transmit"),
    NodeNetworkInterfaceFlapping: {
        fires: flapping(2, "4m"),
        silent: flapping(3, "4m"),
        early: flapping(2, "3m"),
        scenarios: [{ name: "a pod's veth pair coming and going", fires: false, case: { ...flapping(2, "4m"), series: flapping(2, "4m").series.map((x) => ({ ...x, series: x.series.replace('device="eth0"', 'device="veth1a2b3c"') })) } }],
    },
    // 75.1 % and 74.9 %.
    NodeHighNumberConntrackEntriesUsed: { fires: conntrack(751), silent: conntrack(749) },
};
