import { z } from "zod";
import { credentialInPlainText, credentialNeighbours } from "./credentials";
import { credentialUrlMessage, httpOverNetwork } from "./credential-urls";
import { closedObject, flag, text } from "./fields";
import { SECRET_VALUE } from "./problems";
import { secretKeyName } from "./remote-write";

/**
 * `grafana.dataSources` (docs/grafana.md#extra-data-sources): data sources beside the program's
 * own, in Grafana's provisioning shape (the fields of a `datasources:` entry of a provisioning
 * file, "Provision Grafana" in Grafana's documentation). Each secure field is a secret stack key
 * (`secureJsonData.<field>_secret`), which reaches Grafana from its Secret as an environment
 * variable the provisioning file names; the plain field is refused, since the file is a ConfigMap.
 * Whether a uid or name is the program's own is checked where both are known (components/grafana/data-source-checks.ts).
 */

const SECRET_SUFFIX = "_secret";

function uid(value: string): string | undefined {
    return /^[a-z0-9]([a-z0-9-]{0,38}[a-z0-9])?$/.test(value) ? undefined : "a uid of lower-case letters, digits and -, up to 40 characters, such as loki";
}

function pluginType(value: string): string | undefined {
    return /^[a-z0-9]+(-[a-z0-9]+)*$/.test(value) ? undefined : "a data-source plugin id, such as loki, tempo, prometheus, grafana-postgresql-datasource";
}

/** A URL as data sources take it: http(s)://host[:port][/path], or host:port for the SQL ones. */
function dataSourceUrl(value: string): string | undefined {
    const ok = /^https?:\/\/[^\s/?#@]+(\/[^\s?#]*)?$/.test(value) || /^[A-Za-z0-9.-]+:[0-9]{1,5}$/.test(value);
    if (!ok) {
        return "http(s)://host[:port][/path] without user info, or host:port (SQL data sources)";
    }
    // Class 7: a port Grafana could never reach.
    const port = /^(?:https?:\/\/)?(?:\[[^\]]*\]|[^/:]+):([0-9]+)(?:\/|$)/.exec(value)?.[1];
    return port !== undefined && (Number(port) < 1 || Number(port) > 65535) ? "a URL whose port is from 1 to 65535" : undefined;
}


const refused = (why: string) =>
    z
        .unknown()
        .superRefine((v, ctx) => {
            if (v !== undefined) ctx.addIssue({ code: "custom", input: SECRET_VALUE, message: why });
        })
        .optional()
        .meta({ description: `refused: ${why}` });

