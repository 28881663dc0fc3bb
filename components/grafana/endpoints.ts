import { GRAFANA_KEY, Settings, wayIn, wayInUrl } from "../../config";
import { ComponentEndpoint, grafanaLogin, wayInObject } from "../auth-gateway/checklist-endpoints";

/** Grafana's way in while it runs: people log in with Grafana's own login, and single sign-on where set. */
export function grafanaEndpoints(s: Settings): ComponentEndpoint[] {
    const g = s.grafana.enabled ? wayIn(GRAFANA_KEY, s.grafana) : undefined;
    return g ? [{ object: wayInObject(g, s.grafana.namespace, s.grafana.name), endpoint: { url: wayInUrl(g), product: "Grafana", key: g.setting, auth: grafanaLogin(s.grafana) }, host: g.host }] : [];
}
