package io.caasoperator.hook;

import io.caasoperator.domain.UnitId;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The environment a hook or exec'd command runs with: Juju's variable names, so existing charms
 * run unmodified, the hook tools first on {@code PATH}, and the context token the tools present.
 *
 * @param modelName JUJU_MODEL_NAME
 * @param jujuVersion JUJU_VERSION; the Juju version whose hook-tool behaviour we follow
 * @param toolsDir the directory of hook-tool commands, put first on PATH
 * @param systemPath the rest of PATH
 * @param operatorUrl where hook tools reach the operator's HTTP listener (empty when none)
 * @param caFile the listener's certificate the tools trust (null when plain HTTP)
 * @param toolAddress {@code 127.0.0.1:<port>} of the loopback hook-tool listener, which the tools
 *     of processes on this machine call instead of {@code operatorUrl}; empty when there is none
 */
public record HookEnvironment(
    String modelName, String jujuVersion, Path toolsDir, String systemPath, String operatorUrl, Path caFile,
    String toolAddress) {

  public static final String DEFAULT_JUJU_VERSION = "3.6.0";
  public static final String CONTEXT_TOKEN = "CAAS_OPERATOR_CONTEXT_TOKEN";
  /** Where the tools find the loopback listener; meaningless in a pod, where hooks do not share the operator's loopback. */
  public static final String TOOL_ADDRESS = "CAAS_HOOK_TOOL_ADDRESS";

  public HookEnvironment {
    if (modelName == null || modelName.isBlank()) throw new IllegalArgumentException("model name is empty");
    if (systemPath == null || systemPath.isBlank()) systemPath = "/usr/local/bin:/usr/bin:/bin";
    operatorUrl = operatorUrl == null ? "" : operatorUrl;
    toolAddress = toolAddress == null ? "" : toolAddress;
  }

  /** Without a loopback listener: every tool call goes to {@code operatorUrl}. */
  public HookEnvironment(
      String modelName, String jujuVersion, Path toolsDir, String systemPath, String operatorUrl, Path caFile) {
    this(modelName, jujuVersion, toolsDir, systemPath, operatorUrl, caFile, "");
  }

  public HookEnvironment withOperator(String url, Path ca) {
    return new HookEnvironment(modelName, jujuVersion, toolsDir, systemPath, url, ca, toolAddress);
  }

  /**
   * @param charmView the unit's charm directory as the hook sees it
   * @param hookName e.g. install; null for an exec'd command (no hook variables then)
   * @param workload the container, for pebble-ready; null otherwise
   */
  public Map<String, String> forContext(
      UnitId unit, Path unitDir, Path charmView, String hookName, String workload, String contextId, String token) {
    Map<String, String> env = new HashMap<>();
    env.put("PATH", toolsDir.toAbsolutePath() + ":" + systemPath);
    env.put("LANG", "C.UTF-8");
    env.put("HOME", unitDir.toAbsolutePath().toString());
    env.put("JUJU_UNIT_NAME", unit.name());
    env.put("JUJU_MODEL_NAME", modelName);
    env.put("JUJU_VERSION", jujuVersion);
    env.put("JUJU_CHARM_DIR", charmView.toAbsolutePath().toString());
    env.put("JUJU_CONTEXT_ID", contextId);
    env.put("JUJU_AGENT_SOCKET_NETWORK", "tcp");
    env.put("CHARM_DIR", charmView.toAbsolutePath().toString());
    if (hookName != null) {
      env.put("JUJU_HOOK_NAME", hookName);
      env.put("JUJU_DISPATCH_PATH", "hooks/" + hookName);
    }
    if (workload != null) env.put("JUJU_WORKLOAD_NAME", workload);
    if (!operatorUrl.isEmpty()) env.put("CAAS_OPERATOR_URL", operatorUrl);
    if (caFile != null) env.put("CAAS_OPERATOR_CA_FILE", caFile.toAbsolutePath().toString());
    if (!toolAddress.isEmpty()) env.put(TOOL_ADDRESS, toolAddress);
    if (token != null) env.put(CONTEXT_TOKEN, token);
    return env;
  }
}
