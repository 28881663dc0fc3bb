/**
 * Which images the program deploys have reached their end of life, as of the review date: the
 * production checklist (stack/production-checklist.ts, docs/security.md#production-checklist)
 * prints every image in use against this table. An image matched by no row is printed as "not in
 * the table", never as supported. Review the table, and its date, whenever an image is bumped.
 */
export const IMAGE_SUPPORT_REVIEWED = "2026-11-26";

export interface ImageSupport {
    /** The image reference up to and including the tag's line, e.g. "quay.io/prometheus/prometheus:v3.13.". */
    prefix: string;
    /** "eol": no more fixes; "supported": fixes until `until` (YYYY-MM), when known. */
    status: "eol" | "supported";
    until?: string;
    /** Where the fact comes from. */
    source: string;
}

export const IMAGE_SUPPORT: readonly ImageSupport[] = [
    { prefix: "quay.io/prometheus/prometheus:v2.11.", status: "eol", source: "docs/prometheus-versions.md: 2.11 has not been maintained since 2019; the spec's default" },
    { prefix: "quay.io/prometheus/prometheus:v3.13.", status: "supported", until: "2027-07", source: "3.13 is the long-term-support line, supported until July 2027 (issue 33; GitLab omnibus-gitlab MR 9666)" },
    {
        prefix: "quay.io/oauth2-proxy/oauth2-proxy:v7.15.",
        status: "supported",
        source: "v7.15.3 is the newest tag of oauth2-proxy/oauth2-proxy at its mirror of 2026-07-30 (commit 66b3a17d, 2026-06-09); the project fixes its newest release only",
    },
    {
        prefix: "docker.elastic.co/elasticsearch/elasticsearch-oss:7.10.",
        status: "eol",
        source: "7.10.2 is the last -oss build; Elastic's 7.10 line reached end of life in May 2022 (the in-cluster store is for development only)",
    },
    { prefix: "docker.elastic.co/kibana/kibana-oss:7.10.", status: "eol", source: "as elasticsearch-oss 7.10 (development only)" },
    {
        prefix: "docker.io/opensearchproject/opensearch:3.",
        status: "supported",
        source: "OpenSearch 3 is the maintained major (endoflife.date's OpenSearch page of 2026-04-30: line 3 maintained, latest 3.6.0 of 2026-04-07; line 2 past active support); the in-cluster store of kind opensearch (docs/log-store.md)",
    },
    { prefix: "docker.io/opensearchproject/opensearch-dashboards:3.", status: "supported", source: "released with OpenSearch, of the same version (as opensearch 3)" },
    {
        prefix: "cr.fluentbit.io/fluent/fluent-bit:5.1.",
        status: "supported",
        source: "v5.1.1 is the newest tag of fluent/fluent-bit at its mirror of 2026-08-21 (commit d55459d4); the project maintains its newest line",
    },
    {
        prefix: "quay.io/fluentd_elasticsearch/fluentd:v2.7.",
        status: "eol",
        source: "fluentd 1.6.3 and the add-on image date from 2019 (issue 35); the spec's default log agent line (docs/log-agent.md#release-lines)",
    },
    {
        prefix: "fluent/fluentd-kubernetes-daemonset:v1.19.",
        status: "supported",
        source: "fluentd 1.19 is the maintained LTS line (fluent-package v6; 1.16 went out of support in December 2025; issue 35)",
    },
];

/** The row of an image, if any. */
export function imageSupport(image: string): ImageSupport | undefined {
    return IMAGE_SUPPORT.find((r) => image.startsWith(r.prefix));
}
