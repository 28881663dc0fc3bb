import * as assert from "assert";
import { ConfigError, plainConfigSource } from "../config";
import { loadStackSettings as loadSettings } from "../stack";
import {
    absoluteHttpUrl,
    absolutePath,
    configMapName,
    cronSchedule,
    dnsLabel,
    dnsSubdomain,
    endpointAddress,
    fluentdDuration,
    fluentdSize,
    fluentdSizeBytes,
    hostName,
    ipAddress,
    ipOrHostname,
    kubernetesLabelKey,
    kubernetesLabelValue,
    kubernetesQuantity,
    MAX_STATEFULSET_NAME_LENGTH,
    ownLabelKey,
    portName,
    portNumber,
    prometheusDuration,
    prometheusDurationMax,
    prometheusDurationSeconds,
    quantityValue,
    routePath,
    secretName,
    serviceAccountName,
    serviceName,
    statefulSetName,
} from "../config/formats";
import { requiredConfig } from "./harness/stack-config";

type Check<T = string> = (value: T) => string | undefined;

/**
 * One table per check: every good value is accepted, every bad value is refused with a message
 * that matches `expected` (what the check says it wanted, not merely that it failed).
 */
function table<T = string>(name: string, check: Check<T>, good: T[], bad: [T, RegExp][]) {
    describe(name, () => {
        for (const value of good) {
            it(`accepts ${JSON.stringify(value)}`, () => {
                assert.strictEqual(check(value), undefined);
            });
        }
        for (const [value, expected] of bad) {
            it(`refuses ${JSON.stringify(value)}`, () => {
                const complaint = check(value);
                assert.strictEqual(typeof complaint, "string", `${JSON.stringify(value)} was accepted`);
                assert.match(complaint!, expected);
            });
        }
    });
}

const a = (n: number) => "a".repeat(n);
/** A DNS subdomain of exactly `n` characters made of labels of at most 63. */
const subdomainOfLength = (n: number) => {
    const labels: string[] = [];
    let left = n;
    while (left > 0) {
        const take = Math.min(63, left === 64 ? 62 : left);
        labels.push(a(take));
        left -= take + 1;
    }
    const name = labels.join(".");
    assert.strictEqual(name.length, n);
    return name;
};

