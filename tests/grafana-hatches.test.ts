import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { parse } from "yaml";
import { ConfigError, GRAFANA_INI_KEYS, SSO_PROVIDERS, TYPED_INI_SECTIONS } from "../config";
import { settingsWith, settingsWithGrafana } from "./harness/stack-config";
import { grafanaModel } from "./harness/grafana-model";
import { grafanaDeployment } from "../components/grafana/deployment";
import { dataSourcesConfigMap, iniConfigMap } from "../components/grafana/config-maps";
import { grafanaSecret } from "../components/grafana/secret";
import { roleAttributePath, ssoIniSection } from "../components/grafana/sso";
import { grafanaIni } from "../components/grafana/ini";
import { requiredFlows } from "../components/network-policies/flows";
import { monitoringWorkloads } from "../components/network-policies/workloads";
import { scrapeJobsWithReach } from "../stack/scrape-jobs";
import { grafanaObjects } from "../components/grafana/object-names";

/** docs/grafana.md#single-sign-on, #plugins, #extra-data-sources and docs/escape-hatches.md#grafanaini-sections. */

const G = "cluster-monitoring:grafana";
const KEYCLOAK = { provider: "keycloak", issuerUrl: "https://login.example.com/realms/ops", clientId: "grafana", clientSecretKey: "grafanaOidcClientSecret" };
const CLIENT_SECRET = { grafanaOidcClientSecret: "oidc-client-secret-5a1c" };

function refused(grafana: Record<string, unknown>, secrets: Record<string, string> = {}, plain: Record<string, unknown> = {}): ConfigError {
    try {
        settingsWithGrafana({ grafana, ...Object.fromEntries(Object.entries(plain).map(([k, v]) => [k, v as Record<string, unknown>])) }, secrets);
    } catch (e) {
        assert.ok(e instanceof ConfigError, String(e));
        return e;
    }
    assert.fail("expected the config to be refused");
}

function problem(e: ConfigError, key: string, expected: RegExp) {
    const found = e.problems.find((p) => p.key === key);
    assert.ok(found, `no problem for ${key}:\n${e.message}`);
    assert.match(found.expected, expected, e.message);
    return found;
}

const iniOf = (grafana: Record<string, unknown>, secrets: Record<string, string> = {}) => {
    const m = grafanaModel(settingsWithGrafana({ grafana }, secrets));
    return { m, text: (iniConfigMap(m)?.data as Record<string, string> | undefined)?.["grafana.ini"], pod: (grafanaDeployment(m).spec as any).template };
};

/**
 * JMESPath's or- and and-expressions, comparison-free, with contains() and [*] projections, as
 * the JMESPath specification defines them (an and-expression yields its left side when that is
 * false-like, else its right; an or-expression its left when that is true-like, else its right).
 * Enough to evaluate what roleAttributePath writes; anything else throws.
 */
function jmes(expr: string, data: Record<string, unknown>): unknown {
    let i = 0;
    const ws = () => {
        while (expr[i] === " ") i++;
    };
    const falsy = (v: unknown) => v === false || v === null || v === undefined || v === "" || (Array.isArray(v) && v.length === 0);
    const primary = (): unknown => {
        ws();
        if (expr[i] === "(") {
            i++;
            const v = or();
            ws();
            assert.strictEqual(expr[i++], ")");
            return v;
        }
        if (expr[i] === "'") {
            const end = expr.indexOf("'", i + 1);
            const s = expr.slice(i + 1, end);
            i = end + 1;
            return s;
        }
        const call = /^contains\(([A-Za-z_][A-Za-z0-9_.]*)\[\*\], '([^']*)'\)/.exec(expr.slice(i));
        if (call) {
            i += call[0].length;
            const list = call[1].split(".").reduce<any>((o, k) => (o === undefined ? undefined : o[k]), data);
            return Array.isArray(list) ? list.includes(call[2]) : null;
        }
        throw new Error(`unexpected at ${i}: ${expr.slice(i)}`);
    };
    const and = (): unknown => {
        let left = primary();
        ws();
        while (expr.startsWith("&&", i)) {
            i += 2;
            const right = primary();
            left = falsy(left) ? left : right;
            ws();
        }
        return left;
    };
    const or = (): unknown => {
        let left = and();
        ws();
        while (expr.startsWith("||", i)) {
            i += 2;
            const right = and();
            left = falsy(left) ? right : left;
            ws();
        }
        return left;
    };
    const v = or();
    assert.strictEqual(i, expr.length, `unparsed: ${expr.slice(i)}`);
    return v;
}