export const extraDataSourceSchema = closedObject({
    name: text(undefined, "Loki").meta({ description: "the name Grafana shows (not one of the program's)" }),
    uid: text(uid, "loki").meta({ description: "its uid, which dashboards name (not one of the program's)" }),
    type: text(pluginType, "loki").meta({ description: "the data-source plugin; one not built in needs grafana.plugins" }),
    url: text(dataSourceUrl, "http://loki.logging.svc:3100").meta({ description: "where Grafana reaches it; the NetworkPolicy lets Grafana reach that host and port" }),
    access: z
        .literal("proxy", { error: "proxy: Grafana's server makes the requests (direct would need every browser to reach the URL)" })
        .optional()
        .meta({ description: "proxy, Grafana's default and the only one offered: its server makes the requests" }),
    user: text().optional().meta({ description: "the user, for SQL data sources" }),
    database: text().optional().meta({ description: "the database, for SQL data sources" }),
    basicAuth: flag().optional().meta({ description: "send basicAuthUser and secureJsonData.basicAuthPassword_secret" }),
    basicAuthUser: text().optional().meta({ description: "the basic-auth user" }),
    withCredentials: flag().optional().meta({ description: "send cookies and credentials along (Grafana's withCredentials)" }),
    isDefault: z
        .literal(false, { error: "false or nothing: the program's Prometheus (or its long-term store) is the default, and Grafana refuses two" })
        .optional()
        .meta({ description: "false: the program's own Prometheus (or long-term store) stays the default" }),
    editable: flag().optional().meta({ description: "let admins edit it in the UI (changes are lost at the next start)" }),
    jsonData: z
        .record(z.string(), z.unknown(), { error: "a map of the plugin's settings" })
        .superRefine((m, ctx) => {
            for (const key of Object.keys(m)) {
                // A jsonData key that holds a credential belongs in secureJsonData, which Grafana encrypts (the one name-based check, config/credentials.ts).
                const why = typeof m[key] === "string" ? credentialInPlainText(key, m[key] as string) : undefined;
                if (why !== undefined) {
                    ctx.addIssue({
                        code: "custom",
                        path: [key],
                        input: SECRET_VALUE,
                        message: `nothing here: ${key} looks like a credential (${why}), and jsonData is written into the provisioning ConfigMap; a credential goes into secureJsonData as ${key}${SECRET_SUFFIX}; ${credentialNeighbours()}`,
                    });
                }
            }
        })
        .optional()
        .meta({ description: "the plugin's settings, as its provisioning documentation lists them; no credential" }),
    secureJsonData: z
        .record(z.string(), z.unknown(), { error: "a map of <field>_secret to secret stack keys" })
        .superRefine((m, ctx) => {
            if (Object.keys(m).length === 0) {
                ctx.addIssue({ code: "custom", input: m, message: "at least one field, or leave secureJsonData out" });
            }
            for (const [key, value] of Object.entries(m)) {
                if (!key.endsWith(SECRET_SUFFIX) || !/^[A-Za-z][A-Za-z0-9]*_secret$/.test(key)) {
                    ctx.addIssue({
                        code: "custom",
                        path: [key],
                        input: SECRET_VALUE,
                        message: `${key.replace(/_secret$/, "")}${SECRET_SUFFIX} naming a secret stack key: a secure field in plain text would sit in the provisioning ConfigMap`,
                    });
                    continue;
                }
                const why = typeof value === "string" ? secretKeyName(value) : "the name of a secret stack key";
                if (why !== undefined) {
                    ctx.addIssue({ code: "custom", path: [key], input: value, message: why });
                }
            }
        })
        .optional()
        .meta({ description: "secure fields as <field>_secret: <secret stack key>, such as basicAuthPassword_secret: lokiPassword" }),
    password: refused("secureJsonData.password_secret naming a secret stack key: the plain field is a credential in a ConfigMap"),
    basicAuthPassword: refused("secureJsonData.basicAuthPassword_secret naming a secret stack key: the plain field is a credential in a ConfigMap"),
}).superRefine((d, ctx) => {
    if (d.basicAuthUser !== undefined && d.basicAuth !== true) {
        ctx.addIssue({ code: "custom", path: ["basicAuth"], input: d.basicAuth, message: "true: basicAuthUser is sent only with basicAuth" });
    }
    // Issue #41, class 5: Grafana's server sends the password, token or cookies to the URL.
    const carries = d.basicAuth === true || d.secureJsonData !== undefined || d.withCredentials === true;
    if (carries && httpOverNetwork(d.url)) {
        ctx.addIssue({ code: "custom", path: ["url"], input: d.url, message: credentialUrlMessage("Grafana sends this data source's credential (basicAuth, secureJsonData or withCredentials) there") });
    }
    if (d.basicAuth === true && d.secureJsonData?.basicAuthPassword_secret === undefined) {
        ctx.addIssue({ code: "custom", path: ["secureJsonData", "basicAuthPassword_secret"], input: undefined, message: "a secret stack key holding the basic-auth password (basicAuth is true)" });
    }
});

export const grafanaDataSourcesSchema = z
    .array(extraDataSourceSchema, { error: "a list of data sources in Grafana's provisioning shape" })
    .superRefine((list, ctx) => {
        if (list.length === 0) {
            ctx.addIssue({ code: "custom", input: list, message: "at least one data source, or leave dataSources out" });
        }
        for (const field of ["uid", "name"] as const) {
            list.forEach((d, i) => {
                if (list.findIndex((e) => e[field] === d[field]) !== i) {
                    ctx.addIssue({ code: "custom", path: [i, field], input: d[field], message: `a ${field} no other data source of the list has` });
                }
            });
        }
    })
    .optional();

export type ExtraDataSourceSettings = z.output<typeof extraDataSourceSchema>;

/** The secret stack keys the raw dataSources name, with where. */
export function dataSourceSecretReferences(dataSources: unknown): { path: string; index: number; field: string; stackKey: string }[] {
    if (!Array.isArray(dataSources)) {
        return [];
    }
    return dataSources.flatMap((d, index) => {
        const secure = (d as { secureJsonData?: unknown })?.secureJsonData;
        if (typeof secure !== "object" || secure === null) {
            return [];
        }
        return Object.entries(secure as Record<string, unknown>)
            .filter(([k, v]) => /^[A-Za-z][A-Za-z0-9]*_secret$/.test(k) && typeof v === "string" && secretKeyName(v) === undefined)
            .map(([k, v]) => ({ path: `dataSources[${index}].secureJsonData.${k}`, index, field: k.slice(0, -SECRET_SUFFIX.length), stackKey: v as string }));
    });
}
