import { fluentdSizeBytes } from "../../config/formats";
import { rulesOf } from "../contribution";
import { logAgentGroup } from "./alerts";

/** The log agent's alerts while its job scrapes, against its buffer's total_limit_size (logs.buffer.totalLimitSize). */
export const logAgentRules = rulesOf(
    (c: { logBufferLimitBytes: number }) => [logAgentGroup(c)],
    (s) => (s.metrics.jobs.logAgent ? { logBufferLimitBytes: fluentdSizeBytes(s.logs.buffer.totalLimitSize) } : undefined),
    () => ({ logBufferLimitBytes: 1 }),
);
