import {
    fullKey,
    imageTag,
    logAgentLineOf,
    LogsSettings,
    OPENSEARCH_AGENT_USER,
    SEARCH_STORE_FLAVOURS,
    SEARCH_STORE_KEY,
    SearchStoreKind,
    searchStoreHosts,
    Settings,
} from "../../config";
import { Problems } from "../../config/problems";
import { SEARCH_STORE_PORT } from "./layout";
import { LaterProblem, reading } from "../common/later-problem";
import { LOG_AGENT_RELEASES } from "../../log-agent-releases/release-lines";

/** The line key of the log agent: the image when its tag names the line, else the release that states it. */
function lineKey(logs: LogsSettings): { key: string; value: unknown } {
    const line = logAgentLineOf(logs);
    const key = logs.release !== undefined && !line.recognises(logs.image) ? "release" : "image";
    return { key: `${fullKey("logs")}.${key}`, value: key === "image" ? logs.image : logs.release };
}

/** The lines whose output can write to a store of this kind, for messages. */
function linesFor(kind: SearchStoreKind): string {
    return LOG_AGENT_RELEASES.filter((r) => r.stores[kind].speaks)
        .map((r) => `line ${r.line}, ${r.image}`)
        .join("; ");
}

/** When the store is on, the log agent must ship to it: its search settings must match the Service, and its line must speak to the store's kind. */
export function agentShipsToStoreProblems(settings: Settings): LaterProblem[] {
    const s = settings.searchStore;
    const logs = settings.logs;
    const problems = new Problems();
    if (!s.enabled) {
        return [];
    }
    const search = `${fullKey("logs")}.search`;
    const flavour = SEARCH_STORE_FLAVOURS[s.kind];
    const because = `because ${fullKey(SEARCH_STORE_KEY)}.enabled is true and the in-cluster ${flavour.product} store`;
    if (!searchStoreHosts(s).includes(logs.search.host)) {
        problems.add(`${search}.host`, logs.search.host, `one of ${searchStoreHosts(s).join(", ")}, ${because} is reached there`);
    }
    if (logs.search.port !== SEARCH_STORE_PORT) {
        problems.add(`${search}.port`, logs.search.port, `${SEARCH_STORE_PORT}, ${because} listens there`);
    }
    const scheme = s.kind === "opensearch" ? "https" : "http";
    if (logs.search.scheme !== scheme) {
        problems.add(`${search}.scheme`, logs.search.scheme, scheme === "http" ? `http, ${because} serves no TLS` : `https, ${because} serves only HTTPS`);
    }
    if (logs.search.user !== undefined) {
        problems.add(
            `${search}.user`,
            logs.search.user,
            s.kind === "opensearch"
                ? `no user, ${because} has its own user for the agent, ${OPENSEARCH_AGENT_USER}, whose password the program generates and gives the agent itself`
                : `no user, ${because} has no authentication`,
        );
    }
    if (s.kind === "opensearch" && !logs.search.sslVerify) {
        problems.add(`${search}.sslVerify`, false, `true, ${because} presents a certificate that the agent verifies against the ca.crt of ${fullKey(SEARCH_STORE_KEY)}.tls.secretName`);
    }
    const line = logAgentLineOf(logs);
    const fit = line.stores[s.kind];
    if (!fit.speaks) {
        const { key, value } = lineKey(logs);
        problems.add(
            key,
            value,
            `a log agent line that can speak to the in-cluster ${flavour.product} ${imageTag(s.image) ?? ""} (${linesFor(s.kind)}), ` +
                `${because} cannot be written by line ${line.line}: ${fit.why}; ` +
                `or ship to a store outside the cluster that the line speaks to (docs/log-store.md#which-line-speaks-to-which-store)`,
        );
    }
    const store = fullKey(SEARCH_STORE_KEY);
    return reading([`${store}.enabled`, `${store}.kind`, `${store}.name`, `${store}.tls`], problems.all());
}
