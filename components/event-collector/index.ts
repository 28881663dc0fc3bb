export { EventCollector } from "./event-collector";
