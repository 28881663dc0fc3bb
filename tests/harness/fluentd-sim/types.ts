import { EventTime } from "./event-time";

export type LogRecord = Record<string, unknown>;

export interface FluentdEvent {
    tag: string;
    time: EventTime;
    record: LogRecord;
}

/** What a plugin may do besides returning events: fluentd's router, label routers and error stream. */
export interface PluginContext {
    now(): EventTime;
    /** The agent container's environment, as Ruby's ENV. */
    env: Record<string, string>;
    /** router.emit from the plugin's own scope (the root, or the label it is declared in). */
    emit(tag: string, time: EventTime, record: LogRecord): void;
    /** event_emitter_router(label).emit */
    emitToLabel(label: string, tag: string, time: EventTime, record: LogRecord): void;
    /** router.emit_error_event: to <label @ERROR> if there is one, else logged as "dump an error event" and dropped. */
    emitError(tag: string, time: EventTime, record: LogRecord, error: string): void;
}

export interface FilterPlugin {
    filter(e: FluentdEvent): FluentdEvent[];
    /** Called once per simulated second, as the plugins' 1 s timers run. */
    tick?(): void;
    shutdown?(): void;
}

export interface OutputPlugin {
    emit(e: FluentdEvent): void;
    tick?(): void;
    shutdown?(): void;
}
