import * as k8s from "@pulumi/kubernetes";
import { GrafanaSettings, IniValue } from "../../config";
import { iniEnvName, stackSecretKeyRef } from "./layout";
import { ssoIniSection } from "./sso";

/**
 * The program's grafana.ini: what grafana.ini, grafana.sso and grafana.plugins say, in one file
 * that GF_PATHS_CONFIG points Grafana at. Undefined while none of them is set, so a stack without
 * them runs Grafana exactly as before. Grafana's environment overrides the file, so the settings
 * the program writes as GF_* variables (deployment.ts) stay its own; config/grafana-ini.ts refuses
 * them in the file anyway, with the reason. Credentials are never in it: each `<key>_secret` and
 * the SSO client secret reach Grafana as GF_<SECTION>_<KEY> from its Secret (iniSecretEnv).
 */
export type Ini = Record<string, Record<string, IniValue>>;

export function grafanaIni(g: Pick<GrafanaSettings, "ini" | "sso" | "plugins">): Ini | undefined {
    const ini: Ini = {};
    for (const [section, keys] of Object.entries(g.ini ?? {})) {
        const plain = Object.fromEntries(Object.entries(keys).filter(([k]) => !k.endsWith("_secret")));
        if (Object.keys(plain).length > 0) {
            ini[section] = plain;
        }
    }
    if (g.sso) {
        const { section, keys } = ssoIniSection(g.sso);
        ini[section] = keys;
    }
    if (g.plugins) {
        // Installed before the server starts serving; a pinned version is never auto-updated.
        ini.plugins = { ...(ini.plugins ?? {}), preinstall_sync: g.plugins.map((p) => `${p.id}@${p.version}`).join(",") };
    }
    return Object.keys(ini).length > 0 ? ini : undefined;
}

/** A value as grafana.ini reads it: text holding # or ; (a comment to the ini reader), or blank at either end, in """. */
function iniValueText(v: IniValue): string {
    const s = String(v);
    return /[#;]|^\s|\s$|^$/.test(s) ? `"""${s}"""` : s;
}

export function iniText(ini: Ini): string {
    const header = "; Written by cluster-monitoring from the stack's grafana.ini, grafana.sso and grafana.plugins (docs/escape-hatches.md#grafanaini-sections).\n";
    return (
        header +
        Object.entries(ini)
            .map(([section, keys]) => `\n[${section}]\n${Object.entries(keys).map(([k, v]) => `${k} = ${iniValueText(v)}\n`).join("")}`)
            .join("")
    );
}

/**
 * The credentials of grafana.ini and grafana.sso as GF_<SECTION>_<KEY> variables, each from the
 * key of Grafana's Secret that holds the named secret stack key (secret.ts).
 */
export function iniSecretEnv(g: Pick<GrafanaSettings, "ini" | "sso" | "name" | "existingSecrets">): k8s.types.input.core.v1.EnvVar[] {
    const refs: { section: string; key: string; stackKey: string }[] = [];
    for (const [section, keys] of Object.entries(g.ini ?? {})) {
        for (const [k, v] of Object.entries(keys)) {
            if (k.endsWith("_secret")) {
                refs.push({ section, key: k.slice(0, -"_secret".length), stackKey: String(v) });
            }
        }
    }
    if (g.sso) {
        refs.push({ section: ssoIniSection(g.sso).section, key: "client_secret", stackKey: g.sso.clientSecretKey });
    }
    return refs.map((r) => ({ name: iniEnvName(r.section, r.key), valueFrom: { secretKeyRef: { ...stackSecretKeyRef(g, r.stackKey) } } }));
}
