export { LogAgent, LogAgentArgs } from "./log-agent";
export { agentConfigFiles } from "./config-map";
