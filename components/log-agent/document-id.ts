import { filter, FluentdParam, FluentdSection, param, section } from "./fluentd-model";
import { NODE_NAME_ENV } from "./layout";

/** The record field that carries a document's id from the buffer to the bulk request. */
export const DOCUMENT_ID_KEY = "_hash";

/**
 * A document's id, derived from the line itself so that a line read twice (after a kill with a
 * full buffer, a lost position file, a chunk sent again) overwrites its first copy (#35). The
 * seed is, in this order: the event time's seconds and nanoseconds (the line's own time, which
 * every step keeps), the node's name, the source (the tag without the `raw.` of the container
 * chain's start: a container log file's name, which holds pod, namespace, container and
 * container id, or a node input's tag), the stream, and the text (`log` before the container
 * chain splits it, else `message`, or the journal's `MESSAGE`). Each part is written as its
 * byte length, `:` and its bytes, so two different tuples never give the same seed; SHA-256 of the
 * seed, as 64 hex digits, is the id.
 *
 * Why not elasticsearch_genid: fluent-plugin-elasticsearch 3.5.x (the v2.7.0 image) offers only a
 * random id (`hash_id_key`; lib/fluent/plugin/filter_elasticsearch_genid.rb is the same from v3.5.0
 * to v3.5.6); `use_record_as_seed`, `record_keys` and `hash_type` came in v4.0.10. So
 * record_transformer computes it with Ruby (enable_ruby): Digest is loaded by fluentd 1.6.3's
 * in_forward, which the agent always runs; `.b` takes the bytes, so no line's encoding can
 * raise. `record["_hash"] ||` keeps an id computed earlier: container records get theirs before
 * their text is split (filter_payload_split), every other record in the output label.
 * out_elasticsearch 3.5.x sends `id_key`'s field as the bulk request's `_id`.
 */
export const DOCUMENT_ID_EXPRESSION =
    `record["${DOCUMENT_ID_KEY}"] || Digest::SHA256.hexdigest([time.to_i, time.nsec, ENV["${NODE_NAME_ENV}"], tag.sub(/\\Araw\\./, ""), ` +
    'record["stream"], record["log"] || record["message"] || record["MESSAGE"]].map { |p| p.to_s.b }.map { |s| s.bytesize.to_s + ":" + s }.join)';

export function documentIdParam(): FluentdParam {
    return param(DOCUMENT_ID_KEY, `\${${DOCUMENT_ID_EXPRESSION}}`);
}

/** In the output label: the id of every record that has none yet (node records, container parts that waited too long). */
export function documentIdFilter(): FluentdSection {
    return filter("**", "filter_document_id", "record_transformer", [param("enable_ruby", true), section("record", undefined, [documentIdParam()])]);
}
