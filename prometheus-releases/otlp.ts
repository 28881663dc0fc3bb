import { versionAtLeast } from "./scrape-config-keys";

/**
 * Prometheus' OTLP receiver (docs/otlp.md), per release, read from github.com/prometheus/prometheus
 * at each tag, not from memory:
 * - cmd/prometheus/main.go: `--enable-feature=otlp-write-receiver` sets EnableOTLPWriteReceiver from
 *   v2.47.0 (absent at v2.46.0) to v2.55.1; v3.0.0 replaced it with the flag
 *   `--web.enable-otlp-receiver` (v3.0.0 to v3.14.0), and 3.x only warns "Unknown option for
 *   --enable-feature" on the old feature name, leaving the receiver off;
 * - web/api/v1/api.go: `r.Post("/otlp/v1/metrics", ...)` under the API prefix /api/v1 at v2.53.0,
 *   v2.55.0, v3.5.0 and v3.14.0: the push path is <routePrefix>api/v1/otlp/v1/metrics, 404 while
 *   the receiver is off;
 * - config/config.go: the top-level `otlp` key (`OTLPConfig ... yaml:"otlp,omitempty"`) is absent
 *   at v2.53.0 to v2.54.0 (whose strict parser refuses it) and present from v2.55.0 on.
 */
export type OtlpReceiver =
    /** 2.47 to 2.55: an experimental feature. */
    | { kind: "feature"; feature: "otlp-write-receiver"; arg: "--enable-feature=otlp-write-receiver" }
    /** 3.0 on: a flag of its own. */
    | { kind: "flag"; arg: "--web.enable-otlp-receiver" };

export const OTLP_FEATURE_SINCE = "2.47.0";
export const OTLP_FLAG_SINCE = "3.0.0";

/** How a version switches the receiver on, or undefined when it has none (2.11). */
export function otlpReceiver(version: string): OtlpReceiver | undefined {
    if (versionAtLeast(version, OTLP_FLAG_SINCE)) {
        return { kind: "flag", arg: "--web.enable-otlp-receiver" };
    }
    if (versionAtLeast(version, OTLP_FEATURE_SINCE)) {
        return { kind: "feature", feature: "otlp-write-receiver", arg: "--enable-feature=otlp-write-receiver" };
    }
    return undefined;
}

/**
 * The keys of prometheus.yml's `otlp` block, with the first release whose parser reads each: the
 * yaml tags of `type OTLPConfig struct` in config/config.go at v2.55.0 and every v3.N.0 from
 * v3.0.0 to v3.14.0 (the same at v2.55.1, v3.5.5, v3.13.2). Checked per minor version, since the
 * 3.5 to 3.14 line gained keys within it. Prometheus parses the file strictly: a key its line
 * lacks stops it at start and at every reload.
 */
export const OTLP_CONFIG_KEYS_SINCE: Readonly<Record<string, string>> = {
    /** v2.55.0 (the block's first key). */
    promote_resource_attributes: "2.55.0",
    /** v3.0.0. */
    translation_strategy: "3.0.0",
    /** absent at v3.0.0, present at v3.1.0. */
    keep_identifying_resource_attributes: "3.1.0",
    /** absent at v3.3.0, present at v3.4.0. */
    convert_histograms_to_nhcb: "3.4.0",
    /** absent at v3.4.0, present at v3.5.0. */
    promote_all_resource_attributes: "3.5.0",
    ignore_resource_attributes: "3.5.0",
    /** absent at v3.5.0, present at v3.6.0. */
    promote_scope_metadata: "3.6.0",
    /** absent at v3.7.0, present at v3.8.0; both default to true there (DefaultOTLPConfig). */
    label_name_underscore_sanitization: "3.8.0",
    label_name_preserve_multiple_underscores: "3.8.0",
};

/** The block itself: config/config.go's `Config.OTLPConfig`, from v2.55.0. */
export const OTLP_BLOCK_SINCE = "2.55.0";

/**
 * translation_strategy's values, with the first release that accepts each: config/config.go's
 * `translationStrategyOption` constants and Load's switch at v3.0.0 (UnderscoreEscapingWithSuffixes,
 * NoUTF8EscapingWithSuffixes), v3.4.0 (NoTranslation) and v3.6.0 (UnderscoreEscapingWithoutSuffixes);
 * from v3.7.0 the same strings are github.com/prometheus/otlptranslator v1.0.0's (strategy.go).
 * Load refuses any other value ("unsupported OTLP translation strategy"), and NoTranslation and
 * NoUTF8EscapingWithSuffixes under global metric_name_validation_scheme legacy, which the program
 * never writes (3.x defaults to utf8).
 */
export const OTLP_TRANSLATION_STRATEGIES_SINCE = {
    UnderscoreEscapingWithSuffixes: "3.0.0",
    NoUTF8EscapingWithSuffixes: "3.0.0",
    NoTranslation: "3.4.0",
    UnderscoreEscapingWithoutSuffixes: "3.6.0",
} as const;

export type OtlpTranslationStrategy = keyof typeof OTLP_TRANSLATION_STRATEGIES_SINCE;

/** The keys of a rendered `otlp` block that `version`'s parser would refuse, with when each came. */
export function otlpKeysTheLineLacks(block: Record<string, unknown>, version: string): { key: string; since: string }[] {
    return Object.keys(block)
        .map((key) => ({ key, since: OTLP_CONFIG_KEYS_SINCE[key] ?? "never" }))
        .filter((k) => k.since === "never" || !versionAtLeast(version, k.since));
}
