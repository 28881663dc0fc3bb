import { FluentdFile, param, section } from "./fluentd-model";
import { FLUENTD_PATHS } from "./layout";

/** system.conf: root_dir gives plugins with an @id a place for their state. */
export function systemConfig(): FluentdFile {
    return [section("system", undefined, [param("root_dir", FLUENTD_PATHS.rootDir)])];
}
