import { stringify } from "yaml";
import { BLACKBOX_MODULES, BlackboxModule } from "../../config";

/**
 * The exporter's modules (blackbox_exporter CONFIGURATION.md). Prometheus' scrape timeout caps
 * each probe; the module timeout is the upper bound. ip4 first, with the exporter's fallback to
 * ip6, as cluster Services are IPv4 unless the cluster is IPv6-only.
 */
export function blackboxModules(): Record<BlackboxModule, object> {
    const ip = { preferred_ip_protocol: "ip4", ip_protocol_fallback: true };
    const modules: Record<BlackboxModule, object> = {
        http_2xx: { prober: "http", timeout: "5s", http: { ...ip } },
        http_post_2xx: { prober: "http", timeout: "5s", http: { ...ip, method: "POST" } },
        tcp_connect: { prober: "tcp", timeout: "5s", tcp: { ...ip } },
    };
    // The schema's module list and this file must name the same modules.
    if (Object.keys(modules).join() !== BLACKBOX_MODULES.join()) {
        throw new Error("blackbox modules out of step with BLACKBOX_MODULES");
    }
    return modules;
}

export function blackboxConfigFile(): string {
    return stringify({ modules: blackboxModules() }, { lineWidth: 0 });
}
