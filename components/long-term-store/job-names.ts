import { LONG_TERM_STORE_KEY, Settings } from "../../config";
import { claimKey, fixedJob } from "../common/scrape/job-claims";
import { JobNameClaims } from "../contribution";
import { LONG_TERM_STORE_JOB_NAME, VMAUTH_JOB_NAME } from "./layout";

/** The store's job while it runs, and its vmauth's while edges write to it. */
export function longTermStoreJobNames(s: Settings): JobNameClaims {
    const l = s.longTermStore;
    return {
        own: [
            fixedJob(LONG_TERM_STORE_JOB_NAME, claimKey(LONG_TERM_STORE_KEY, "enabled"), l.enabled),
            fixedJob(VMAUTH_JOB_NAME, claimKey(LONG_TERM_STORE_KEY, "edges"), l.enabled && l.edges.length > 0),
        ],
    };
}