describe("format checks (config/formats.ts)", () => {
    describe("Prometheus durations (prometheus/common ParseDuration since v0.15; 2.11.1's one unit is a line check, config/prometheus-durations.ts)", () => {
        table(
            "prometheusDuration",
            prometheusDuration,
            ["30s", "20d", "100ms", "1m", "1h", "2w", "1y", "010s", "292y", "15250w", "106751d", "2562047h", "153722867m", "9223372036s", "9223372036854ms", "1m30s", "1h30m", "1d12h", "1m0s", "2h30m15s500ms"],
            [
                ["0s", /positive Prometheus duration/],
                ["00m", /positive Prometheus duration/],
                ["30s1m", /the largest first/],
                ["1m1m", /each with a unit/],
                ["1h30", /each with a unit/],
                ["0h0m", /positive Prometheus duration/],
                ["292y25w", /at most about 292 years/],
                ["20days", /each with a unit of y, w, d, h, m, s or ms/],
                ["1.5h", /whole number/],
                ["-1s", /positive/],
                [" 30s", /Prometheus duration/],
                ["30S", /Prometheus duration/],
                ["30", /each with a unit/],
                // One past the int64-nanosecond range in every unit; v0.4.1 would wrap these silently.
                ["293y", /at most 292y.*overflow/],
                ["15251w", /at most 15250w/],
                ["106752d", /at most 106751d/],
                ["10000000000d", /at most 106751d \(about 292 years/],
                ["2562048h", /at most 2562047h/],
                ["153722868m", /at most 153722867m/],
                ["9223372037s", /at most 9223372036s/],
                ["9223372036855ms", /at most 9223372036854ms/],
                ["99999999999999999999999y", /at most 292y/],
            ],
        );

        it("the bound per unit is the int64-nanosecond range that later prometheus/common enforces", () => {
            const ns: Record<string, bigint> = { y: 31536000n, w: 604800n, d: 86400n, h: 3600n, m: 60n, s: 1n };
            for (const [unit, seconds] of Object.entries(ns)) {
                const max = prometheusDurationMax(unit);
                assert.ok(max * seconds * 1_000_000_000n <= 2n ** 63n - 1n, unit);
                assert.ok((max + 1n) * seconds * 1_000_000_000n > 2n ** 63n - 1n, unit);
            }
        });

        it("prometheusDurationSeconds converts for comparisons, and is NaN for what the check refuses", () => {
            assert.strictEqual(prometheusDurationSeconds("30s"), 30);
            assert.strictEqual(prometheusDurationSeconds("1m"), 60);
            assert.strictEqual(prometheusDurationSeconds("100ms"), 0.1);
            assert.strictEqual(prometheusDurationSeconds("20d"), 20 * 86400);
            assert.strictEqual(prometheusDurationSeconds("1y"), 365 * 86400);
            assert.strictEqual(prometheusDurationSeconds("1m30s"), 90);
            assert.strictEqual(prometheusDurationSeconds("1h0m500ms"), 3600.5);
            assert.ok(prometheusDurationSeconds("10s") < prometheusDurationSeconds("1m"));
            for (const bad of ["0s", "30s1m", "10000000000d", ""]) {
                assert.ok(Number.isNaN(prometheusDurationSeconds(bad)), bad);
            }
        });
    });

    describe("Kubernetes quantities (apimachinery resource.ParseQuantity)", () => {
        table(
            "kubernetesQuantity",
            kubernetesQuantity,
            [
                "400Mi", "1Gi", "1.5Gi", "1Ti", "1Ei", "7Ei", "100m", "500m", "1", "0.5", ".5", "1.", "+1", "+1.5Gi", ".5Gi",
                "1e3", "1E3", "1e-3", "1e+3", "1E", "1k", "1M", "1G", "1T", "1P", "1n", "100u", "1e-9", "0001Gi",
                "9223372036854775807",
            ],
            [
                ["-1", /more than 0/],
                ["-1Gi", /more than 0/],
                ["0", /more than 0/],
                ["0Gi", /more than 0/],
                ["0.0", /more than 0/],
                ["-0", /more than 0/],
                ["", /Kubernetes quantity/],
                [".", /Kubernetes quantity/],
                ["+", /Kubernetes quantity/],
                ["Gi", /Kubernetes quantity/],
                ["1e", /exponent \(e3\)/],
                ["1K", /binary suffix \(Ki/],
                ["1KB", /Kubernetes quantity/],
                ["400MB", /MB, TB/],
                ["1TB", /MB, TB/],
                ["1gi", /Kubernetes quantity/],
                ["1 Gi", /a space/],
                [" 1Gi", /Kubernetes quantity/],
                ["1Gi ", /Kubernetes quantity/],
                ["1e3Ki", /Kubernetes quantity/],
                ["1Ki2", /Kubernetes quantity/],
                ["1.5.5", /Kubernetes quantity/],
                ["0x10", /Kubernetes quantity/],
                ["1,5Gi", /Kubernetes quantity/],
                ["Infinity", /Kubernetes quantity/],
                // Beyond what Kubernetes keeps: capped or overflowing int64, or rounded up to 1n.
                ["8Ei", /below 8Ei.*64-bit/],
                ["9223372036854775808", /below 8Ei/],
                ["10E", /below 8Ei/],
                ["1e19", /below 8Ei/],
                ["1e999999999", /below 8Ei/],
                ["0.1n", /whole number of nano units/],
                ["1e-10", /rounds anything finer up/],
                ["1.0000000001", /nano units/],
                ["1e-999999999", /nano units/],
            ],
        );

        it("quantityValue gives base units, and NaN for what the check refuses", () => {
            const cases: [string, number][] = [
                ["1Gi", 1073741824],
                ["1.5Gi", 1610612736],
                [".5Gi", 536870912],
                ["400Mi", 400 * 1024 * 1024],
                ["1Ki", 1024],
                ["500m", 0.5],
                ["100m", 0.1],
                ["1e3", 1000],
                ["1E3", 1000],
                ["1e-3", 0.001],
                ["1k", 1000],
                ["1M", 1e6],
                ["1E", 1e18],
                ["2", 2],
                ["0.5", 0.5],
                ["1.", 1],
                ["+1", 1],
                ["100u", 0.0001],
                ["1n", 1e-9],
            ];
            for (const [text, expected] of cases) {
                assert.strictEqual(quantityValue(text), expected, text);
            }
            assert.ok(quantityValue("1Gi") > quantityValue("1000Mi"));
            assert.ok(quantityValue("1G") < quantityValue("1Gi"));
            for (const bad of ["-1", "0", "1GB", "8Ei", "1e", ""]) {
                assert.ok(Number.isNaN(quantityValue(bad)), bad);
            }
        });
    });

    describe("cron schedules (issue #33, class 5)", () => {
        table(
            "cronSchedule",
            cronSchedule,
            ["30 1 * * *", "*/15 * * * *", "0 0 1-7 * MON", "0 3 * * sun-sat", "0 0 29 2 *", "0 0 31 1-12 *", "0 0 31 2 1", "5/10 0-23/2 ? JAN,jul *", "@daily", "@Weekly", "30  1 * * *", "0 12 30 4,6,9,11 *"],
            [
                ["60 1 * * *", /minute 60 is out of range: minute runs from 0 to 59/],
                ["0 24 * * *", /hour 24 is out of range/],
                ["0 0 0 * *", /day-of-month 0 is out of range/],
                ["0 0 32 * *", /day-of-month 32/],
                ["0 0 1 13 *", /month 13/],
                ["0 0 * * 7", /day-of-week 7 is out of range: day-of-week runs from 0 to 6/],
                ["0 0 31 2 *", /day 31 of FEB never comes/],
                ["0 0 30,31 2 *", /never comes/],
                ["0 0 31 4,6,9,11 *", /day 31 of APR,JUN,SEP,NOV never comes/],
                ["0 5-1 * * *", /runs backwards/],
                ["*/0 * * * *", /step "\/0" .* at least 1/],
                ["0 0 * FOO *", /no number nor a name such as JAN/],
                ["0 0 * *", /five fields/],
                ["0 0 * * * *", /five fields/],
                ["@every 1h", /five-field cron schedule/],
                ["CRON_TZ=UTC 0 0 * * *", /TZ= prefix/],
            ],
        );
    });

    describe("URLs", () => {
        table(
            "absoluteHttpUrl",
            absoluteHttpUrl,
            [
                "https://monitor.example.com/",
                "https://monitor.example.com",
                "http://monitor.example.com:9090/prometheus/",
                "http://localhost:9090/",
                "https://10.0.0.1/",
                "https://[fd00::1]:9090/p",
                "HTTPS://Monitor.Example.com/",
                "https://monitor.example.com/a%20b/",
            ],
            [
                // Control characters and white space, refused before parsing (WHATWG drops \t and \n).
                ["http://a\tb.example.com", /without spaces, tabs, line breaks/],
                ["http://a\nb.example.com/", /silently drops tabs and line breaks/],
                ["https://monitor.example.com/\r", /control characters/],
                [" https://monitor.example.com/", /without spaces/],
                ["https://monitor.example.com/ ", /without spaces/],
                ["https://monitor.example.com/a b", /without spaces/],
                ["https://monitor.example.com/\u0000", /control characters/],
                ["https://monitor.example.com/\u00a0", /without spaces/],
                // Credentials.
                ["https://user:pw@host/", /without a user name or password.*pod arguments/],
                ["https://user@host/", /without a user name or password/],
                ["https://:@host/", /without a user name or password/],
                // Fragment and query.
                ["https://monitor.example.com/#top", /without a #fragment/],
                ["https://monitor.example.com/#", /without a #fragment/],
                ["https://monitor.example.com/?a=b", /without a \?query/],
                // Scheme and host.
                ["monitor.example.com", /absolute http:\/\/ or https:\/\//],
                ["/prometheus", /absolute http/],
                ["ftp://monitor.example.com/", /absolute http/],
                ["https:monitor.example.com", /absolute http/],
                ["https:/monitor.example.com", /absolute http/],
                ["https:\\\\monitor.example.com", /absolute http/],
                ["https:///monitor.example.com", /host is a DNS name or an IP address/],
                ["https://", /host is a DNS name/],
                ["https://-bad.example.com/", /host is a DNS name/],
                ["https://bad_host.example.com/", /host is a DNS name/],
                ["https://10.0.0.256/", /host is a DNS name/],
                ["https://fd00::1/", /host is a DNS name/],
                ["https://[fe80::1%25eth0]/", /host is a DNS name/],
                ["https://monitor.example.com:0/", /port, if any, is from 1 to 65535/],
                ["https://monitor.example.com:65536/", /port/],
                ["https://monitor.example.com:/", /port/],
                ["https://monitor.example.com:http/", /host is a DNS name|port/],
                // Paths that parsers read differently, and characters URLs do not allow.
                ["https://monitor.example.com/a/../b", /without \. or \.\. segments/],
                ["https://monitor.example.com/./b", /without \. or \.\. segments/],
                ["https://monitor.example.com\\prometheus", /characters URLs allow/],
                ["https://ex\u00e4mple.com/", /punycode/],
                ["https://monitor.example.com/%zz", /characters URLs allow/],
                ['https://monitor.example.com/"', /characters URLs allow/],
            ],
        );
    });

    describe("paths", () => {
        table(
            "absolutePath",
            absolutePath,
            ["/", "/exports/monitor", "/var/run/secrets/kubernetes.io/serviceaccount/ca.crt", "/a/./b", "/a..b/c", `/${a(255)}`],
            [
                ["exports/monitor", /absolute path starting with \//],
                ["", /absolute path/],
                ["/exports/../etc", /without \.\./],
                ["/..", /without \.\./],
                ["/exports/monitor ", /without spaces/],
                ["/exports/mon itor", /without spaces/],
                ["/exports/monitor\n", /line breaks/],
                ["/exports\tmonitor", /tabs/],
                ["/a\u0000b", /control characters/],
                [`/${a(256)}`, /NAME_MAX/],
                [`/${Array.from({ length: 20 }, () => a(250)).join("/")}`, /PATH_MAX/],
            ],
        );

        table(
            "routePath",
            routePath,
            ["/", "/metrics", "/metrics/cadvisor", "/prometheus/", "/api/v1/metrics", "/a-b_c.d~e", "/a:b@c", "/a;b=c,d"],
            [
                ["metrics", /URL path starting with \//],
                ["", /starting with \//],
                ["/metrics?format=prometheus", /without a \?query or #fragment/],
                ["/metrics#x", /without a \?query or #fragment/],
                ["/a/../b", /without \. or \.\. segments/],
                ["/..", /without \. or \.\. segments/],
                ["/./metrics", /without \. or \.\. segments/],
                ["//metrics", /or \/\//],
                ["/a//b", /or \/\//],
                ["/met rics", /without spaces/],
                ["/metrics ", /without spaces/],
                ["/metrics\t", /tabs/],
                ["/metrics\n", /line breaks/],
                ["/a%20b", /without percent-escapes/],
                ["/a\\b", /letters, digits and/],
                ["/a\"b", /letters, digits and/],
                ["/m\u00e9trics", /letters, digits and/],
            ],
        );
    });

    describe("hosts", () => {
        table(
            "dnsSubdomain",
            dnsSubdomain,
            ["monitor", "monitor.example.com", `${a(63)}.com`, subdomainOfLength(253), "1.2.3", "a-b.c-d"],
            [
                [`${a(64)}.com`, /each label at most 63/],
                [a(64), /at most 63/],
                [subdomainOfLength(254), /at most 253 characters/],
                ["-monitor.example.com", /not starting or ending with '-'/],
                ["monitor-.example.com", /not starting or ending with '-'/],
                ["monitor.example.com.", /DNS name/],
                ["Monitor.example.com", /lower-case/],
                ["monitor..example.com", /DNS name/],
                ["monitor_1.example.com", /DNS name/],
                ["", /DNS name/],
            ],
        );

        table(
            "hostName",
            hostName,
            ["monitor.example.com", "elasticsearch-logging", "es-0.es.logging.svc", `${a(63)}.com`, "1a.example.com", "example.123a"],
            [
                [`${a(64)}.com`, /at most 63/],
                [subdomainOfLength(254), /253/],
                ["10.0.0.256", /last label not all digits/],
                ["10.0.0", /last label not all digits/],
                ["example.123", /last label not all digits/],
                ["es.example.com:9200", /without a port.*own key/],
                ["https://es.example.com", /without a scheme/],
            ],
        );

        table(
            "ipAddress",
            ipAddress,
            ["10.0.0.1", "255.255.255.255", "fd00::11", "::1", "2001:db8::1", "::ffff:10.0.0.1", "1:2:3:4:5:6:7:8"],
            [
                [":::::", /an IP address/],
                ["1:2", /an IP address/],
                ["1:2:3:4:5:6:7:8:9", /an IP address/],
                ["10.0.0.256", /an IP address/],
                ["10.0.0", /an IP address/],
                ["010.0.0.1", /an IP address/],
                ["10.0.0.1 ", /an IP address/],
                ["gg::1", /an IP address/],
                ["etcd-0.local", /not host names/],
                ["fe80::1%eth0", /without a zone/],
                ["10.0.0.1:2379", /without a port.*put the port in its own key/],
                ["[fd00::11]:2379", /without a port.*own key/],
                ["[fd00::11]", /without brackets/],
            ],
        );

        table(
            "endpointAddress",
            endpointAddress,
            ["10.0.0.11", "192.168.1.5", "fd00::11", "2001:db8::1", "::ffff:10.0.0.1", "224.0.1.1"],
            [
                ["0.0.0.0", /not unspecified/],
                ["::", /not unspecified/],
                ["127.0.0.1", /not a loopback address/],
                ["127.1.2.3", /loopback/],
                ["::1", /loopback/],
                ["::ffff:127.0.0.1", /loopback/],
                ["169.254.169.254", /link-local \(169\.254/],
                ["fe80::1", /link-local \(fe80/],
                ["febf::1", /link-local \(fe80/],
                ["224.0.0.5", /link-local multicast/],
                ["ff02::1", /link-local multicast/],
                [":::::", /an IP address/],
                ["10.0.0.1:2379", /own key/],
            ],
        );

        table(
            "ipOrHostname",
            ipOrHostname,
            ["10.0.0.10", "fd00::10", "elasticsearch-logging", "nfs.example.com", `${a(63)}.example.com`],
            [
                ["10.0.0.1:9200", /a host without a port.*put the port in its own key/],
                ["elasticsearch-logging:9200", /without a port.*own key/],
                ["[fd00::10]:9200", /without a port/],
                ["http://elasticsearch-logging:9200", /without a scheme/],
                [":::::", /an IP address or a DNS host name/],
                ["10.0.0.256", /an IP address or a DNS host name/],
                [`${a(64)}.example.com`, /at most 63/],
                ["-nfs.example.com", /DNS host name/],
                ["NFS_SERVER", /DNS host name/],
                ["nfs server", /DNS host name/],
            ],
        );
    });

    describe("label keys and values (Kubernetes IsQualifiedName, IsValidLabelValue)", () => {
        table(
            "kubernetesLabelKey",
            kubernetesLabelKey,
            [
                "k8s-app",
                "version",
                "app.kubernetes.io/name",
                "node-role.kubernetes.io/control-plane",
                "kubernetes.io/metadata.name",
                "example.com/Tier_1.x",
                a(63),
                `example.com/${a(63)}`,
                `${subdomainOfLength(253)}/x`,
                "A",
            ],
            [
                [a(64), /at most 63.*has 64 characters/],
                [`example.com/${a(64)}`, /has 64 characters/],
                [`${subdomainOfLength(254)}/x`, /prefix before '\/' is not a DNS subdomain/],
                ["a/b/c", /one '\/' at most/],
                ["/x", /prefix/],
                ["Example.com/x", /prefix/],
                ["x/", /label key/],
                ["", /label key/],
                ["-app", /starts and ends with a letter or digit/],
                ["app-", /starts and ends/],
                ["app name", /label key/],
                ["app:name", /label key/],
            ],
        );

        table(
            "ownLabelKey",
            ownLabelKey,
            ["k8s-app", "app.kubernetes.io/name", "example.com/tier", "kubernetes.example.com/x", "notkubernetes.io/x"],
            [
                ["kubernetes.io/name", /not under kubernetes\.io\/.*reserves/],
                ["k8s.io/name", /not under k8s\.io\//],
                ["node-role.kubernetes.io/worker", /reserves/],
                ["topology.kubernetes.io/zone", /reserves/],
                ["x.k8s.io/y", /reserves/],
                [a(64), /label key/],
            ],
        );

        table(
            "kubernetesLabelValue",
            kubernetesLabelValue,
            ["fluentd-es", "v2.7.0", "A_b.c-1", "1", a(63)],
            [
                ["", /not empty.*opposite/],
                [a(64), /at most 63/],
                ["-fluentd", /starting and ending with a letter or digit/],
                ["fluentd.", /starting and ending/],
                ["fluentd es", /label value/],
                ["a/b", /label value/],
                ["v2.7.0\n", /label value/],
            ],
        );
    });

    describe("names per kind", () => {
        table("dnsLabel", dnsLabel, ["monitor", a(63), "0abc"], [[a(64), /at most 63/], ["Monitor", /lower-case/], ["a.b", /DNS label/]]);

        it(`a StatefulSet name is at most ${MAX_STATEFULSET_NAME_LENGTH} = 63 - '-' - a 10-character revision hash`, () => {
            assert.strictEqual(MAX_STATEFULSET_NAME_LENGTH, 52);
            // The longest revision hash: SafeEncodeString of the largest FNV-32 sum, 4294967295.
            assert.strictEqual(`${a(52)}-${"4294967295"}`.length, 63);
        });

        table(
            "statefulSetName",
            statefulSetName,
            ["monitor", a(52), `monitor-${a(44)}`],
            [
                [a(53), /at most 52 characters.*controller-revision-hash/],
                [a(63), /at most 52/],
                [a(64), /DNS label/],
                ["Monitor", /DNS label/],
                ["monitor.main", /DNS label/],
                ["-monitor", /DNS label/],
            ],
        );

        table(
            "serviceName",
            serviceName,
            ["monitor", "kube-etcd", "a", a(63), "a1"],
            [
                ["1monitor", /starting with a letter/],
                ["0", /RFC 1035/],
                [a(64), /at most 63/],
                ["monitor-", /ending with a letter or digit/],
                ["Monitor", /lower-case/],
                ["monitor.main", /RFC 1035/],
            ],
        );

        for (const [name, check, kind] of [
            ["configMapName", configMapName, "ConfigMap"],
            ["secretName", secretName, "Secret"],
            ["serviceAccountName", serviceAccountName, "ServiceAccount"],
        ] as const) {
            table(
                name,
                check,
                ["log-agent-config-v0.2.0", "monitor-tls", a(253), `${a(100)}.${a(100)}`, "1"],
                [
                    [a(254), new RegExp(`${kind} name .*at most 253`)],
                    ["Monitor", /lower-case/],
                    ["monitor_tls", /DNS subdomain/],
                    ["-monitor", /starting and ending with a letter or digit/],
                    ["monitor.", /DNS subdomain/],
                    ["a..b", /DNS subdomain/],
                ],
            );
        }
    });

    describe("ports", () => {
        table<number | string>(
            "portNumber",
            portNumber,
            [1, 80, 9200, 65535, "1", "65535"],
            [
                [0, /from 1 to 65535/],
                [-1, /from 1 to 65535/],
                [65536, /from 1 to 65535/],
                [1.5, /integer/],
                [Number.NaN, /integer/],
                ["0", /from 1 to 65535/],
                ["65536", /from 1 to 65535/],
                ["080", /port number/],
                ["80 ", /port number/],
                ["http", /port number/],
                ["", /port number/],
            ],
        );

        table(
            "portName",
            portName,
            ["metrics", "http", "http-metrics", "a1", "1a", "abcdefghijklmno", "h2c"],
            [
                ["abcdefghijklmnop", /at most 15/],
                ["123", /at least one letter/],
                ["-metrics", /not starting or ending with '-'/],
                ["metrics-", /not starting or ending with '-'/],
                ["http--metrics", /without '--'/],
                ["Metrics", /lower-case/],
                ["http_metrics", /lower-case letters, digits and '-'/],
                ["", /port name/],
            ],
        );
    });

    describe("fluentd sizes and durations (fluentd 1.6 Config.size_value, Config.time_value)", () => {
        table(
            "fluentdSize",
            fluentdSize,
            ["2M", "512K", "512k", "1G", "1g", "100M", "1T", "1024G", "1048576", "1"],
            [
                ["2MB", /not 2MB or 1\.5M/],
                ["1.5M", /whole number/],
                ["0", /fluentd size/],
                ["0M", /fluentd size/],
                ["-1M", /fluentd size/],
                ["2 M", /fluentd size/],
                ["2Mi", /fluentd size/],
                ["1025G", /at most 1T/],
                ["2T", /at most 1T/],
                ["1099511627777", /at most 1T/],
                ["99999999999999999999T", /at most 1T/],
            ],
        );

        it("fluentdSizeBytes stays exact up to the bound", () => {
            assert.strictEqual(fluentdSizeBytes("1T"), 1024 ** 4);
            assert.strictEqual(fluentdSizeBytes("2M"), 2 * 1024 * 1024);
            assert.ok(Number.isNaN(fluentdSizeBytes("2MB")));
        });

        table(
            "fluentdDuration",
            fluentdDuration,
            ["5s", "30", "0.5", "1m", "1h", "1d", "86400", "24h", "1440m", "86400s"],
            [
                ["0", /positive fluentd duration/],
                ["0s", /positive/],
                ["1.5m", /not 1\.5m, which fluentd reads as 5m/],
                ["1.5s", /whole number with an s, m, h or d suffix/],
                ["5 s", /fluentd duration/],
                ["5ms", /fluentd duration/],
                ["-5", /positive/],
                ["1e3", /fluentd duration/],
                ["2d", /at most 1d/],
                ["25h", /at most 1d/],
                ["86401", /at most 1d \(86400 seconds\)/],
                ["3600000", /milliseconds written where fluentd counts seconds/],
                ["99999999999999999999", /at most 1d/],
            ],
        );
    });

    describe("through the settings, the message names the key and the value", () => {
        function configErrorFor(config: Record<string, any>): ConfigError {
            try {
                loadSettings(plainConfigSource(config));
            } catch (e) {
                assert.ok(e instanceof ConfigError, `expected a ConfigError, got ${e}`);
                return e;
            }
            assert.fail("expected the config to be rejected");
        }

        it("an overflowing retention", () => {
            const config = requiredConfig();
            config.metrics = { ...config.metrics, retention: "10000000000d" };
            assert.match(
                configErrorFor(config).message,
                /cluster-monitoring:metrics\.retention: got "10000000000d", expected a Prometheus duration of at most 106751d/,
            );
        });

        it("a host:port where only a host is expected", () => {
            const config = requiredConfig();
            config.logs = { ...config.logs, search: { ...config.logs?.search, host: "10.0.0.1:9200" } };
            assert.match(
                configErrorFor(config).message,
                /cluster-monitoring:logs\.search\.host: got "10\.0\.0\.1:9200", expected a host without a port .*put the port in its own key/,
            );
        });

        it("an external URL with a tab", () => {
            const config = requiredConfig();
            config.metrics = { ...config.metrics, externalUrl: "http://a\tb.example.com" };
            assert.match(configErrorFor(config).message, /cluster-monitoring:metrics\.externalUrl: got .*expected an absolute http.*tabs/);
        });
    });
});