describe("Grafana for an organisation (grafana.sso, grafana.ini, grafana.plugins, grafana.dataSources)", () => {
    describe("grafana.sso", () => {
        it("writes Keycloak's endpoints into [auth.generic_oauth], the client secret only as GF_AUTH_GENERIC_OAUTH_CLIENT_SECRET from the Secret", () => {
            const { m, text, pod } = iniOf({ sso: { ...KEYCLOAK, roles: { sre: "Admin" } } }, CLIENT_SECRET);
            assert.match(text!, /\[auth\.generic_oauth\]\nenabled = true\n/);
            assert.match(text!, /^token_url = https:\/\/login\.example\.com\/realms\/ops\/protocol\/openid-connect\/token$/m);
            assert.match(text!, /^api_url = https:\/\/login\.example\.com\/realms\/ops\/protocol\/openid-connect\/userinfo$/m);
            assert.doesNotMatch(JSON.stringify(iniConfigMap(m)) + JSON.stringify(pod), /oidc-client-secret-5a1c/, "the secret is in no ConfigMap or pod spec");
            const env = pod.spec.containers[0].env;
            assert.deepStrictEqual(
                env.find((e: any) => e.name === "GF_AUTH_GENERIC_OAUTH_CLIENT_SECRET"),
                { name: "GF_AUTH_GENERIC_OAUTH_CLIENT_SECRET", valueFrom: { secretKeyRef: { name: "grafana", key: "grafanaOidcClientSecret" } } },
            );
            assert.deepStrictEqual(env.find((e: any) => e.name === "GF_PATHS_CONFIG"), { name: "GF_PATHS_CONFIG", value: "/etc/grafana-ini/grafana.ini" });
            assert.ok(pod.spec.containers[0].volumeMounts.some((v: any) => v.mountPath === "/etc/grafana-ini"));
            const secret = grafanaSecret(m, "admin") as any;
            assert.ok("grafanaOidcClientSecret" in secret.stringData, "the Secret holds the client secret");
            assert.ok(env.some((e: any) => e.name === "GF_SECURITY_ADMIN_PASSWORD"), "the local admin stays for break-glass");
            assert.doesNotMatch(text!, /disable_login_form|auto_login = true/);
        });

        it("maps groups to the strongest role, falling back to defaultRole, and with None refuses users in no group (role_attribute_strict)", () => {
            const roles = { sre: "Admin", platform: "Editor", devs: "Viewer" } as const;
            const withViewer = roleAttributePath(roles, "Viewer");
            const strict = roleAttributePath(roles, "None");
            const cases: [string[], unknown, unknown][] = [
                [["devs", "sre"], "Admin", "Admin"],
                [["platform", "devs"], "Editor", "Editor"],
                [["devs"], "Viewer", "Viewer"],
                [["marketing"], "Viewer", false],
                [[], "Viewer", false],
            ];
            for (const [groups, expected, expectedStrict] of cases) {
                assert.strictEqual(jmes(withViewer, { groups }), expected, `${groups} with ${withViewer}`);
                assert.strictEqual(jmes(strict, { groups }), expectedStrict, `${groups} with ${strict}`);
            }
            assert.strictEqual(jmes(roleAttributePath({ ops: "Editor" }, undefined, "realm_access.roles"), { realm_access: { roles: ["ops"] } }), "Editor");
            const keys = ssoIniSection({ ...(KEYCLOAK as any), roles, defaultRole: "None" }).keys;
            assert.strictEqual(keys.role_attribute_strict, true);
            assert.strictEqual(ssoIniSection({ ...(KEYCLOAK as any), roles, defaultRole: "Viewer" }).keys.role_attribute_strict, false);
        });

        it("writes only keys Grafana's conf/defaults.ini has in each provider's section, for every preset", () => {
            const full: Record<string, Record<string, unknown>> = {
                keycloak: { ...KEYCLOAK, roles: { a: "Admin" }, defaultRole: "Viewer", groupsClaim: "groups", allowedDomains: ["example.com"] },
                dex: { ...KEYCLOAK, provider: "dex", roles: { a: "Admin" }, allowedDomains: ["example.com"] },
                generic: { provider: "generic", clientId: "g", clientSecretKey: "k", authUrl: "https://i.example.com/a", tokenUrl: "https://i.example.com/t", apiUrl: "https://i.example.com/u", roles: { a: "Editor" } },
                azuread: { provider: "azuread", clientId: "g", clientSecretKey: "k", tenantId: "contoso.onmicrosoft.com", allowedGroups: ["1234"], allowedDomains: ["contoso.com"] },
                google: { provider: "google", clientId: "g", clientSecretKey: "k", hostedDomain: "example.com", allowedDomains: ["example.com"] },
                github: { provider: "github", clientId: "g", clientSecretKey: "k", roles: { "@acme/sre": "Admin" }, defaultRole: "None", allowedOrganizations: ["acme"] },
            };
            assert.deepStrictEqual(Object.keys(full).sort(), [...SSO_PROVIDERS].sort());
            for (const [provider, sso] of Object.entries(full)) {
                const { section, keys } = ssoIniSection(sso as any);
                const known = GRAFANA_INI_KEYS[section];
                assert.ok(known, `${provider}: section ${section}`);
                const unknown = [...Object.keys(keys), "client_secret"].filter((k) => !known.includes(k));
                assert.deepStrictEqual(unknown, [], `${provider} writes keys [${section}] lacks`);
            }
        });

        it("refuses, all at once and naming each key: no client id, an unknown role, a client secret in plain text, a field the provider does not read", () => {
            const e = refused(
                { sso: { provider: "keycloak", issuerUrl: "https://login.example.com/realms/ops", clientSecretKey: "grafanaOidcClientSecret", roles: { sre: "Owner" } } },
                {},
                { grafanaOidcClientSecret: "in-the-clear-77" as unknown as Record<string, unknown> },
            );
            problem(e, `${G}.sso.clientId`, /required/);
            problem(e, `${G}.sso.roles.sre`, /one of Viewer, Editor, Admin/);
            const clear = problem(e, `cluster-monitoring:grafanaOidcClientSecret, ${G}.sso.clientSecretKey`, /clear text/);
            assert.doesNotMatch(e.message, /in-the-clear-77/);
            assert.strictEqual(String(clear.got as symbol), "Symbol(secret value)");
            const azure = refused({ sso: { provider: "azuread", clientId: "g", clientSecretKey: "grafanaOidcClientSecret", tenantId: "t", roles: { sre: "Admin" }, issuerUrl: "https://x.example.com/" } }, CLIENT_SECRET);
            problem(azure, `${G}.sso.roles`, /app roles/);
            problem(azure, `${G}.sso.issuerUrl`, /does not read it/);
            problem(refused({ sso: { provider: "generic", clientId: "g", clientSecretKey: "grafanaOidcClientSecret" } }, CLIENT_SECRET), `${G}.sso.tokenUrl`, /provider generic needs it/);
            problem(refused({ sso: KEYCLOAK }), `${G}.sso.clientSecretKey, cluster-monitoring:grafanaOidcClientSecret`, /a secret at/);
        });
    });

    describe("grafana.ini", () => {
        it("writes typed and other known sections into the file, a <key>_secret only as GF_<SECTION>_<KEY> from the Secret, # and ; quoted", () => {
            const { text, pod } = iniOf(
                {
                    ini: {
                        server: { enable_gzip: true },
                        smtp: { enabled: true, host: "smtp.example.com:587", user: "grafana", password_secret: "grafanaSmtpPassword", from_address: "g@example.com" },
                        date_formats: { full_date: "YYYY-MM-DD HH:mm:ss;#" },
                        database: { password_secret: "grafanaDbPassword" },
                    },
                },
                { grafanaSmtpPassword: "smtp-pw-31", grafanaDbPassword: "db-pw-62" },
            );
            assert.match(text!, /\[server\]\nenable_gzip = true\n/);
            assert.match(text!, /^full_date = """YYYY-MM-DD HH:mm:ss;#"""$/m);
            assert.doesNotMatch(text!, /password|\[database\]/);
            const env = pod.spec.containers[0].env;
            for (const [name, key] of [["GF_SMTP_PASSWORD", "grafanaSmtpPassword"], ["GF_DATABASE_PASSWORD", "grafanaDbPassword"]]) {
                assert.deepStrictEqual(env.find((e: any) => e.name === name)?.valueFrom, { secretKeyRef: { name: "grafana", key } });
            }
        });

        it("adds no file, volume or variable while no hatch is set, so other stacks' Grafana is unchanged", () => {
            const { m, text, pod } = iniOf({});
            assert.strictEqual(text, undefined);
            assert.strictEqual(grafanaIni(m.grafana), undefined);
            assert.ok(!pod.spec.containers[0].env.some((e: any) => e.name === "GF_PATHS_CONFIG"));
            assert.ok(!grafanaObjects(m).some((o) => o.name === "grafana-ini"));
        });

        it("refuses keys the program owns with the reason, unknown sections and keys, credentials in plain text without echoing them, all at once", () => {
            const e = refused({
                ini: {
                    security: { admin_password: "hunter2-secret", cookie_secure: false, strict_transport_security: true, angular_support_enabled: true },
                    "log.file": { level: "debug" },
                    auth: { disable_login_form: true },
                    server: { http_port: 8080 },
                    users: { allow_sign_up: true },
                    date_formats: { full_date: 'YYYY"""' },
                    paths: { data: "/x" },
                    "auth.generic_oauth": { enabled: true },
                    "auth.anonymous": { enabled: true },
                    dashboards: { default_home_dashboard_path: "/x.json", versions_to_keep: 5 },
                    unified_alerting: { evaluation_timout: "1m" },
                    datasources_extra: { x: 1 },
                    database: { password: "db-plain-pw-99" },
                    smtp: { host: "smtp.example.com:25" },
                    explore: {},
                },
            });
            problem(e, `${G}.ini.security.admin_password`, /grafanaAdminPassword/);
            assert.doesNotMatch(e.message, /hunter2-secret|db-plain-pw-99/);
            problem(e, `${G}.ini.security.cookie_secure`, /tlsSecretName/);
            problem(e, `${G}.ini.security.strict_transport_security`, /TLS ends at the Ingress/);
            problem(e, `${G}.ini.auth.disable_login_form`, /break-glass/);
            problem(e, `${G}.ini.server.http_port`, /port 3000/);
            problem(e, `${G}.ini.users.allow_sign_up`, /sign-up off/);
            problem(e, `${G}.ini.paths`, /paths/);
            problem(e, `${G}.ini.auth.generic_oauth`, /grafana\.sso/);
            problem(e, `${G}.ini.auth.anonymous`, /anonymous/);
            problem(e, `${G}.ini.dashboards.default_home_dashboard_path`, /Home dashboard/);
            problem(e, `${G}.ini.unified_alerting.evaluation_timout`, /did you mean evaluation_timeout/);
            problem(e, `${G}.ini.datasources_extra`, /a section of grafana\.ini/);
            const pw = problem(e, `${G}.ini.database.password`, /password_secret naming a secret stack key/);
            assert.strictEqual(String(pw.got as symbol), "Symbol(secret value)");
            problem(e, `${G}.ini.smtp.enabled`, /leave smtp out/);
            problem(e, `${G}.ini.explore`, /changes nothing/);
            problem(e, `${G}.ini.security.angular_support_enabled`, /Grafana 12 removed AngularJS/);
            problem(e, `${G}.ini.log.file`, /stdout only/);
            problem(e, `${G}.ini.date_formats.full_date`, /without control characters or """/);
            problem(refused({ ini: { users: { login_hint: 'a"""b' } } }), `${G}.ini.users.login_hint`, /without """/);
            assert.ok(!e.problems.some((p) => p.key.endsWith("versions_to_keep")), "a known key beside owned ones is fine");
        });

        it("types only keys that Grafana's conf/defaults.ini lists in that section", () => {
            for (const [section, schema] of Object.entries(TYPED_INI_SECTIONS)) {
                const keys = Object.keys((schema as any).def?.in?.def?.shape ?? (schema as any).shape ?? (schema as any).def?.shape ?? {});
                assert.ok(keys.length > 0, `the typed keys of ${section}`);
                const unknown = keys.map((k) => k.replace(/_secret$/, "")).filter((k) => !GRAFANA_INI_KEYS[section].includes(k));
                assert.deepStrictEqual(unknown, [], `[${section}]`);
            }
        });
    });

    describe("grafana.plugins", () => {
        it("installs each plugin at its pinned version before Grafana serves ([plugins] preinstall_sync), and refuses one without a version", () => {
            const { text } = iniOf({ plugins: [{ id: "grafana-clock-panel", version: "2.1.8" }, { id: "grafana-polystat-panel", version: "2.1.14" }], ini: { plugins: { preinstall_auto_update: false } } });
            assert.match(text!, /\[plugins\]\npreinstall_auto_update = false\npreinstall_sync = grafana-clock-panel@2\.1\.8,grafana-polystat-panel@2\.1\.14\n/);
            const e = refused({ plugins: [{ id: "grafana-clock-panel" }, { id: "Bad Id", version: "latest" }], ini: { plugins: { preinstall_sync: "x" } } });
            problem(e, `${G}.plugins[0].version`, /required/);
            problem(e, `${G}.plugins[1].id`, /plugin id/);
            problem(e, `${G}.plugins[1].version`, /pinned/);
            problem(e, `${G}.ini.plugins.preinstall_sync`, /grafana\.plugins/);
        });
    });

    describe("NetworkPolicy exceptions", () => {
        const grafanaEgress = (grafana: Record<string, unknown>, secrets: Record<string, string> = {}) => {
            const s = settingsWithGrafana({ grafana }, secrets);
            return requiredFlows(s, monitoringWorkloads(s), scrapeJobsWithReach(s)).filter((f) => f.from.kind === "workload" && (f.from as any).name === "grafana");
        };
        it("opens grafana.com on 443 only with plugins, and the identity provider on its ports only with sso", () => {
            const none = grafanaEgress({});
            assert.ok(!none.some((f) => /grafana\.com|single sign-on/.test(f.why)), "no exception without the hatches");
            const plugins = grafanaEgress({ plugins: [{ id: "grafana-clock-panel", version: "2.1.8" }] }).find((f) => /grafana\.com/.test(f.why));
            assert.deepStrictEqual([plugins?.to, plugins?.ports], [{ kind: "outside" }, [{ port: 443, protocol: "TCP" }]]);
            const sso = grafanaEgress({ sso: { ...KEYCLOAK, issuerUrl: "https://login.example.com:8443/realms/ops" } }, CLIENT_SECRET).find((f) => /single sign-on/.test(f.why));
            assert.deepStrictEqual([sso?.to, sso?.ports], [{ kind: "outside" }, [{ port: 8443, protocol: "TCP" }]]);
        });

        it("lets Grafana reach each extra data source: a Service's namespace, an address, or outside", () => {
            const flows = grafanaEgress({
                dataSources: [
                    { name: "Loki", uid: "loki", type: "loki", url: "http://loki.logging.svc:3100" },
                    { name: "Tempo", uid: "tempo", type: "tempo", url: "http://10.1.2.3:3200" },
                    { name: "Billing", uid: "billing", type: "grafana-postgresql-datasource", url: "db.example.com:5432", user: "grafana" },
                ],
            }).filter((f) => /grafana\.dataSources/.test(f.why));
            assert.deepStrictEqual(
                flows.map((f) => [f.to, f.ports]),
                [
                    [{ kind: "namespaces", namespaces: ["logging"] }, [{ port: 3100, protocol: "TCP" }]],
                    [{ kind: "addresses", addresses: ["10.1.2.3"] }, [{ port: 3200, protocol: "TCP" }]],
                    [{ kind: "outside" }, [{ port: 5432, protocol: "TCP" }]],
                ],
            );
        });
    });

    describe("grafana.dataSources", () => {
        const LOKI_PLAIN = { name: "Loki", uid: "loki", type: "loki", url: "http://loki.logging.svc:3100" };
        const LOKI = { name: "Loki", uid: "loki", type: "loki", url: "http://loki.logging.svc:3100", basicAuth: true, basicAuthUser: "grafana", secureJsonData: { basicAuthPassword_secret: "grafanaLokiPassword" } };

        it("provisions them after the program's, each secure field as $VAR filled from the Secret", () => {
            const s = settingsWithGrafana({ grafana: { dataSources: [LOKI] } }, { grafanaLokiPassword: "loki-pw-48" });
            const m = grafanaModel(s);
            const file = parse((dataSourcesConfigMap(m).data as Record<string, string>)["datasources.yaml"]);
            const loki = file.datasources.at(-1);
            assert.deepStrictEqual(loki, {
                name: "Loki",
                uid: "loki",
                type: "loki",
                access: "proxy",
                url: "http://loki.logging.svc:3100",
                isDefault: false,
                editable: false,
                basicAuth: true,
                basicAuthUser: "grafana",
                jsonData: {},
                secureJsonData: { basicAuthPassword: "$DATASOURCE_LOKI_BASICAUTHPASSWORD" },
            });
            assert.strictEqual(file.datasources.filter((d: any) => d.isDefault).length, 1);
            const env = (grafanaDeployment(m).spec as any).template.spec.containers[0].env as any[];
            assert.deepStrictEqual(env.find((e) => e.name === "DATASOURCE_LOKI_BASICAUTHPASSWORD").valueFrom, { secretKeyRef: { name: "grafana", key: "grafanaLokiPassword" } });
            assert.doesNotMatch(JSON.stringify(dataSourcesConfigMap(m)), /loki-pw-48/);
        });

        it("refuses a secure field in plain text, a uid or name of the program's, a second default, all at once", () => {
            const e = refused({
                dataSources: [
                    { name: "Prometheus", uid: "prometheus", type: "prometheus", url: "http://other.example.com:9090", isDefault: true },
                    { name: "Loki", uid: "loki", type: "loki", url: "http://loki:3100", secureJsonData: { basicAuthPassword: "loki-plain-pw-12" }, jsonData: { apiToken: "tok-plain-33" } },
                    { name: "Loki 2", uid: "loki-2", type: "loki", url: "http://loki:3100", password: "pw-plain-57" },
                ],
            });
            problem(e, `${G}.dataSources[0].isDefault`, /Grafana refuses two/);
            problem(e, `${G}.dataSources[1].secureJsonData.basicAuthPassword`, /basicAuthPassword_secret naming a secret stack key/);
            problem(e, `${G}.dataSources[1].jsonData.apiToken`, /secureJsonData as apiToken_secret/);
            problem(e, `${G}.dataSources[2].password`, /secureJsonData\.password_secret/);
            assert.doesNotMatch(e.message, /plain-pw|tok-plain/);
            const own = refused({ dataSources: [{ name: "prometheus", uid: "long-term-store", type: "prometheus", url: "http://x.example.com:9090" }] });
            problem(own, `${G}.dataSources[0].uid`, /Long-term store/);
            problem(own, `${G}.dataSources[0].name`, /the program's own data sources do not use/);
            const twice = refused({ dataSources: [LOKI_PLAIN, { ...LOKI_PLAIN, uid: "loki-2" }] });
            problem(twice, `${G}.dataSources[1].name`, /no other data source of the list/);
        });

        it("refuses every hatch while Grafana is off, where nothing would read it", () => {
            const e = (() => {
                try {
                    settingsWith(
                        {
                            grafana: {
                                enabled: false,
                                plugins: [{ id: "grafana-clock-panel", version: "2.1.8" }],
                                ini: { server: { enable_gzip: true } },
                                sso: KEYCLOAK,
                                dataSources: [{ name: "Loki", uid: "loki", type: "loki", url: "http://loki.logging.svc:3100" }],
                                extra: { env: [{ name: "GF_LOG_LEVEL", value: "debug" }] },
                            },
                        },
                        CLIENT_SECRET,
                    );
                } catch (err) {
                    return err as ConfigError;
                }
                assert.fail("expected a refusal");
            })();
            // Every Grafana hatch of docs/escape-hatches.md and docs/grafana.md, not three of them.
            for (const hatch of ["plugins", "ini", "sso", "dataSources", "extra"]) {
                problem(e, `${G}.${hatch}`, /no Grafana runs to read this setting/);
            }
        });
    });

    it("every yaml example of docs/grafana.md loads, with its secrets set", () => {
        const page = fs.readFileSync(path.join(__dirname, "..", "docs", "grafana.md"), "utf8");
        const blocks = [...page.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => parse(m[1]) as Record<string, any>);
        const withGrafana = blocks.filter((b) => b[G] !== undefined);
        assert.ok(withGrafana.length >= 3, "the single sign-on, plugins and data-source examples");
        for (const block of withGrafana) {
            const secrets = Object.fromEntries(
                Object.entries(block)
                    .filter(([, v]) => v && typeof v === "object" && "secure" in v)
                    .map(([k]) => [k.replace(/^cluster-monitoring:/, ""), "an-encrypted-value"]),
            );
            const s = settingsWithGrafana({ grafana: block[G] }, secrets);
            assert.ok(s.grafana.sso || s.grafana.plugins || s.grafana.dataSources, Object.keys(block[G]).join(", "));
        }
    });

    it("the prod stack uses every Grafana hatch, and its render carries them", () => {
        const stack = parse(fs.readFileSync(path.join(__dirname, "..", "Pulumi.prod.yaml"), "utf8")).config[G];
        for (const hatch of ["sso", "ini", "plugins", "dataSources"]) {
            assert.ok(stack[hatch] !== undefined, `Pulumi.prod.yaml sets grafana.${hatch}`);
        }
        const rendered = fs.readFileSync(path.join(__dirname, "..", "manifests", "prod.yaml"), "utf8");
        for (const needle of ["[auth.generic_oauth]", "preinstall_sync = grafana-clock-panel@2.1.8", "GF_AUTH_GENERIC_OAUTH_CLIENT_SECRET", "basicAuthPassword: $DATASOURCE_LOKI_BASICAUTHPASSWORD", "[smtp]"]) {
            assert.ok(rendered.includes(needle), `manifests/prod.yaml has ${needle}`);
        }
    });
});
